/**
 * Recommendation speed (target: one request on a 1,000-shift, 50-employee dataset in under 20 ms of compute).
 * Solves the LARGE demo briefly, unassigns a sample of shifts one at a time, and times `recommendEmployees` on each:
 * the same code path as the API and the browser, without HTTP. Run: `npx tsx bench/recommendations.ts`.
 */
import { readFileSync } from "node:fs";
import { demoSolvingRequest } from "../demo-data";
import { validateModelInput } from "../model/validation";
import { RecommendEmployeesInputSchema } from "../schemas/recommendations";
import { submittedAssignment } from "../solver/output";
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

// The whole compute of one API request: the JSON body parsed and validated (schema, then semantics), the input
// encoded, a session holding the submitted schedule, every employee ranked. Only HTTP and auth are left out.
const bodies = Array.from({ length: SAMPLES + 5 }, (_, k) => {
  const shift = (k * 97) % input.shifts.length;
  const modelInput = {
    ...input,
    shifts: input.shifts.map((s, i) => (i === shift || solved[i] < 0 ? s : { ...s, employee: input.employees[solved[i]].id })),
  };
  return JSON.stringify({ maxNumberOfRecommendations: 5, fitShiftId: input.shifts[shift].id, modelInput });
});
const full: number[] = [];
for (const [k, text] of bodies.entries()) {
  const started = performance.now();
  const body = RecommendEmployeesInputSchema.parse(JSON.parse(text));
  if (validateModelInput(body.modelInput).some((i) => i.severity === "ERROR")) throw new Error("invalid input");
  const session = await SolverSession.create(module, encodeProblem(body.modelInput), { weights: body.config ?? undefined });
  session.applyAssignment(submittedAssignment(body.modelInput));
  const index = body.modelInput.shifts.findIndex((s) => s.id === body.fitShiftId);
  recommendEmployees(session, index, { includeJustifications: false }).slice(0, body.maxNumberOfRecommendations);
  if (k >= 5) full.push(performance.now() - started);
}
full.sort((a, b) => a - b);
const at = (p: number) => full[Math.min(full.length - 1, Math.floor((p / 100) * full.length))].toFixed(2);
console.log(
  `recommendation request, whole compute (parse, validate, encode, rank), LARGE: median ${at(50)} ms, p90 ${at(90)} ms ` +
    `(body ${(bodies[0].length / 1024).toFixed(0)} KB)`,
);
