/** Every dataset endpoint beyond submit/get/list/delete (spec §2.3, §2.4, §3, §4), through the real Worker. */
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, driveToCompletion, getDataset, ROOT, smallInput, stubOf, submit } from "./helpers";

const FAST = { run: { termination: { stepCountLimit: 2000 } } };

async function submitted(body: unknown, query = ""): Promise<string> {
  const res = await api(`${ROOT}${query}`, { method: "POST", body: JSON.stringify(body) });
  expect(res.status).toBe(202);
  return (await res.json<{ id: string }>()).id;
}

describe("operation=NONE and solving later", () => {
  it("scores the given assignment (DATASET_COMPUTED), then solves on POST /{id}", async () => {
    const input = smallInput();
    input.shifts[0].employee = "Dora"; // lacks the Nurse skill: -1hard
    const res = await api(`${ROOT}?operation=NONE`, { method: "POST", body: JSON.stringify({ modelInput: input, config: FAST }) });
    expect(res.status).toBe(202);
    const ack = await res.json<{ id: string; solverStatus: string }>();
    expect(ack.solverStatus).toBe("DATASET_VALIDATED");
    await runDurableObjectAlarm(stubOf(ack.id));
    const computed = await getDataset(ack.id);
    expect(computed.metadata.solverStatus).toBe("DATASET_COMPUTED");
    // 11 shifts unassigned: 10 at priority 1 (-10 each) and 3 doctor shifts at priority 2 (-9 each), minus the assigned one.
    expect(computed.metadata.score).toBe("-1hard/-107medium/0soft");
    expect(computed.metadata.startDateTime).toBeUndefined();
    expect(computed.modelOutput!.shifts[0].employee).toBe("Dora");
    expect(computed.kpis!.assignedShifts).toBe(1);
    expect((await stubOf(ack.id).getHistory())!.map((h) => h.status)).toEqual([
      "DATASET_CREATED",
      "DATASET_VALIDATED",
      "DATASET_COMPUTED",
    ]);

    const solve = await api(`${ROOT}/${ack.id}`, { method: "POST" });
    expect(solve.status).toBe(202);
    expect((await solve.json<{ solverStatus: string }>()).solverStatus).toBe("SOLVING_SCHEDULED");
    await driveToCompletion(ack.id);
    const solved = await getDataset(ack.id);
    expect(solved.metadata.score).toBe("0hard/0medium/0soft");
    expect((await stubOf(ack.id).getHistory())!.map((h) => h.status)).toEqual([
      "DATASET_CREATED",
      "DATASET_VALIDATED",
      "DATASET_COMPUTED",
      "SOLVING_SCHEDULED",
      "SOLVING_STARTED",
      "SOLVING_ACTIVE",
      "SOLVING_COMPLETED",
    ]);
    const again = await api(`${ROOT}/${ack.id}`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json<{ message: string }>()).message).toMatch(/SOLVING_COMPLETED/);
  });
});

describe("reading a dataset's parts", () => {
  it("serves metadata, run, input, config and model-request", async () => {
    const config = { run: { name: "parts", tags: ["t1"], termination: { stepCountLimit: 10 } } };
    const id = await submitted({ modelInput: smallInput(), config });
    const metadata = await (await api(`${ROOT}/${id}/metadata`)).json<{ id: string; name: string }>();
    expect(metadata).toMatchObject({ id, name: "parts" });
    expect(await (await api(`${ROOT}/${id}/run`)).json()).toEqual(metadata);
    expect(await (await api(`${ROOT}/${id}/input`)).json()).toEqual(smallInput());
    expect(await (await api(`${ROOT}/${id}/config`)).json()).toEqual(config);
    expect(await (await api(`${ROOT}/${id}/model-request`)).json()).toEqual({ config, modelInput: smallInput() });
    for (const sub of ["metadata", "input", "config", "model-request", "validation-result", "score-analysis"]) {
      expect((await api(`${ROOT}/no-such-dataset/${sub}`)).status).toBe(404);
    }
  });

  it("renames and retags with PATCH metadata (and the deprecated PATCH run), keeping system tags", async () => {
    const id = await submitted({ modelInput: smallInput(), config: FAST });
    const res = await api(`${ROOT}/${id}/metadata`, { method: "PATCH", body: JSON.stringify({ name: "renamed", tags: ["a", "b"] }) });
    expect(res.status).toBe(200);
    const m = await res.json<{ name: string; tags: string[] }>();
    expect(m.name).toBe("renamed");
    expect(m.tags.sort()).toEqual(["a", "b", "system.profile:default", "system.type:from-request"]);
    const viaRun = await api(`${ROOT}/${id}/run`, { method: "PATCH", body: JSON.stringify({ tags: ["c"] }) });
    expect((await viaRun.json<{ tags: string[] }>()).tags).toContain("c");
    const list = await (await api(ROOT)).json<Array<{ id: string; name: string }>>();
    expect(list.find((d) => d.id === id)?.name).toBe("renamed");
    const bad = await api(`${ROOT}/${id}/metadata`, { method: "PATCH", body: JSON.stringify({ name: 5 }) });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ details: string }>()).details).toContain("name");
  });
});

