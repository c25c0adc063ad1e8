/**
 * Solver benchmark: `npm run bench` (builds the release core, then runs this with tsx), or `npx tsx bench/run.ts
 * [S|M|L|XL|400k|MIP ...]`. Generates S/M/L/XL (and, named, 400k) instances deterministically with every constraint of the catalogue
 * active (generate.ts `features`) and prints, per instance:
 *   - construction time and units, time to the first solution with 0 hard, the best score after fixed budgets;
 *   - local search moves evaluated per second (one move = one step, scored whether accepted or not);
 *   - the cost of one incremental move against one from-scratch score;
 *   - memory: the input as JS objects, the encoded problem, and the Wasm memory of the solver (the Durable Object
 *     holds all three, within its 128 MB);
 * and the per-move cost of XL relative to M, with the contract mix (target 2x) and with the engine constraints alone
 * (target 3x), and of 400k relative to XL when both run (target 1.5x). `MIP` runs the quality check against HiGHS (bench/mip.ts). The clock is read only at slice boundaries, as a Durable Object would.
 */
import { readFileSync } from "node:fs";
import { encodeProblem, formatScore, SolverSession } from "../solver/index";
import { generateInstance } from "./generate";
import { runMipBenchmark } from "./mip";

const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));

interface Size {
  name: string;
  shifts: number;
  employees: number;
  /** Share of shifts arriving with a random employee (a warm start with hard violations). */
  warmShare: number;
  /** Wall-clock cap for the whole instance (the budgets below stop earlier when reached). */
  seconds: number;
  budgets: number[];
  /** Run only when named on the command line. */
  onlyNamed?: boolean;
}

// Tight instances (spread 1.3: planted work on adjacent days, so overlaps must be untangled), random warm starts
// with hard violations, nothing pinned (so 0hard is always reachable by unassigning).
const SIZES: Size[] = [
  { name: "S", shifts: 140, employees: 15, warmShare: 0.3, seconds: 10, budgets: [1e4, 1e5, 1e6] },
  { name: "M", shifts: 1_000, employees: 50, warmShare: 0.3, seconds: 20, budgets: [1e5, 1e6, 5e6] },
  { name: "L", shifts: 10_000, employees: 300, warmShare: 0.3, seconds: 40, budgets: [2e6, 1e7, 2e7] },
  { name: "XL", shifts: 100_000, employees: 2_000, warmShare: 0.3, seconds: 90, budgets: [2e7, 4e7, 6e7] },
  // The specification's largest dataset, the same 65 days: its moves are compared with XL's (target 1.5x).
  { name: "400k", shifts: 400_000, employees: 8_000, warmShare: 0.3, seconds: 900, budgets: [4e7], onlyNamed: true },
];

/**
 * Arguments: instance names to run (default all), `--no-contracts` for the engine constraint set alone (no contract rules), and
 * `--contracts` for the contract mix alone. By default every size runs with the contract mix, then M and XL again
 * without it: the XL/M per-move target (3x) was set for the engine constraints; contract rules currently re-evaluate
 * an employee's whole horizon per move, so with them XL/M is reported but not held to it.
 */
const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const configs = process.argv.includes("--no-contracts") ? [false] : process.argv.includes("--contracts") ? [true] : [true, false];
const fmt = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};
/**
 * CPU milliseconds of this process (user + system). Speeds are measured in CPU time: on a shared machine the wall
 * clock also counts the time other processes held the core; the CPU time of a single-threaded loop does not.
 */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Per-move cost (µs) and the session of each size measured, for the XL/M comparison. */
interface Measured {
  moveUs: number;
  session: SolverSession;
}

