/**
 * Hostile input at the perimeter (README "Limits against abuse"): regular expressions from tenants, webhook targets,
 * CORS, security headers and request rates. Everything goes through the real HTTP surface inside workerd; webhooks
 * go to the real 127.0.0.1 receiver of the global setup (allowed by WEBHOOK_ALLOWED_HOSTS in vitest.config.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { smallInput } from "./helpers";
import { call, createKey, createTenant, ok, PLATFORM, received, scenario, SCHEDULES, waitFor, type Req } from "./platform-helpers";

const EVIL_REGEX = "^(a+)+$";
/** Backtracking engines take ~2^31 steps on this name against EVIL_REGEX; RE2 takes one pass. */
const EVIL_NAME = `${"a".repeat(31)}!`;

async function postWebhook(admin: Req, body: Record<string, unknown>): Promise<Response> {
  return call(`${PLATFORM}/webhooks`, { ...admin, method: "POST", json: body });
}

describe("regular expressions from tenants run on a linear-time engine", () => {
  let attacker: Req;
  let attackerKey: string;
  let victimKey: string;

  beforeAll(async () => {
    const a = await createTenant("Attacker");
    attacker = a.as;
    attackerKey = (await createKey({ name: "attacker" }, attacker)).key;
    const v = await createTenant("Victim");
    victimKey = (await createKey({ name: "victim" }, v.as)).key;
  });

  it("another tenant's GET answers within 2 s while a pathological filter meets a matching name (fairness)", async () => {
    const url = await scenario("redos");
    await ok(postWebhook(attacker, { url, filters: { datasetNameRegex: EVIL_REGEX } }), 201);
    // A duplicate shift id makes the input invalid: DATASET_INVALID is an event, fanned out during this very POST.
    const input = smallInput();
    input.shifts.push({ ...input.shifts[0] });
    const attack = call(SCHEDULES, { key: attackerKey, method: "POST", json: { modelInput: input, config: { run: { name: EVIL_NAME } } } });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const res = await call(SCHEDULES, { key: victimKey });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect((await attack).status).toBe(400);
    expect(elapsed).toBeLessThan(2_000);
    // Anchored ^...$ does not match "aaa...!", so nothing is delivered; a name that matches is delivered.
    const ok2 = call(SCHEDULES, { key: attackerKey, method: "POST", json: { modelInput: input, config: { run: { name: "aaaa" } } } });
    expect((await ok2).status).toBe(400);
    const got = await waitFor("the matching event", () => received("redos"), (r) => r.length >= 1);
    expect(got.map((d) => (JSON.parse(d.body) as { name: string }).name)).toEqual(["aaaa"]);
  });

  it.each([
    ["([", "missing closing"],
    ["(a)\\1", "invalid escape"],
    ["(?=a)", "unsupported"],
    ["a".repeat(1001), "at most 1000"],
  ])("refuses %s at save time with a 400 naming filters.datasetNameRegex", async (regex, why) => {
    const res = await postWebhook(attacker, { url: "https://hooks.example.com/x", filters: { datasetNameRegex: regex } });
    const body = await res.json<{ code: string; details: string[] }>();
    expect(res.status).toBe(400);
    expect(body.details.join("\n")).toContain("filters.datasetNameRegex");
    expect(body.details.join("\n")).toContain(why);
  });
});