describe("validation results and issue types", () => {
  it("reports warnings machine-readably", async () => {
    const input = smallInput();
    input.shifts[1].employee = "Ghost";
    const id = await submitted({ modelInput: input, config: FAST });
    const result = await (await api(`${ROOT}/${id}/validation-result`)).json<{ status: string; issues: Array<Record<string, unknown>> }>();
    expect(result.status).toBe("WARNINGS");
    expect(result.issues).toEqual([
      { id: 1, code: "SHIFT_UNKNOWN_EMPLOYEE", severity: "WARNING", detail: { shiftId: "d1-early-b", employee: "Ghost" } },
    ]);
  });

  it("reports errors of an invalid dataset", async () => {
    const input = smallInput();
    input.employees[0] = { ...input.employees[0], contracts: ["full-time"] };
    const res = await submit({ modelInput: input });
    expect(res.status).toBe(400);
    const id = /Dataset ([0-9a-f-]{36})/.exec((await res.json<{ message: string }>()).message)![1];
    const result = await (await api(`${ROOT}/${id}/validation-result`)).json<{ status: string; issues: Array<{ code: string }> }>();
    expect(result.status).toBe("ERRORS");
    expect(result.issues.map((i) => i.code)).toEqual(["EMPLOYEE_UNKNOWN_CONTRACT"]);
    expect((await api(`${ROOT}/${id}/score-analysis`)).status).toBe(400);
  });

  it("lists the issue types and serves one by code", async () => {
    const list = await (await api(`${ROOT}/validation-issue-types`)).json<{ issueTypes: Array<{ code: string; severity: string; metadata: Array<{ message: string }> }> }>();
    const codes = list.issueTypes.map((t) => t.code);
    expect(codes).toEqual(expect.arrayContaining(["SHIFT_UNKNOWN_EMPLOYEE", "EMPLOYEE_REQUIRED_TAGS_IGNORED", "DUPLICATE_ID", "TOO_MANY_SHIFTS"]));
    const wrapped = await (await api(`${ROOT}/validation-issue-types/SHIFT_UNKNOWN_EMPLOYEE`)).json<{ issueTypes: Array<{ severity: string; metadata: Array<{ message: string }> }> }>();
    expect(wrapped.issueTypes).toHaveLength(1);
    const one = wrapped.issueTypes[0];
    expect(one.severity).toBe("WARNING");
    expect(one.metadata[0].message).toMatch(/unknown|not in the input/);
    expect((await api(`${ROOT}/validation-issue-types/NOPE`)).status).toBe(404);
  });
});

