/**
 * The run's record is not written after every slice (README "Slices and checkpoints"): a slice writes it with a
 * checkpoint or a shared best, else at most every few seconds; meanwhile every read sees the slices' changes.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, getDataset, ROOT, smallInput, stubOf, submit } from "./helpers";

describe("the run's record", () => {
  it("is written far less often than once per slice, and reads still see every slice", async () => {
    const res = await submit({ modelInput: smallInput(), config: { run: { termination: { spentLimit: "PT10M" } } } });
    const { id } = await res.json<{ id: string }>();
    const stub = stubOf(id);
    await runDurableObjectAlarm(stub); // -> STARTED
    await runDurableObjectAlarm(stub); // -> ACTIVE
    await runDurableObjectAlarm(stub); // the construction's slice: its end is a checkpoint
    const writes = await runInDurableObject(stub, (instance) => {
      const storage = (instance as unknown as { storage: { writeRecord: (r: unknown) => void } }).storage;
      const counter = { n: 0 };
      const write = storage.writeRecord.bind(storage);
      storage.writeRecord = (r: unknown) => {
        counter.n++;
        write(r);
      };
      (globalThis as { recordWrites?: { n: number } }).recordWrites = counter;
      return counter.n;
    });
    expect(writes).toBe(0);
    const slices = 8;
    const started = Date.now();
    for (let i = 0; i < slices; i++) await runDurableObjectAlarm(stub);
    const elapsed = Date.now() - started;
    const { n, stored, seen } = await runInDurableObject(stub, (instance, state) => {
      const row = state.storage.sql.exec<{ json: string }>("SELECT json FROM record").one();
      const read = (instance as unknown as { readRecord: () => { run: { logTally?: unknown } } }).readRecord();
      return { n: (globalThis as { recordWrites?: { n: number } }).recordWrites!.n, stored: JSON.parse(row.json).run.logTally, seen: read.run.logTally };
    });
    // At most one write per 5 s of slices (a checkpoint on a new best, or the interval).
    expect(n).toBeLessThanOrEqual(1 + Math.floor(elapsed / 5000));
    if (n === 0) expect(seen).not.toEqual(stored); // the reads see slices the stored record does not have yet
    expect((await getDataset(id)).metadata.solverStatus).toBe("SOLVING_ACTIVE");
    // Terminating writes what the slices did.
    const del = await api(`${ROOT}/${id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    const after = await runInDurableObject(stub, (_instance, state) => JSON.parse(state.storage.sql.exec<{ json: string }>("SELECT json FROM record").one().json).run.logTally);
    expect(after).not.toBeUndefined();
    expect((await getDataset(id)).metadata.solverStatus).toBe("SOLVING_COMPLETED");
  });
});
