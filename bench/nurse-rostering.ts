/**
 * The Curtois & Qu nurse rostering training instances, as bench/quality.ts and its search threads
 * (bench/quality-search.ts) use them: each converted to a solving request by the benchmark's converter
 * (`to-ess.mjs toEss`) and encoded, and a schedule scored by the benchmark's own evaluator (`curtois.mjs evaluate`,
 * through `from-ess.mjs fromEss`), never by the service's score. The benchmark folder is `$NRP_DIR`, default
 * `../shared/benchmarks/nurse-rostering` beside the repository.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { encodeProblem, type EncodedProblem } from "../solver/index";

export const REPO = resolve(import.meta.dirname, "..");
const NRP_DIR = resolve(process.env.NRP_DIR ?? join(REPO, "../shared/benchmarks/nurse-rostering"));
if (!existsSync(join(NRP_DIR, "to-ess.mjs")) || !existsSync(join(NRP_DIR, "curtois.mjs"))) {
  console.error(
    `bench:quality needs the nurse rostering benchmark folder (to-ess.mjs, curtois.mjs, from-ess.mjs, instances/): ` +
      `not found at ${NRP_DIR}. Set NRP_DIR to its path, or place the shared/ folder beside the repository.`,
  );
  process.exit(2);
}
const load = (file: string) => import(pathToFileURL(join(NRP_DIR, file)).href);
const { toEss, resolveInstancePath } = await load("to-ess.mjs");
const { loadInstance, evaluate } = await load("curtois.mjs");
const { fromEss } = await load("from-ess.mjs");

/** Best known objective values (upper bounds) of the training instances, from the benchmark folder's README. */
export const BEST_KNOWN: Record<number, number> = {
  1: 607, 3: 1001, 5: 1143, 7: 1056, 9: 439, 11: 3443, 13: 1348, 15: 3834, 17: 5746, 19: 3149, 21: 21159, 23: 17428,
};

export interface Instance {
  n: number;
  inst: unknown;
  request: { modelInput: { shifts: { id: string }[] }; config?: { model?: { overrides?: Record<string, number> } } };
  problem: EncodedProblem;
}

export function prepare(n: number): Instance {
  const inst = loadInstance(resolveInstancePath(String(n)));
  const request = toEss(inst, {});
  return { n, inst, request, problem: encodeProblem(request.modelInput as never) };
}

/** The evaluator's verdict on a schedule: employee index per shift, -1 unassigned. */
export function evaluateAssignment(
  x: Instance,
  assignment: ArrayLike<number>,
): { feasible: boolean; objective: number; hard: Record<string, number>; breakdown: Record<string, number> } {
  const { shiftIds, employeeIds } = x.problem;
  const shifts = shiftIds.map((id, i) => ({ id, employee: assignment[i] >= 0 ? employeeIds[assignment[i]] : null }));
  const roster = fromEss(x.inst, x.request.modelInput, { shifts });
  return evaluate(x.inst, roster);
}
