/** maxThreadCount > 1: extra searches in their own Durable Objects share their best solution (spec §2.1). */
import { env, listDurableObjectIds, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SolvingRequest } from "../../schemas/solving-request";
import { api, getDataset, MODEL_BASE, stubOf, submit } from "./helpers";

function searchStub(id: string, k: number) {
  return env.SEARCHES.get(env.SEARCHES.idFromName(`${id}/search/${k}`));
}

describe("maxThreadCount", () => {
  it("runs that many searches in parallel Durable Objects and reports the best of them", async () => {
    const demo = await (await api(`${MODEL_BASE}/demo-data/BASIC`)).json<SolvingRequest>();
    // A long time limit: the run only ends when the test terminates it.
    const res = await submit({ modelInput: demo.modelInput, config: { run: { maxThreadCount: 3, termination: { spentLimit: "PT1H" } } } });
    const { id } = await res.json<{ id: string }>();
    await runDurableObjectAlarm(stubOf(id)); // STARTED
    await runDurableObjectAlarm(stubOf(id)); // ACTIVE: the two extra searches start
    expect((await listDurableObjectIds(env.SEARCHES)).length).toBeGreaterThanOrEqual(2);

    // Interleave: each search runs a slice and exchanges its best with the dataset, then the dataset runs a slice.
    for (let round = 0; round < 3; round++) {
      for (const k of [1, 2]) expect(await runDurableObjectAlarm(searchStub(id, k))).toBe(true);
      await runDurableObjectAlarm(stubOf(id));
    }
    for (const k of [1, 2]) {
      const progress = await searchStub(id, k).progress();
      expect(progress).toMatchObject({ stopped: false, exchanges: 3 });
      expect(progress!.unitsDone).toBeGreaterThan(0);
    }

    const terminated = await api(`https://rota.test/api/models/employee-scheduling/v1/schedules/${id}`, { method: "DELETE" });
    expect(terminated.status).toBe(200);
    const done = await getDataset(id);
    expect(done.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect(done.metadata.score).toMatch(/^0hard\//);
    // The searches were told to stop: no alarm is left, and a late alarm does nothing.
    for (const k of [1, 2]) {
      expect(await runDurableObjectAlarm(searchStub(id, k))).toBe(false);
      expect((await searchStub(id, k).progress())!.stopped).toBe(true);
    }
  });

  it("a stalled search whose best is worse receives the shared best, one still improving does not, and one that ended is told to stop", async () => {
    const demo = await (await api(`${MODEL_BASE}/demo-data/BASIC`)).json<SolvingRequest>();
    const res = await submit({ modelInput: demo.modelInput, config: { run: { maxThreadCount: 2, termination: { stepCountLimit: 400_000 } } } });
    const { id } = await res.json<{ id: string }>();
    await runDurableObjectAlarm(stubOf(id));
    await runDurableObjectAlarm(stubOf(id));
    await runDurableObjectAlarm(stubOf(id)); // the dataset's first slice: its best is shared
    const n = (await getDataset(id)).modelOutput!.shifts.length;
    const terrible = { hard: -1_000_000, medium: -1_000_000, soft: 0 };
    // A search whose own best still improves keeps to its own trajectory: no shared best is sent to it.
    expect(await stubOf(id).exchange(9, terrible, new Int32Array(n).fill(-1), false)).toEqual({ stop: false, best: null });
    const reply = await stubOf(id).exchange(9, terrible, new Int32Array(n).fill(-1), true);
    expect(reply.stop).toBe(false);
    expect(reply.stop === false && reply.best).toBeTruthy();
    await api(`https://rota.test/api/models/employee-scheduling/v1/schedules/${id}`, { method: "DELETE" });
    expect(await stubOf(id).exchange(9, terrible, new Int32Array(n), true)).toEqual({ stop: true });
  });
});
