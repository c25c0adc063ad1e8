/**
 * Whether the order shifts are sent in changes the cost of a move: `npx tsx bench/input-order.ts [UNITS]`. XL with the
 * contract mix (bench/run.ts's instance: the generator emits shifts in random order) is opened twice, as generated
 * and with its shifts sorted by start; both run through construction and UNITS (default 4M) local search steps, then
 * their slices alternate with M's, and the medians of the paired XL / M per-move ratios are printed. The search
 * itself does not depend on the order (it draws shifts by rank in start order), so both make the same moves: only
 * where the shifts' records lie in memory differs.
 */
import { readFileSync } from "node:fs";
import { encodeProblem, formatScore, SolverSession } from "../solver/index";
import type { ModelInput } from "../schemas/model-input";
import { generateInstance } from "./generate";

const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));
const units = Number(process.argv[2] ?? 4e6);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const generate = (shifts: number, employees: number) =>
  generateInstance({ shifts, employees, seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts: true });

async function open(input: ModelInput, warmUnits: number): Promise<SolverSession> {
  const session = await SolverSession.create(module, encodeProblem(input), { seed: 1 });
  while (session.phase === "CONSTRUCTION") session.runSlice(200_000);
  session.runSlice(warmUnits);
  return session;
}

const m = await open(generate(1_000, 50), units);
const xl = generate(100_000, 2_000);
const random = await open(xl, units);
const byStart = await open({ ...xl, shifts: [...xl.shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)) }, units);
console.log(`after ${units} steps: as generated ${formatScore(random.bestScore())}, sorted ${formatScore(byStart.bestScore())}`);
const ratios: [number[], number[]] = [[], []];
for (let k = 0; k < 11; k++) {
  [random, byStart].forEach((session, i) => {
    const a = cpuMs();
    m.runSlice(300_000);
    const b = cpuMs();
    session.runSlice(100_000);
    const c = cpuMs();
    ratios[i].push((c - b) / 100_000 / ((b - a) / 300_000));
  });
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1].toFixed(2);
const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`;
console.log(`XL / M per move, paired slices: shifts as generated ${median(ratios[0])}x (${range(ratios[0])}), sorted by start ${median(ratios[1])}x (${range(ratios[1])})`);
