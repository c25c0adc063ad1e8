/**
 * Recommendation speed (issue 4 target: one request on a 1,000-shift, 50-employee dataset in under 20 ms of compute).
 * Solves the LARGE demo briefly, unassigns a sample of shifts one at a time, and times `recommendEmployees` on each:
 * the same code path as the API and the browser, without HTTP. Run: `npx tsx bench/recommendations.ts`.
 */
import { readFileSync } from "node:fs";
import { demoSolvingRequest } from "../demo-data";
import { encodeProblem } from "../solver/encode";
import { recommendEmployees } from "../solver/recommendations";
import { SolverSession } from "../solver/session";

const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));
const input = demoSolvingRequest("LARGE")!.modelInput;
const problem = encodeProblem(input);
const solver = await SolverSession.create(module, problem, { seed: 1 });
solver.runSlice(2_000_000);
const solved = solver.bestAssignment();

const SAMPLES = 50;
const timings: number[] = [];
for (let k = 0; k < SAMPLES + 5; k++) {
  const shift = (k * 97) % input.shifts.length;
  // A request: build the session from the dataset (as the API does), then rank every employee for the open shift.
  const started = performance.now();
  const session = await SolverSession.create(module, problem, { seed: 1 });
  const assignment = solved.slice();
  assignment[shift] = -1;
  session.applyAssignment(assignment);
  const ranked = recommendEmployees(session, shift, { includeJustifications: true });
  const elapsed = performance.now() - started;
  if (ranked.length !== input.employees.length) throw new Error("every employee must be ranked");
  if (k >= 5) timings.push(elapsed); // the first calls run in the baseline tier (TOOLCHAIN.md): warm up
}
timings.sort((a, b) => a - b);
const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))].toFixed(2);
console.log(
  `recommendations, LARGE (${input.shifts.length} shifts, ${input.employees.length} employees), ${SAMPLES} requests: ` +
    `median ${pct(50)} ms, p90 ${pct(90)} ms, max ${timings[timings.length - 1].toFixed(2)} ms (target < 20 ms)`,
);
