import { abortAllDurableObjects, env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SolvingRequest } from "../../schemas/solving-request";
import { api, driveToCompletion, getDataset, MODEL_BASE, ROOT, smallInput, stubOf, submit } from "./helpers";

const SOLVING_PHASES = ["SOLVING_SCHEDULED", "SOLVING_STARTED", "SOLVING_ACTIVE", "SOLVING_COMPLETED"];

describe("dataset lifecycle", () => {
  it("accepts a dataset, solves it in its Durable Object and returns the schedule", async () => {
    const before = Date.now();
    const res = await submit({ modelInput: smallInput(), config: { run: { termination: { stepCountLimit: 2000 }, tags: ["ward-7"] } } });
    expect(res.status).toBe(202);
    const ack = await res.json<Record<string, unknown>>();
    expect(ack.solverStatus).toBe("SOLVING_SCHEDULED");
    expect(ack.originId).toBe(ack.id);
    expect(ack.name).toMatch(/^Dataset-\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/);
    expect(Date.parse(ack.submitDateTime as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(ack.tags).toEqual(expect.arrayContaining(["ward-7", "system.type:from-request", "system.profile:default"]));
    const id = ack.id as string;

    // Stored: the request in R2, an index row in D1.
    const stored = await env.BLOBS.get(`tenants/default/datasets/${id}/request.json`);
    expect(stored).not.toBeNull();
    expect((await stored!.json<SolvingRequest>()).modelInput.shifts).toHaveLength(12);
    const row = await env.DB.prepare("SELECT solver_status, tenant_id FROM datasets WHERE id = ?").bind(id).first();
    expect(row).toEqual({ solver_status: "SOLVING_SCHEDULED", tenant_id: "default" });

    const scheduled = await getDataset(id);
    expect(scheduled.metadata.startDateTime).toBeUndefined();
    expect(scheduled.metadata.completeDateTime).toBeUndefined();

    const statuses = await driveToCompletion(id);
    expect(statuses).toEqual(SOLVING_PHASES.slice(SOLVING_PHASES.indexOf(statuses[0])));

    const done = await getDataset(id);
    const m = done.metadata;
    expect(m.solverStatus).toBe("SOLVING_COMPLETED");
    expect(m.parentId).toBeNull();
    expect(m.score).toMatch(/^0hard\/0medium\/0soft$/);
    const times = [m.submitDateTime, m.startDateTime, m.activeDateTime, m.completeDateTime, m.shutdownDateTime];
    expect(times.every((t) => typeof t === "string")).toBe(true);
    const ms = times.map((t) => Date.parse(t!));
    expect([...ms].sort((a, b) => a - b)).toEqual(ms);
    expect(done.run).toEqual(done.metadata);
    expect(m.validationResult).toEqual({ summary: "OK", errors: [], warnings: [] });

    // Every shift assigned to an employee with the skill, no double booking, nobody on an unavailable day.
    const input = smallInput();
    const byId = new Map(input.employees.map((e) => [e.id, e]));
    expect(done.modelOutput!.shifts.map((s) => s.id)).toEqual(input.shifts.map((s) => s.id));
    for (const [i, s] of done.modelOutput!.shifts.entries()) {
      expect(s.employee).not.toBeNull();
      const skills = byId.get(s.employee!)!.skills!.map((k) => k.id);
      expect(skills).toContain(input.shifts[i].requiredSkills![0]);
    }
    expect(done.modelOutput!.shifts.filter((s) => s.id.startsWith("d2-") && s.employee === "Beth")).toEqual([]);
    expect(done.inputMetrics).toMatchObject({ employees: 4, shifts: 12, pinnedShifts: 0, mandatoryShifts: 12, optionalShifts: 0 });
    expect(done.kpis).toMatchObject({ assignedShifts: 12, unassignedShifts: 0 });
    expect(done.kpis!.activatedEmployees).toBeGreaterThanOrEqual(3);

    // The output is in R2 and the index row is final.
    expect(await env.BLOBS.head(`tenants/default/datasets/${id}/output.json`)).not.toBeNull();
    const finalRow = await env.DB.prepare("SELECT solver_status, score FROM datasets WHERE id = ?").bind(id).first();
    expect(finalRow).toEqual({ solver_status: "SOLVING_COMPLETED", score: "0hard/0medium/0soft" });
  });

  it("reports unassignable shifts as medium penalties and keeps pinned shifts", async () => {
    const input = smallInput();
    // Nobody has the skill "Surgeon": the shift stays unassigned (-10medium at priority 1).
    input.shifts.push({ id: "surgery", start: "2027-03-01T08:00:00+01:00", end: "2027-03-01T12:00:00+01:00", requiredSkills: ["Surgeon"], priority: "1" });
    // Dora is pinned to a nurse shift she lacks the skill for: the pin wins, the hard penalty is reported.
    input.shifts[0] = { ...input.shifts[0], employee: "Dora", pinned: true };
    const res = await submit({ modelInput: input, config: { run: { termination: { stepCountLimit: 2000 } } } });
    const { id } = await res.json<{ id: string }>();
    await driveToCompletion(id);
    const done = await getDataset(id);
    expect(done.metadata.score).toBe("-1hard/-10medium/0soft");
    expect(done.modelOutput!.shifts.find((s) => s.id === "surgery")!.employee).toBeNull();
    expect(done.modelOutput!.shifts[0].employee).toBe("Dora");
    expect(done.inputMetrics!.pinnedShifts).toBe(1);
    expect(done.kpis!.unassignedShifts).toBe(1);
  });

  it("DELETE terminates a run in progress: SOLVING_COMPLETED with the best solution so far", async () => {
    const res = await submit({ modelInput: smallInput(), config: { run: { termination: { spentLimit: "PT10M" } } } });
    const { id } = await res.json<{ id: string }>();
    await runDurableObjectAlarm(stubOf(id)); // SCHEDULED -> ACTIVE
    await runDurableObjectAlarm(stubOf(id)); // a first slice
    const del = await api(`${ROOT}/${id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    const body = await del.json<{ metadata: { solverStatus: string; completeDateTime?: string; shutdownDateTime?: string } }>();
    expect(body.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect(body.metadata.completeDateTime).toBeDefined();
    expect(body.metadata.shutdownDateTime).toBeDefined();
    // No alarm is left, and the status stays final.
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(false);
    expect((await getDataset(id)).metadata.solverStatus).toBe("SOLVING_COMPLETED");
  });

  it("a dataset with validation errors is stored as DATASET_INVALID and answered with 400", async () => {
    const input = smallInput();
    input.shifts.push({ ...input.shifts[0] });
    input.shifts.push({ id: "backwards", start: "2027-03-01T10:00:00+01:00", end: "2027-03-01T09:00:00+01:00" });
    const res = await submit({ modelInput: input });
    expect(res.status).toBe(400);
    const body = await res.json<{ code: string; message: string; details: string[] }>();
    expect(body.details.join("\n")).toMatch(/Duplicate id 'd1-early-a'/);
    expect(body.details.join("\n")).toMatch(/'backwards'/);
    const id = /Dataset ([0-9a-f-]{36})/.exec(body.message)![1];
    const stored = await getDataset(id);
    expect(stored.metadata.solverStatus).toBe("DATASET_INVALID");
    expect(stored.metadata.validationResult.summary).toBe("ERRORS");
    expect(stored.metadata.validationResult.errors).toHaveLength(2);
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(false);
  });

  it("warns about a shift assigned to an unknown employee and still solves it", async () => {
    const input = smallInput();
    input.shifts[2] = { ...input.shifts[2], employee: "Zed" };
    const res = await submit({ modelInput: input, config: { run: { termination: { stepCountLimit: 500 } } } });
    expect(res.status).toBe(202);
    const { id } = await res.json<{ id: string }>();
    await driveToCompletion(id);
    const done = await getDataset(id);
    expect(done.metadata.validationResult.warnings.join()).toMatch(/Zed/);
    expect(done.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect(done.modelOutput!.shifts[2].employee).not.toBe("Zed");
  });

  it("a solve interrupted by a restart resumes from its checkpoint and ends exactly as an uninterrupted one", async () => {
    const config = { run: { termination: { stepCountLimit: 3_000_000 } } };
    const a = (await (await submit({ modelInput: smallInput(), config })).json<{ id: string }>()).id;
    const b = (await (await submit({ modelInput: smallInput(), config })).json<{ id: string }>()).id;

    await driveToCompletion(a);

    for (let i = 0; i < 3; i++) await runDurableObjectAlarm(stubOf(b)); // started, active, a first slice
    const beforeRestart = await stubOf(b).runProgress();
    expect(beforeRestart!.unitsDone).toBeGreaterThan(0);
    // Drop every in-memory Durable Object instance, as a restart of wrangler dev does; storage survives.
    await abortAllDurableObjects();
    // The fresh instance continues from the checkpoint, not from the start.
    expect(await stubOf(b).runProgress()).toEqual(beforeRestart);
    await driveToCompletion(b);

    const [ra, rb] = [await getDataset(a), await getDataset(b)];
    expect(rb.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect(rb.metadata.score).toBe(ra.metadata.score);
    expect(rb.modelOutput).toEqual(ra.modelOutput);
  });

  it("lists the tenant's datasets newest first", async () => {
    const ids: string[] = [];
    for (const name of ["first", "second"]) {
      const res = await submit({ modelInput: smallInput(), config: { run: { name, termination: { stepCountLimit: 10 } } } });
      ids.push((await res.json<{ id: string }>()).id);
    }
    const res = await api(ROOT);
    expect(res.status).toBe(200);
    const list = await res.json<Array<{ id: string; name: string; solverStatus: string }>>();
    const mine = list.filter((d) => ids.includes(d.id));
    expect(mine.map((d) => d.name)).toEqual(["second", "first"]);
    expect(mine[0].solverStatus).toBe("SOLVING_SCHEDULED");
  });
});

describe("demo data", () => {
  it("lists the demo datasets", async () => {
    const res = await api(`${MODEL_BASE}/demo-data`);
    expect(res.status).toBe(200);
    const list = await res.json<Array<{ id: string }>>();
    expect(list.map((d) => d.id)).toEqual(expect.arrayContaining(["BASIC", "LARGE"]));
  });

  it("serves BASIC as a solving request and as a model input, by GET and POST", async () => {
    const full = await (await api(`${MODEL_BASE}/demo-data/BASIC`)).json<SolvingRequest>();
    expect(full.modelInput.employees).toHaveLength(15);
    expect(full.modelInput.shifts.length).toBeGreaterThanOrEqual(130);
    expect(full.modelInput.shifts[0].start).toMatch(/[+-]\d{2}:\d{2}$/);
    const input = await (await api(`${MODEL_BASE}/demo-data/BASIC/input`, { method: "POST" })).json();
    expect(input).toEqual(full.modelInput);
    const large = await (await api(`${MODEL_BASE}/demo-data/LARGE/input`)).json<SolvingRequest["modelInput"]>();
    expect(large.employees).toHaveLength(50);
    expect(large.shifts.length).toBeGreaterThanOrEqual(900);
    expect((await api(`${MODEL_BASE}/demo-data/NOPE`)).status).toBe(404);
  });

  it("the BASIC demo, posted as served, solves to 0hard", async () => {
    const demo = await (await api(`${MODEL_BASE}/demo-data/BASIC`)).json<SolvingRequest>();
    // Same dataset; a step budget instead of wall time keeps the test independent of machine speed.
    const res = await submit({ ...demo, config: { run: { name: "BASIC", termination: { stepCountLimit: 200_000 } } } });
    expect(res.status).toBe(202);
    const { id } = await res.json<{ id: string }>();
    await driveToCompletion(id, 2000);
    const done = await getDataset(id);
    expect(done.metadata.score).toMatch(/^0hard\//);
    expect(done.kpis!.unassignedShifts).toBe(0);
  });
});

describe("runs that end without a complete solution", () => {
  it("SOLVING_INCOMPLETE when the time limit ends the run before construction finished", async () => {
    const demo = await (await api(`${MODEL_BASE}/demo-data/LARGE`)).json<SolvingRequest>();
    const res = await submit({ modelInput: demo.modelInput, config: { run: { termination: { spentLimit: "PT0S" } } } });
    const { id } = await res.json<{ id: string }>();
    const statuses = await driveToCompletion(id);
    expect(statuses.at(-1)).toBe("SOLVING_INCOMPLETE");
    const done = await getDataset(id);
    expect(done.metadata.completeDateTime).toBeDefined();
    expect(done.metadata.shutdownDateTime).toBeDefined();
    // The partial construction is the result: some shifts are still open.
    expect(done.kpis!.unassignedShifts).toBeGreaterThan(0);
  });

  it("SOLVING_FAILED with a failure message when the run cannot proceed", async () => {
    const res = await submit({ modelInput: smallInput(), config: { run: { termination: { stepCountLimit: 100 } } } });
    const { id } = await res.json<{ id: string }>();
    await runDurableObjectAlarm(stubOf(id)); // -> STARTED
    // The stored input disappears before the model is built.
    await env.BLOBS.delete(`tenants/default/datasets/${id}/request.json`);
    await runDurableObjectAlarm(stubOf(id));
    const metadata = await (await api(`${ROOT}/${id}/metadata`)).json<{ solverStatus: string; failureMessage: string; completeDateTime?: string }>();
    expect(metadata.solverStatus).toBe("SOLVING_FAILED");
    expect(metadata.failureMessage).toMatch(/missing/);
    expect(metadata.completeDateTime).toBeDefined();
    // The object did not crash: it still answers, and a final dataset ignores stray alarms.
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(false);
    const row = await env.DB.prepare("SELECT solver_status FROM datasets WHERE id = ?").bind(id).first<{ solver_status: string }>();
    expect(row!.solver_status).toBe("SOLVING_FAILED");
  });
});
