/**
 * Configuration profiles (README "Configuration profiles"): the platform CRUD with its tenant, permission and audit
 * rules, and `configurationId` on the model routes, with the precedence request config > profile > defaults.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SolvingRequest } from "../../schemas/solving-request";
import { driveToCompletion, smallInput } from "./helpers";
import { call, createKey, createTenant, ok, PLATFORM, SCHEDULES } from "./platform-helpers";

const PROFILES = `${PLATFORM}/models/employee-scheduling/configurations`;

interface Profile {
  id: string;
  name: string;
  description: string | null;
  runConfiguration: { maxThreadCount?: number; termination?: Record<string, unknown> };
  modelConfiguration: { overrides?: Record<string, number> };
  defaultConfigProfileId: string | null;
  updatedAt: string;
}

function createProfile(body: Record<string, unknown>, as = {}): Promise<Profile> {
  return ok(call(PROFILES, { ...as, method: "POST", json: body }));
}

async function errorOf(res: Response | Promise<Response>, status: number) {
  const r = await res;
  const body = await r.json<{ id: string; code: string; message: string; details: string }>();
  expect(r.status, JSON.stringify(body)).toBe(status);
  expect(typeof body.id).toBe("string");
  return body;
}

async function submit(query: string, config?: Record<string, unknown>) {
  const res = await call(`${SCHEDULES}${query}`, { method: "POST", json: { modelInput: smallInput(), config } });
  return { status: res.status, body: await res.json<{ id: string; tags: string[]; details?: string[] }>() };
}

describe("configuration profiles: platform API", () => {
  it("creates, reads by id or name, lists, updates and deletes, with an audit entry for each change", async () => {
    const created = await createProfile({
      name: "night-shift",
      description: "Long runs",
      runConfiguration: { termination: { spentLimit: "PT30S", stepCountLimit: 500 }, maxThreadCount: 2 },
      modelConfiguration: { overrides: { balanceTimeWorkedWeight: 7 } },
    });
    expect(created).toMatchObject({
      name: "night-shift",
      description: "Long runs",
      runConfiguration: { termination: { spentLimit: "PT30S", stepCountLimit: 500 }, maxThreadCount: 2 },
      modelConfiguration: { overrides: { balanceTimeWorkedWeight: 7 } },
      defaultConfigProfileId: null,
    });
    expect(await ok(call(`${PROFILES}/${created.id}`))).toEqual(created);
    expect(await ok(call(`${PROFILES}/night-shift`))).toEqual(created);

    // A profile started from another one gets its settings where it gives none.
    const derived = await createProfile({
      name: "night-shift-heavy",
      defaultConfigProfileId: "night-shift",
      modelConfiguration: { overrides: { balanceShiftCountWeight: 3 } },
    });
    expect(derived.defaultConfigProfileId).toBe(created.id);
    expect(derived.runConfiguration).toEqual(created.runConfiguration);
    expect(derived.modelConfiguration.overrides).toEqual({ balanceTimeWorkedWeight: 7, balanceShiftCountWeight: 3 });

    const list = await ok<Profile[]>(call(PROFILES));
    expect(list.map((p) => p.name)).toEqual(["night-shift", "night-shift-heavy"]);

    const updated = await ok<Profile>(
      call(`${PROFILES}/${created.id}`, { method: "PUT", json: { runConfiguration: { termination: { stepCountLimit: 50 } } } }),
    );
    expect(updated.runConfiguration).toEqual({ termination: { stepCountLimit: 50 } });
    expect(updated.modelConfiguration).toEqual(created.modelConfiguration);
    expect(updated.name).toBe("night-shift");

    const remaining = await ok<Profile[]>(call(`${PROFILES}/night-shift-heavy`, { method: "DELETE" }));
    expect(remaining.map((p) => p.name)).toEqual(["night-shift"]);
    await errorOf(call(`${PROFILES}/night-shift-heavy`), 404);

    const audit = await ok<Array<{ action: string; resourceId: string }>>(call(`${PLATFORM}/audit-log?resourceType=CONFIGURATION`));
    expect(audit.map((a) => a.action).sort()).toEqual(["CONFIGURATION_CREATED", "CONFIGURATION_CREATED", "CONFIGURATION_DELETED", "CONFIGURATION_UPDATED"]);
    // Clean up for the other tests of this file (storage lasts for the file).
    await ok(call(`${PROFILES}/night-shift`, { method: "DELETE" }));
  });

  it("refuses weights above the maximum, unknown fields, duplicate and reserved names, and unknown models", async () => {
    const tooHeavy = await errorOf(
      call(PROFILES, { method: "POST", json: { name: "heavy", modelConfiguration: { overrides: { balanceTimeWorkedWeight: 1_000_000_000_001 } } } }),
      400,
    );
    expect(tooHeavy.details).toMatch(/modelConfiguration\.overrides\.balanceTimeWorkedWeight/);
    const unknownWeight = await errorOf(call(PROFILES, { method: "POST", json: { name: "x", modelConfiguration: { overrides: { noSuchWeight: 1 } } } }), 400);
    expect(unknownWeight.details).toMatch(/noSuchWeight: unknown field/);
    const maps = await errorOf(call(PROFILES, { method: "POST", json: { name: "x", mapsConfiguration: { provider: "osm" } } }), 400);
    expect(maps.details).toMatch(/mapsConfiguration: unknown field/);
    const reserved = await errorOf(call(PROFILES, { method: "POST", json: { name: "default" } }), 400);
    expect(reserved.details).toMatch(/name/);
    const badBase = await errorOf(call(PROFILES, { method: "POST", json: { name: "x", defaultConfigProfileId: "nope" } }), 400);
    expect(badBase.details).toMatch(/defaultConfigProfileId/);
    await errorOf(call(`${PLATFORM}/models/vehicle-routing/configurations`), 404);

    const first = await createProfile({ name: "dup" });
    await errorOf(call(PROFILES, { method: "POST", json: { name: "dup" } }), 409);
    const tooHeavyUpdate = await errorOf(
      call(`${PROFILES}/dup`, { method: "PUT", json: { modelConfiguration: { overrides: { balanceTimeWorkedWeight: 2e12 } } } }),
      400,
    );
    expect(tooHeavyUpdate.details).toMatch(/balanceTimeWorkedWeight/);
    expect(await ok<Profile>(call(`${PROFILES}/dup`))).toEqual(first); // nothing written
    await ok(call(`${PROFILES}/dup`, { method: "DELETE" }));
  });

  it("belongs to one tenant and needs a tenant administrator", async () => {
    const mine = await createProfile({ name: "mine" });
    const other = await createTenant("ProfilesOther");
    await errorOf(call(`${PROFILES}/${mine.id}`, other.as), 404);
    await errorOf(call(`${PROFILES}/mine`, { ...other.as, method: "DELETE" }), 404);
    expect(await ok<Profile[]>(call(PROFILES, other.as))).toEqual([]);
    // The other tenant may use the same name; its datasets cannot name this tenant's profile.
    await createProfile({ name: "mine" }, other.as);
    const apiKey = await createKey({ name: "model key" });
    await errorOf(call(PROFILES, { key: apiKey.key }), 403);
    await errorOf(call(PROFILES, { key: apiKey.key, method: "POST", json: { name: "by-key" } }), 403);
    const otherKey = await createKey({ name: "other model key" }, other.as);
    const res = await call(`${SCHEDULES}?configurationId=${mine.id}`, { key: otherKey.key, method: "POST", json: { modelInput: smallInput() } });
    expect(res.status).toBe(400);
    await ok(call(`${PROFILES}/mine`, { method: "DELETE" }));
  });
});

describe("configurationId on the model routes", () => {
  it("puts the profile beneath the request's own config, field by field, and tags the dataset", async () => {
    await createProfile({
      name: "quick",
      runConfiguration: { termination: { stepCountLimit: 40, spentLimit: "PT20S" }, maxThreadCount: 1 },
      modelConfiguration: { overrides: { balanceTimeWorkedWeight: 7, balanceShiftCountWeight: 3 } },
    });
    const { status, body } = await submit("?configurationId=quick", {
      run: { termination: { spentLimit: "PT10S" }, tags: ["mine"] },
      model: { overrides: { balanceShiftCountWeight: 9 } },
    });
    expect(status).toBe(202);
    expect(body.tags).toEqual(expect.arrayContaining(["mine", "system.profile:quick", "system.type:from-request"]));
    expect(body.tags).not.toContain("system.profile:default");
    const config = await ok<SolvingRequest["config"]>(call(`${SCHEDULES}/${body.id}/config`));
    expect(config!.run!.termination).toEqual({ stepCountLimit: 40, spentLimit: "PT10S" });
    expect(config!.model!.overrides).toEqual({ balanceTimeWorkedWeight: 7, balanceShiftCountWeight: 9 });

    // The run stops at the profile's step limit, and the score analysis weighs with the profile's weight.
    await driveToCompletion(body.id);
    const done = await ok<{ metadata: { solverStatus: string } }>(call(`${SCHEDULES}/${body.id}`));
    expect(done.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    const analysis = await ok<{ constraints: Array<{ name: string; weight: string }> }>(call(`${SCHEDULES}/${body.id}/score-analysis`));
    const weightOf = (name: string) => analysis.constraints.find((c) => c.name === name)?.weight;
    expect(weightOf("Balance time worked")).toMatch(/(^|\/)-?7soft$/);
    expect(weightOf("Balance shift count")).toMatch(/(^|\/)-?9soft$/);

    // Without a profile the same request has the defaults.
    const plain = await submit("");
    expect(plain.body.tags).toContain("system.profile:default");
    const plainConfig = await ok<SolvingRequest["config"]>(call(`${SCHEDULES}/${plain.body.id}/config`));
    expect(plainConfig ?? {}).toEqual({});
  });

  it("an unknown profile is a 400 naming configurationId, and nothing is stored", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM datasets").first<{ n: number }>();
    const { status, body } = await submit("?configurationId=no-such-profile");
    expect(status).toBe(400);
    expect(body.details!.join(" ")).toMatch(/^configurationId: unknown profile 'no-such-profile'/);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM datasets").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    // 'default' is the built-in profile.
    expect((await submit("?configurationId=default")).status).toBe(202);
  });

  it("applies to score analysis, recommendations, from-input and from-patch", async () => {
    const profile = await createProfile({ name: "weights", modelConfiguration: { overrides: { balanceTimeWorkedWeight: 11 } } });
    const input = smallInput();
    input.shifts = input.shifts.map((s, i) => ({ ...s, employee: i % 2 ? "Ann" : "Carl" }));
    const analysis = await ok<{ constraints: Array<{ name: string; weight: string }> }>(
      call(`${SCHEDULES}/score-analysis?configurationId=${profile.id}`, { method: "POST", json: { modelInput: input } }),
    );
    expect(analysis.constraints.find((c) => c.name === "Balance time worked")!.weight).toMatch(/(^|\/)-?11soft$/);
    // This route's 400 is the reference LegacyValidationResult.
    const unknown = await call(`${SCHEDULES}/score-analysis?configurationId=nope`, { method: "POST", json: { modelInput: input } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<{ summary: string; errors: string[] }>()).errors[0]).toMatch(/^configurationId/);

    const open = smallInput();
    const recommend = (query: string) =>
      call(`${SCHEDULES}/recommendations/recommend-employees${query}`, {
        method: "POST",
        json: { maxNumberOfRecommendations: 4, fitShiftId: "d1-late", modelInput: open },
      });
    expect((await recommend("?configurationId=weights")).status).toBe(200);
    await errorOf(recommend("?configurationId=nope"), 400);

    const parent = await submit("?operation=NONE");
    const child = await ok<{ id: string; tags: string[] }>(
      call(`${SCHEDULES}/${parent.body.id}/from-input?configurationId=weights&operation=NONE`, { method: "POST" }),
      202,
    );
    expect(child.tags).toContain("system.profile:weights");
    const childConfig = await ok<SolvingRequest["config"]>(call(`${SCHEDULES}/${child.id}/config`));
    expect(childConfig!.model!.overrides).toEqual({ balanceTimeWorkedWeight: 11 });
    // A grandchild without configurationId keeps the settings and the tag it inherits.
    const grandchild = await ok<{ id: string; tags: string[] }>(
      call(`${SCHEDULES}/${child.id}/from-patch?operation=NONE`, {
        method: "POST",
        json: { patch: [{ op: "replace", path: "/shifts[id=d1-late]/end", value: "2027-03-01T21:00:00+01:00" }] },
      }),
      202,
    );
    expect(grandchild.tags).toContain("system.profile:weights");
    const grandConfig = await ok<SolvingRequest["config"]>(call(`${SCHEDULES}/${grandchild.id}/config`));
    expect(grandConfig!.model!.overrides).toEqual({ balanceTimeWorkedWeight: 11 });
  });
});
