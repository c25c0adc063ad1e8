/**
 * Solver benchmark: `npx tsx bench/run.ts` (after `npm run build:wasm`). Generates S/M/L/XL instances
 * deterministically and prints construction speed, local search moves per second, time to the first 0hard, the best
 * score after fixed budgets and the speed of an incremental move evaluation against a from-scratch score.
 * The clock is read only at slice boundaries, as a Durable Object would.
 */
import { readFileSync } from "node:fs";
import { encodeProblem, formatScore, SolverSession } from "../solver/index";
import { generateInstance } from "./generate";

const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));

interface Size {
  name: string;
  shifts: number;
  employees: number;
  /** Share of shifts arriving with a random employee (warm start; 1 = construction has nothing to do). */
  warmShare: number;
  /** Wall-clock cap for the whole instance (the budgets below stop earlier when reached). */
  seconds: number;
  budgets: number[];
}

// Tight instances (spread 1.3: planted work on adjacent days, so overlaps must be untangled), random warm starts
// with hard violations, nothing pinned (so 0hard is always reachable by unassigning). XL starts fully warm: its
// construction (S x E = 2e8 units) alone would take minutes; a re-solve of a published schedule is the XL case.
const SIZES: Size[] = [
  { name: "S", shifts: 140, employees: 15, warmShare: 0.3, seconds: 10, budgets: [1e4, 1e5, 1e6] },
  { name: "M", shifts: 1_000, employees: 50, warmShare: 0.3, seconds: 20, budgets: [1e5, 1e6, 5e6] },
  { name: "L", shifts: 10_000, employees: 300, warmShare: 0.3, seconds: 35, budgets: [5e6, 1e7, 2e7] },
  { name: "XL", shifts: 100_000, employees: 2_000, warmShare: 1, seconds: 50, budgets: [5e6, 1e7, 2e7] },
];

const only = process.argv[2];
const fmt = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0));

for (const size of SIZES) {
  if (only && only !== size.name) continue;
  const t0 = performance.now();
  const input = generateInstance({ shifts: size.shifts, employees: size.employees, seed: 2027, spread: 1.3, warmShare: size.warmShare, pinnedShare: 0, features: true });
  const problem = encodeProblem(input);
  const t1 = performance.now();
  const session = await SolverSession.create(module, problem, { seed: 1 });
  const t2 = performance.now();
  console.log(`\n== ${size.name}: ${size.shifts} shifts, ${size.employees} employees ==`);
  console.log(`generate+encode ${(t1 - t0).toFixed(0)} ms, load+start ${(t2 - t1).toFixed(0)} ms, initial ${formatScore(session.currentScore())}`);

  if (session.phase === "LOCAL_SEARCH") console.log("construction: nothing to construct (every shift arrives with an employee)");
  const deadline = t2 + size.seconds * 1000;
  const lsSlice = Math.max(10_000, Math.min(1_000_000, size.shifts * 20));
  let firstZeroHard: number | undefined;
  let constructionMs: number | undefined;
  let lsUnits = 0;
  let lsMs = 0;
  const results: string[] = [];
  let budgetIndex = 0;
  while (performance.now() < deadline && budgetIndex < size.budgets.length) {
    const wasConstruction = session.phase === "CONSTRUCTION";
    const stepsBefore = session.steps;
    const before = performance.now();
    const target = size.budgets[budgetIndex];
    const slice = wasConstruction ? size.employees * 10 : lsSlice;
    session.runSlice(Math.min(slice, target - session.unitsDone));
    const after = performance.now();
    if (!wasConstruction) {
      lsUnits += session.steps - stepsBefore;
      lsMs += after - before;
    } else if ((session.phase as string) === "LOCAL_SEARCH" && constructionMs === undefined) {
      constructionMs = after - t2;
      console.log(`construction done after ~ ${fmt(session.unitsDone)} units in ${constructionMs.toFixed(0)} ms (${fmt((session.unitsDone / constructionMs) * 1000)} units/s): ${formatScore(session.currentScore())}`);
    }
    if (firstZeroHard === undefined && session.bestScore().hard === 0 && session.phase === "LOCAL_SEARCH") {
      firstZeroHard = after - t2;
      console.log(`first 0hard after ${(firstZeroHard / 1000).toFixed(2)} s, ${fmt(session.unitsDone)} units: ${formatScore(session.bestScore())}`);
    }
    if (session.unitsDone >= target) {
      results.push(`${fmt(target)} units: ${formatScore(session.bestScore())}`);
      budgetIndex++;
    }
  }
  if (constructionMs === undefined && session.phase === "CONSTRUCTION") console.log(`construction unfinished after ${fmt(session.unitsDone)} units (${size.seconds} s cap)`);
  if (firstZeroHard === undefined) console.log(`no 0hard within the cap (best ${formatScore(session.bestScore())})`);
  console.log(`best after budgets: ${results.join(" | ") || "(cap reached first)"}`);
  if (lsMs > 0) console.log(`local search: ${fmt((lsUnits / lsMs) * 1000)} moves/s over ${fmt(lsUnits)} moves`);

  // Incremental vs from scratch: one move evaluation against one full recomputation of the score.
  if (session.phase === "LOCAL_SEARCH") {
    const reps = Math.max(3, Math.min(200, Math.floor(2e6 / size.shifts)));
    const a = performance.now();
    for (let i = 0; i < reps; i++) session.scoreFromScratch();
    const scratchUs = ((performance.now() - a) / reps) * 1000;
    const b = performance.now();
    session.runSlice(200_000);
    const moveUs = ((performance.now() - b) / 200_000) * 1000;
    console.log(`from-scratch score ${scratchUs.toFixed(1)} µs vs incremental move ${moveUs.toFixed(3)} µs: ${fmt(scratchUs / moveUs)}x`);
  }
}