async function runSize(size: Size, withContracts: boolean): Promise<Measured | undefined> {
  const h0 = heap();
  const t0 = performance.now();
  const input = generateInstance({
    shifts: size.shifts, employees: size.employees, seed: 2027, spread: 1.3, warmShare: size.warmShare, pinnedShare: 0, features: true, contracts: withContracts,
  });
  const h1 = heap();
  const problem = encodeProblem(input);
  // The encoded problem is typed arrays (some shared between fields): count each buffer once.
  const buffers = new Set<ArrayBufferLike>();
  for (const v of [...Object.values(problem), ...Object.values(problem.sections)]) if (ArrayBuffer.isView(v)) buffers.add(v.buffer);
  const encodedBytes = [...buffers].reduce((n, b) => n + b.byteLength, 0);
  const t1 = performance.now();
  const session = await SolverSession.create(module, problem, { seed: 1 });
  const t2 = performance.now();
  console.log(`\n== ${size.name}: ${size.shifts} shifts, ${size.employees} employees, all 17 engine constraints${withContracts ? ` + a contract mix (${problem.counts.rules} compiled rules)` : ", no contracts"} ==`);
  console.log(`generate+encode ${(t1 - t0).toFixed(0)} ms, load+start ${(t2 - t1).toFixed(0)} ms, initial ${formatScore(session.currentScore())}`);

  const deadline = t2 + size.seconds * 1000;
  const lsSlice = Math.max(10_000, Math.min(1_000_000, size.shifts * 20));
  let firstZeroHard: number | undefined;
  let constructionMs: number | undefined;
  let lsUnits = 0;
  let lsMs = 0;
  let peakWasm = session.memoryBytes();
  const results: string[] = [];
  let budgetIndex = 0;
  if (session.phase === "LOCAL_SEARCH") console.log("construction: nothing to construct");
  while (performance.now() < deadline && budgetIndex < size.budgets.length) {
    const wasConstruction = session.phase === "CONSTRUCTION";
    const stepsBefore = session.steps;
    const before = performance.now();
    const cpuBefore = cpuMs();
    const target = size.budgets[budgetIndex];
    const slice = wasConstruction ? 200_000 : lsSlice;
    session.runSlice(Math.min(slice, target - session.unitsDone));
    const after = performance.now();
    const cpuAfter = cpuMs();
    peakWasm = Math.max(peakWasm, session.memoryBytes());
    if (!wasConstruction) {
      lsUnits += session.steps - stepsBefore;
      lsMs += cpuAfter - cpuBefore;
    } else if ((session.phase as string) === "LOCAL_SEARCH" && constructionMs === undefined) {
      constructionMs = after - t2;
      console.log(`construction: ${fmt(session.unitsDone)} units in ${constructionMs.toFixed(0)} ms (${fmt((session.unitsDone / constructionMs) * 1000)} units/s): ${formatScore(session.currentScore())}`);
    }
    if (firstZeroHard === undefined && session.bestScore().hard === 0 && session.phase === "LOCAL_SEARCH") {
      firstZeroHard = after - t2;
      console.log(`first 0hard after ${(firstZeroHard / 1000).toFixed(2)} s, ${fmt(session.unitsDone)} units: ${formatScore(session.bestScore())}`);
    }
    if (session.unitsDone >= target) {
      results.push(`${fmt(target)}: ${formatScore(session.bestScore())}`);
      budgetIndex++;
    }
  }
  if (constructionMs === undefined && session.phase === "CONSTRUCTION") console.log(`construction unfinished after ${fmt(session.unitsDone)} units (${size.seconds} s cap)`);
  if (firstZeroHard === undefined) console.log(`no 0hard within the cap (best ${formatScore(session.bestScore())})`);
  console.log(`best after budgets (units): ${results.join(" | ") || "(cap reached first)"}`);
  if (lsMs > 0) console.log(`local search: ${fmt((lsUnits / lsMs) * 1000)} moves evaluated/s (CPU time) over ${fmt(lsUnits)} moves`);

  // Incremental vs from scratch: one move evaluation against one full recomputation of the score.
  let measured: Measured | undefined;
  if (session.phase === "LOCAL_SEARCH") {
    const reps = Math.max(3, Math.min(200, Math.floor(2e6 / size.shifts)));
    let scratchUs = Infinity;
    for (let i = 0; i < reps; i++) {
      const a = cpuMs();
      session.scoreFromScratch();
      scratchUs = Math.min(scratchUs, (cpuMs() - a) * 1000);
    }
    // Best of several slices: the machine may be shared, and the least disturbed slice is the closest to the cost.
    let moveUs = Infinity;
    for (let k = 0; k < 8; k++) {
      const b = cpuMs();
      session.runSlice(250_000);
      moveUs = Math.min(moveUs, ((cpuMs() - b) / 250_000) * 1000);
    }
    measured = { moveUs, session };
    console.log(`from-scratch score ${scratchUs.toFixed(1)} µs vs incremental move ${moveUs.toFixed(3)} µs: ${fmt(scratchUs / moveUs)}x`);
  }
  peakWasm = Math.max(peakWasm, session.memoryBytes());
  console.log(
    `memory: input ${mb(h1 - h0)} (JS objects), encoded problem ${mb(encodedBytes)}, solver Wasm memory ${mb(peakWasm)}: ` +
      `${mb(h1 - h0 + encodedBytes + peakWasm)} together (Durable Object limit 128 MB)`,
  );
  return measured;
}

/** The larger size's cost per move relative to the smaller's, from the best slices and from alternating slices. */
function compare(label: string, target: string, small: Measured, large: Measured, names: [string, string], smallSlice: number): void {
  const ratio = `${names[1]} / ${names[0]} cost per move, ${label}`;
  console.log(`\n${ratio}: ${(large.moveUs / small.moveUs).toFixed(2)}x (best slices, measured a minute apart; ${target})`);
  // The same ratio with the two sizes' slices alternating, so both see the same machine (a shared CPU's speed drifts
  // by 10-30% over a minute): the median of the paired ratios.
  const ratios: number[] = [];
  for (let k = 0; k < 9; k++) {
    // About 0.1 s each: 300k moves of M, 100k of XL or 400k.
    const a = cpuMs();
    small.session.runSlice(smallSlice);
    const b = cpuMs();
    large.session.runSlice(100_000);
    const c = cpuMs();
    ratios.push((c - b) / 100_000 / ((b - a) / smallSlice));
  }
  ratios.sort((x, y) => x - y);
  console.log(`${ratio}, paired slices: median ${ratios[4].toFixed(2)}x (range ${ratios[0].toFixed(2)}-${ratios[8].toFixed(2)}x; ${target})`);
}

for (const withContracts of configs) {
  const measured: Record<string, Measured> = {};
  for (const size of SIZES) {
    if (args.length > 0 ? !args.includes(size.name) : size.onlyNamed) continue;
    // Without contracts (after a run with them), only M and XL: the sizes of the target.
    if (!withContracts && configs.length > 1 && size.name !== "M" && size.name !== "XL") continue;
    const result = await runSize(size, withContracts);
    if (result) measured[size.name] = result;
  }
  if (measured.M && measured.XL) {
    if (withContracts) compare("with the contract mix", "target <= 2x", measured.M, measured.XL, ["M", "XL"], 300_000);
    else compare("engine constraints", "target <= 3x", measured.M, measured.XL, ["M", "XL"], 300_000);
  }
  if (measured.XL && measured["400k"]) compare(withContracts ? "with the contract mix" : "engine constraints", "target <= 1.5x", measured.XL, measured["400k"], ["XL", "400k"], 100_000);
}
if (args.length === 0 || args.includes("MIP")) await runMipBenchmark(module);
