/**
 * A small load check against the real `wrangler dev` (the full one is `npm run bench:load`): 40 submissions of the
 * BASIC demo at concurrency 10, each solved for 1 s. None is lost, every acknowledged one completes, the listing
 * shows exactly the acknowledged ones, each answers GET, and the Worker answers no 5xx.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatReport, runLoad } from "../../bench/load";
import { freePort, WranglerDev } from "./wrangler-dev";

const KEY = "e2e-load-key";
let dev: WranglerDev;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rota-e2e-load-"));
  dev = new WranglerDev(await freePort(), dir, KEY);
  await dev.start();
});

afterAll(async () => {
  await dev?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it("40 submissions at concurrency 10: none lost, all completed, no ghost, no 5xx", { timeout: 240_000 }, async () => {
  const report = await runLoad({
    baseUrl: dev.baseUrl,
    apiKey: KEY,
    count: 40,
    concurrency: 10,
    spentLimit: "PT1S",
    deadlineMs: 180_000,
    requestTimeoutMs: 60_000,
  });
  console.log(formatReport(report));
  expect(report.lost).toEqual([]);
  expect(report.serverErrors).toEqual([]);
  expect(report.stalled).toEqual([]);
  expect(report.acknowledged).toBe(40);
  expect(report.notCompleted).toEqual([]);
  expect(report.completed).toBe(40);
  expect(report.ghosts).toEqual([]);
  expect(report.unlisted).toEqual([]);
});