describe("score analysis", () => {
  it("of a dataset adds up to its score", async () => {
    const input = smallInput();
    input.shifts.push({ id: "nobody", start: "2027-03-01T08:00:00+01:00", end: "2027-03-01T10:00:00+01:00", requiredSkills: ["Surgeon"] });
    const id = await submitted({ modelInput: input, config: FAST });
    await driveToCompletion(id);
    const done = await getDataset(id);
    const analysis = await (await api(`${ROOT}/${id}/score-analysis?includeJustifications=true`)).json<{
      score: string;
      constraints: Array<{ name: string; score: string; matchCount: number; weight: string }>;
    }>();
    expect(analysis.score).toBe(done.metadata.score);
    const sum = { hard: 0, medium: 0, soft: 0 };
    for (const c of analysis.constraints) {
      const [h, m, s] = /^(-?\d+)hard\/(-?\d+)medium\/(-?\d+)soft$/.exec(c.score)!.slice(1).map(Number);
      sum.hard += h;
      sum.medium += m;
      sum.soft += s;
    }
    expect(`${sum.hard}hard/${sum.medium}medium/${sum.soft}soft`).toBe(analysis.score);
    const unassigned = analysis.constraints.find((c) => c.name === "Unassigned shift")!;
    expect(unassigned).toMatchObject({ matchCount: 1, score: "0hard/-10medium/0soft" });
    // Justifications: one match per counted match, naming the shift, adding up to the constraint's score.
    const withMatches = analysis.constraints as unknown as Array<{ score: string; matchCount: number; matches: Array<{ score: string; justification: Record<string, unknown> }> }>;
    for (const c of withMatches) expect(c.matches).toHaveLength(c.matchCount);
    const match = (unassigned as unknown as { matches: Array<{ score: string; justification: { description: string } }> }).matches[0];
    expect(match.score).toBe("0hard/-10medium/0soft");
    expect(JSON.stringify(match.justification)).toContain("nobody");
    expect(match.justification.description.length).toBeGreaterThan(10);
    const plain = await (await api(`${ROOT}/${id}/score-analysis`)).json<{ constraints: Array<{ matches?: unknown }> }>();
    expect(plain.constraints.every((c) => c.matches === undefined)).toBe(true);

    // Per-employee metrics and the KPIs of spec §2.7.
    expect(done.modelOutput!.employees!.map((e) => e.id)).toEqual(input.employees.map((e) => e.id));
    const worked = done.modelOutput!.employees!.reduce((n, e) => n + e.metrics.assignedShifts, 0);
    expect(worked).toBe(done.kpis!.assignedShifts);
    expect(done.modelOutput!.employees![0].metrics.durationWorked).toMatch(/^PT\d+M$/);
    expect(done.kpis).toHaveProperty("averageDurationOfEmployeesPreferencesMet");
    expect(done.kpis!.workingTimeFairnessPercentage).toBeNull(); // no balanceTimeWorkedRules in this input
  });

  it("of a supplied schedule (POST), with no dataset stored", async () => {
    const input = smallInput();
    input.shifts[0].employee = "Ann";
    input.shifts[1].employee = "Ann"; // same time: 480 minutes of overlap
    const res = await api(`${ROOT}/score-analysis`, { method: "POST", body: JSON.stringify({ modelInput: input }) });
    expect(res.status).toBe(200);
    const analysis = await res.json<{ score: string; constraints: Array<{ name: string; score: string; matchCount: number }> }>();
    expect(analysis.constraints.find((c) => c.name === "Overlapping shift")).toMatchObject({ score: "-480hard/0medium/0soft", matchCount: 1 });
    expect(analysis.score).toMatch(/^-480hard\//);
  });
});

describe("purge and restore", () => {
  it("refuses to purge while solving, hides a purged dataset, and restores it", async () => {
    const id = await submitted({ modelInput: smallInput(), config: FAST });
    const refused = await api(`${ROOT}/${id}/purge`, { method: "DELETE" });
    expect(refused.status).toBe(400);
    await driveToCompletion(id);
    const purged = await api(`${ROOT}/${id}/purge`, { method: "DELETE" });
    expect(purged.status).toBe(200);
    expect((await purged.json<{ metadata: { id: string } }>()).metadata.id).toBe(id);
    expect((await api(`${ROOT}/${id}`)).status).toBe(404);
    expect((await (await api(ROOT)).json<Array<{ id: string }>>()).some((d) => d.id === id)).toBe(false);
    expect((await api(`${ROOT}/${id}/purge`, { method: "DELETE" })).status).toBe(404);
    // The retention alarm, fired early, keeps the data.
    await runDurableObjectAlarm(stubOf(id));
    const restored = await api(`${ROOT}/${id}`, { method: "PUT" });
    expect(restored.status).toBe(204);
    expect((await getDataset(id)).metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect((await api(`${ROOT}/${id}`, { method: "PUT" })).status).toBe(404);
  });
});

describe("events", () => {
  it("streams metadata changes until the final status", async () => {
    const id = await submitted({ modelInput: smallInput(), config: FAST });
    const res = await api(`${ROOT}/${id}/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/event-stream/);
    const reading = (async () => {
      const text = await res.text();
      return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]) as { solverStatus: string });
    })();
    await driveToCompletion(id);
    const events = await reading;
    const statuses = [...new Set(events.map((e) => e.solverStatus))];
    expect(statuses[0]).toBe("SOLVING_SCHEDULED");
    expect(statuses[statuses.length - 1]).toBe("SOLVING_COMPLETED");
    expect(statuses).toEqual(["SOLVING_SCHEDULED", "SOLVING_STARTED", "SOLVING_ACTIVE", "SOLVING_COMPLETED"].filter((s) => statuses.includes(s)));
    const gone = await api(`${ROOT}/${id}/events`);
    expect(gone.status).toBe(410);
  });
});
