/**
 * Runs in headless Chromium (web/bench/recommendations.ts): the LARGE demo in the planner's engine, solved for a
 * while so employees have shifts, then the what-if recommendations of many shifts timed one by one.
 */
import { demoSolvingRequest } from "../../demo-data/index";
import { PlannerSession } from "../src/engine/planner-session";
import { violationsByShift } from "../src/engine/violations";
import { whatIf } from "../src/engine/what-if";
import { loadCore } from "../src/engine/wasm";

export interface BenchResult {
  shifts: number;
  employees: number;
  samples: number[];
  violationsMs: number;
  score: string;
}

declare global {
  interface Window {
    __bench?: BenchResult | { error: string };
  }
}

const SAMPLES = 60;
const WARM_UP = 10;
const SOLVE_UNITS = 400_000;

async function main(): Promise<void> {
  const module = await loadCore("/rota.wasm");
  const planner = await PlannerSession.open(module, demoSolvingRequest("LARGE")!);
  const session = planner.session;
  session.runSlice(SOLVE_UNITS);
  planner.applyAssignment(session.bestAssignment());

  const n = planner.shiftCount;
  const picks = Array.from({ length: SAMPLES }, (_, k) => Math.floor(((k + 0.5) * n) / SAMPLES)).filter((s) => !planner.isPinned(s));
  for (let k = 0; k < WARM_UP; k++) whatIf(planner, picks[k % picks.length]);
  const samples: number[] = [];
  for (const s of picks) {
    const started = performance.now();
    whatIf(planner, s);
    samples.push(performance.now() - started);
  }
  const v0 = performance.now();
  violationsByShift(planner);
  const violationsMs = performance.now() - v0;
  const score = planner.score();
  window.__bench = { shifts: n, employees: planner.employeeCount, samples, violationsMs, score: `${score.hard}hard/${score.medium}medium/${score.soft}soft` };
}

main().catch((err: unknown) => {
  window.__bench = { error: err instanceof Error ? `${err.message}\n${err.stack}` : String(err) };
});
