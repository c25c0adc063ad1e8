/**
 * `npm run bench:load [COUNT] [CONCURRENCY]` (default 200 at 20): starts a fresh `wrangler dev` on a free port of
 * 127.0.0.1 with its own state folder, runs the load check (load.ts) against it, prints the figures, and stops the
 * server. Exits non-zero when a submission was lost, a dataset did not complete, a ghost was listed or a 5xx seen.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, WranglerDev } from "../test/e2e/wrangler-dev";
import { formatReport, runLoad } from "./load";

const count = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 20);
const key = "bench-load-key";
const dir = mkdtempSync(join(tmpdir(), "rota-load-"));
const dev = new WranglerDev(await freePort(), dir, key);
let failed = true;
try {
  await dev.start();
  console.log(`load: ${count} BASIC submissions (spentLimit PT1S) at concurrency ${concurrency} against ${dev.baseUrl}`);
  const report = await runLoad({
    baseUrl: dev.baseUrl,
    apiKey: key,
    count,
    concurrency,
    spentLimit: "PT1S",
    deadlineMs: 15 * 60_000,
    requestTimeoutMs: 60_000,
  });
  console.log(formatReport(report));
  failed =
    report.lost.length > 0 || report.serverErrors.length > 0 || report.stalled.length > 0 || report.notCompleted.length > 0 ||
    report.ghosts.length > 0 || report.unlisted.length > 0;
  if (failed) console.error(`wrangler dev's log (end):\n${dev.log.slice(-6000)}`);
  if (process.env.LOAD_LOG) writeFileSync(process.env.LOAD_LOG, dev.log);
} finally {
  await dev.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
