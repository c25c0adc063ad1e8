/** GET <root>/{id}/logs: the run's events in time order, stored bounded (README "Run logs"). */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_ROWS, PROGRESS_EVERY_MS, RunLog, EMPTY_TALLY } from "../../durable-objects/run-log";
import { api, driveToCompletion, ROOT, smallInput, stubOf, submit } from "./helpers";
import { createKey, createTenant, driveAs, received, scenario, submitAs, waitFor, call, PLATFORM, ok } from "./platform-helpers";

async function lines(id: string, key?: string): Promise<string[]> {
  const res = await api(`${ROOT}/${id}/logs`, key ? { key } : {});
  expect(res.status).toBe(200);
  return (await res.json<{ details: string }>()).details.split("\n");
}

describe("run logs", () => {
  it("list the status changes, sampled progress with moves per second, and the termination reason, in time order", async () => {
    const res = await submit({ modelInput: smallInput(), config: { run: { termination: { stepCountLimit: 3000 } } } });
    const { id } = await res.json<{ id: string }>();
    await driveToCompletion(id);
    const log = await lines(id);
    const statuses = log.filter((l) => / STATUS /.test(l)).map((l) => l.split(" ")[2]);
    expect(statuses).toEqual(["DATASET_CREATED", "DATASET_VALIDATED", "SOLVING_SCHEDULED", "SOLVING_STARTED", "SOLVING_ACTIVE", "SOLVING_COMPLETED"]);
    const progress = log.filter((l) => / PROGRESS /.test(l));
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0]).toMatch(/^\S+Z PROGRESS \d+ slice\(s\) in \d+ ms: \d+ moves\/s, \d+ improvement\(s\), best score -?\d+hard\/-?\d+medium\/-?\d+soft$/);
    expect(log.filter((l) => / TERMINATION /.test(l))).toEqual([expect.stringMatching(/TERMINATION Termination: STEP_COUNT_LIMIT; SOLVING_COMPLETED with score /)]);
    const times = log.map((l) => l.split(" ")[0]);
    expect(times).toEqual([...times].sort());
  });

  it("say when a run was terminated by DELETE", async () => {
    const res = await submit({ modelInput: smallInput(), config: { run: { termination: { spentLimit: "PT10M" } } } });
    const { id } = await res.json<{ id: string }>();
    expect((await api(`${ROOT}/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await lines(id)).some((l) => l.includes("TERMINATION Terminated by a DELETE request; SOLVING_COMPLETED"))).toBe(true);
  });

  it("include the webhook deliveries of the dataset", async () => {
    const tenant = await createTenant("Logs");
    const { key } = await createKey({ name: "logs" }, tenant.as);
    const url = await scenario("run-log");
    await ok(call(`${PLATFORM}/webhooks`, { ...tenant.as, method: "POST", json: { url } }), 201);
    const id = await submitAs(key);
    expect(await driveAs(key, id)).toBe("SOLVING_COMPLETED");
    await waitFor("the delivery", () => received("run-log"), (r) => r.length >= 1);
    const log = await waitFor("the log line", () => lines(id, key), (l) => l.some((x) => / WEBHOOK /.test(x)));
    expect(log.find((l) => / WEBHOOK /.test(l))).toMatch(/WEBHOOK SOLVING_COMPLETED to webhook \S+ \(attempt 0\): DELIVERED HTTP 200/);
  });

  it("are bounded: progress is one line per sampling period, and at most MAX_ROWS lines are kept", async () => {
    const res = await submit({ modelInput: smallInput() });
    const { id } = await res.json<{ id: string }>();
    await runInDurableObject(stubOf(id), async (_instance, state) => {
      const log = new RunLog(state.storage.sql);
      log.migrate();
      const t0 = 1_900_000_000_000;
      let tally = EMPTY_TALLY;
      // 200 slices of 200 ms: 40 s of solving is 1 + 40 s / PROGRESS_EVERY_MS lines, not 200.
      for (let i = 0; i < 200; i++) tally = log.slice(tally, { moves: 1000, ms: 200, improved: i % 2 === 0, best: "0hard/0medium/0soft", now: t0 + i * 200 });
      const progress = log.lines().filter((l) => l.kind === "PROGRESS");
      expect(progress).toHaveLength(1 + Math.floor((199 * 200) / PROGRESS_EVERY_MS));
      expect(progress[1].message).toMatch(/^50 slice\(s\) in 10000 ms: 5000 moves\/s, 25 improvement\(s\)/);

      for (let i = 0; i < MAX_ROWS + 50; i++) log.append("FAILURE", `line ${i}`);
      const kept = log.lines();
      expect(kept).toHaveLength(MAX_ROWS);
      expect(kept[kept.length - 1].message).toBe(`line ${MAX_ROWS + 49}`);
      expect(kept[0].message).toBe("line 50");
    });
  });
});
