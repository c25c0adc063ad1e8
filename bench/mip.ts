/**
 * Quality check: small instances (50-150 shifts, every constraint active) solved exactly for the hard and medium
 * levels by a MIP (HiGHS, compiled to Wasm: npm `highs`), against Rota's best score after a few seconds.
 *
 * Model (x[s,e] = 1 when employee e works shift s; only pairs with no local hard penalty exist):
 *   maximize   Σ weight(s) · x[s,e]            over mandatory shifts (= minimize the medium "Unassigned shift")
 *   subject to Σ_e x[s,e] <= 1                  every shift at most once
 *              x[s,e] + x[t,e] <= 1             every overlapping pair of shifts not exempt for employee e
 *              x[s,e] = 1                       pinned shifts (none in these instances)
 * Nothing is pinned, so leaving every shift open is hard-feasible: the lexicographic optimum has 0 hard, and its
 * medium score is -(total mandatory weight - the MIP optimum). Local hard penalties come from the core itself
 * (SolverSession.localPenalty), overlap exemptions mirror the core's (historic pairs, allow-overlap groups), so the
 * MIP and the engine solve the same problem. Instances are generated tighter than the planted schedule can absorb
 * (spread < 1.3), so some mandatory shifts must stay open and the medium optimum is not trivially 0.
 */
import loadHighs from "highs";
import { encodeProblem, formatScore, SolverSession, type EncodedProblem } from "../solver/index";
import { generateInstance } from "./generate";

const HARD_IDS = [0, 2, 3, 4, 5, 6];

interface MipResult {
  medium: number;
  seconds: number;
  status: string;
}

async function solveMip(problem: EncodedProblem, session: SolverSession): Promise<MipResult> {
  const S = problem.shiftIds.length, E = problem.employeeIds.length;
  const allowedPair: boolean[][] = [];
  for (let s = 0; s < S; s++) {
    allowedPair.push([]);
    for (let e = 0; e < E; e++) allowedPair[s].push(HARD_IDS.every((id) => session.localPenalty(id, s, e) === 0));
  }
  const name = (s: number, e: number) => `x${s}_${e}`;
  const objective: string[] = [];
  const rows: string[] = [];
  const binaries: string[] = [];
  for (let s = 0; s < S; s++) {
    const terms: string[] = [];
    for (let e = 0; e < E; e++) {
      if (!allowedPair[s][e]) continue;
      binaries.push(name(s, e));
      terms.push(name(s, e));
      if (problem.shiftMandatory[s] && problem.shiftWeight[s] > 0) objective.push(`${problem.shiftWeight[s]} ${name(s, e)}`);
    }
    if (terms.length > 1) rows.push(`once${s}: ${terms.join(" + ")} <= 1`);
  }
  const group = problem.sections.overlapGroup, allowed = problem.sections.overlapAllowed;
  let k = 0;
  for (let s = 0; s < S; s++) {
    for (let t = s + 1; t < S; t++) {
      const minutes = Math.min(problem.shiftEnd[s], problem.shiftEnd[t]) - Math.max(problem.shiftStart[s], problem.shiftStart[t]);
      if (minutes <= 0 || (problem.shiftHistoric[s] && problem.shiftHistoric[t])) continue;
      for (let e = 0; e < E; e++) {
        if (!allowedPair[s][e] || !allowedPair[t][e]) continue;
        const g = group[e];
        if (g > 0 && (allowed[(g - 1) * S + s] || allowed[(g - 1) * S + t])) continue;
        rows.push(`ov${k++}: ${name(s, e)} + ${name(t, e)} <= 1`);
      }
    }
  }
  const wrap = (terms: string[]) => terms.reduce((lines, term, i) => lines + (i === 0 ? "" : i % 8 === 0 ? "\n + " : " + ") + term, "");
  const lp = [
    "Maximize",
    ` assigned: ${objective.length ? wrap(objective) : "0 x0_0"}`,
    "Subject To",
    ...rows.map((r) => ` ${r}`),
    "Binary",
    ...binaries.map((b) => ` ${b}`),
    "End",
  ].join("\n");
  const highs = await loadHighs();
  const t = performance.now();
  const result = highs.solve(lp, { output_flag: false, time_limit: 120 });
  const seconds = (performance.now() - t) / 1000;
  let total = 0;
  for (let s = 0; s < S; s++) if (problem.shiftMandatory[s]) total += problem.shiftWeight[s];
  const best = Math.round((result as { ObjectiveValue: number }).ObjectiveValue ?? 0);
  return { medium: -(total - best), seconds, status: result.Status };
}

const INSTANCES = [
  { shifts: 50, employees: 5, seed: 101, spread: 0.5 },
  { shifts: 80, employees: 6, seed: 102, spread: 0.6 },
  { shifts: 100, employees: 8, seed: 103, spread: 0.5 },
  { shifts: 120, employees: 10, seed: 104, spread: 0.6 },
  { shifts: 150, employees: 12, seed: 105, spread: 0.5 },
  // Without departments the employees form one pool: more combinations to untangle.
  { shifts: 100, employees: 10, seed: 106, spread: 0.5, features: false },
  { shifts: 150, employees: 12, seed: 107, spread: 0.4, features: false },
];

/** Rota's search budget per instance: a few seconds of wall time at most. */
const ROTA_SECONDS = 3;

export async function runMipBenchmark(module: WebAssembly.Module): Promise<void> {
  console.log(`\n== Quality: exact hard/medium optimum by MIP (HiGHS) vs Rota after at most ${ROTA_SECONDS} s ==`);
  let matched = 0;
  for (const spec of INSTANCES) {
    const input = generateInstance({ features: true, ...spec, pinnedShare: 0, warmShare: 0 });
    const problem = encodeProblem(input);
    const probe = await SolverSession.create(module, problem, { seed: 1 });
    const mip = await solveMip(problem, probe);

    const session = await SolverSession.create(module, problem, { seed: 1 });
    const start = performance.now();
    let reachedAt: number | undefined;
    while (performance.now() - start < ROTA_SECONDS * 1000) {
      session.runSlice(50_000);
      const best = session.bestScore();
      if (reachedAt === undefined && best.hard === 0 && best.medium >= mip.medium) reachedAt = performance.now() - start;
      if (reachedAt !== undefined && performance.now() - start > reachedAt + 500) break;
    }
    const best = session.bestScore();
    const gap = best.hard === 0 ? mip.medium - best.medium : Number.NaN;
    if (best.hard === 0 && gap <= 0) matched++;
    console.log(
      `${spec.shifts} shifts / ${spec.employees} employees: MIP ${mip.status} 0hard/${mip.medium}medium in ${mip.seconds.toFixed(2)} s; ` +
        `Rota best ${formatScore(best)}${reachedAt !== undefined ? ` (optimal medium after ${(reachedAt / 1000).toFixed(2)} s)` : ""}; ` +
        `gap ${Number.isNaN(gap) ? "n/a (hard)" : `${gap} medium`}`,
    );
  }
  console.log(`Rota reached the optimal medium score on ${matched} of ${INSTANCES.length} instances.`);
}
