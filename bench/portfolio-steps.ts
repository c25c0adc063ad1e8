/**
 * A `maxThreadCount` 2 run of the nurse rostering benchmark simulated at fixed work, to compare when a search should
 * take the shared best (solver/adoption-policy.ts) without the wall clock's noise: `npx tsx bench/portfolio-steps.ts
 * [--adopt-after UNITS|never] [--units N] [--instances 13,15]`. Two sessions (seeds 1 and 2) take turns, SLICE units
 * each; after each turn a search whose best is worse than the other's and whose own best has stalled for UNITS
 * (default ADOPT_AFTER_UNITS; 0: whenever the other's is better; `never`: independent searches) takes the other's.
 * Prints per instance the evaluator's gap of the better search and of each search, and the adoptions. Search 1 alone
 * is the single search of `bench/quality.ts --mode steps --seed 1` with the same units.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ADOPT_AFTER_UNITS, AdoptionPolicy } from "../solver/adoption-policy";
import { compareScores, SolverSession } from "../solver/index";
import { BEST_KNOWN, evaluateAssignment, prepare, REPO } from "./nurse-rostering";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const units = Number(opt("units", "4e6"));
const after = opt("adopt-after", String(ADOPT_AFTER_UNITS));
const afterUnits = after === "never" ? Infinity : Number(after);
const module = new WebAssembly.Module(readFileSync(opt("wasm", join(REPO, "build/rota.wasm"))));
/** The quality bench's slice (bench/quality.ts). */
const SLICE = 50_000;

for (const n of opt("instances", "13,15,17,19,21,23").split(",").map(Number)) {
  const x = prepare(n);
  const weights = x.request.config?.model?.overrides;
  const sessions = [await SolverSession.create(module, x.problem, { seed: 1, weights }), await SolverSession.create(module, x.problem, { seed: 2, weights })];
  const policies = sessions.map((s) => new AdoptionPolicy(s, afterUnits));
  let adopted = 0;
  while (sessions[0].unitsDone < units) {
    for (const s of sessions) s.runSlice(Math.min(SLICE, units - s.unitsDone));
    const stalled = sessions.map((s, i) => policies[i].stalled(s));
    for (let i = 0; i < 2; i++) {
      const own = sessions[i], other = sessions[1 - i];
      if (stalled[i] && compareScores(other.bestScore(), own.bestScore()) > 0) {
        own.applyAssignment(other.bestAssignment());
        policies[i].adopted(own);
        adopted++;
      }
    }
  }
  const gaps = sessions.map((s) => {
    const ev = evaluateAssignment(x, s.bestAssignment());
    return ev.feasible ? +((100 * (ev.objective - BEST_KNOWN[n])) / BEST_KNOWN[n]).toFixed(2) : null;
  });
  const best = compareScores(sessions[0].bestScore(), sessions[1].bestScore()) >= 0 ? 0 : 1;
  console.log(JSON.stringify({ instance: n, adoptAfter: after, units, gapPct: gaps[best], searches: gaps, adopted }));
}
