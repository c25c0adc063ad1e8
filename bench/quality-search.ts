/**
 * One search of a `maxThreadCount` > 1 run of bench/quality.ts, in a worker thread (bench/portfolio.ts): it solves
 * the instance with its own seed in slices of SEARCH_SLICE_MS, as a SearchObject does, reports its best after each
 * slice (and whether its own best has stalled: solver/adoption-policy.ts) and adopts the shared best it is answered
 * with when that is better than its own.
 */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { AdoptionPolicy } from "../solver/adoption-policy";
import { compareScores, SolverSession } from "../solver/index";
import { prepare } from "./nurse-rostering";
import type { Best, Report, SearchOptions } from "./portfolio";

/** A SearchObject's slice (durable-objects/search-object.ts SEARCH_SLICE_TARGET_MS). */
const SEARCH_SLICE_MS = 200;
const UNITS = 20_000;

const options = workerData as SearchOptions;
const x = prepare(options.n);
const module = new WebAssembly.Module(readFileSync(options.wasmPath));
const session = await SolverSession.create(module, x.problem, {
  seed: options.seed,
  lahcLength: options.lahcLength,
  weights: x.request.config?.model?.overrides,
});
const adoption = new AdoptionPolicy(session);
const answers: Best[] = [];
parentPort!.on("message", (best: Best) => answers.push(best));
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
// Runs until the portfolio terminates the thread.
for (;;) {
  const t = performance.now();
  do session.runSlice(UNITS);
  while (performance.now() - t < SEARCH_SLICE_MS);
  parentPort!.postMessage({ score: session.bestScore(), assignment: session.bestAssignment(), stalled: adoption.stalled(session) } satisfies Report);
  await turn();
  const shared = answers.pop();
  answers.length = 0;
  if (shared && compareScores(shared.score, session.bestScore()) > 0) {
    session.applyAssignment(shared.assignment);
    adoption.adopted(session);
  }
}
