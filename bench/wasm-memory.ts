/**
 * `npx tsx bench/wasm-memory.ts [M|XL|400k] [--slice N]`: where the solver core's Wasm memory goes (README "Wasm
 * memory"). The problem is encoded from a generated instance (bench/generate.ts, the contract mix, as
 * bench/memory.ts) and loaded step by step as SolverSession does; after each step the core's heap is walked
 * (assembly/heap-stats.ts): bytes in use, free, the memory's size, and the largest blocks. The sections are listed
 * by size from the encoded problem.
 */
import { readFileSync } from "node:fs";
import { encodeProblem, problemHeader } from "../solver/encode";
import { loadDemandInto } from "../solver/encode-demand";
import { SECTIONS } from "../solver/layout";
import { instantiateRota, type RotaExports } from "../solver/wasm";
import { writeSections } from "../solver/write-sections";
import { generateInstance } from "./generate";

const SIZES: Record<string, { shifts: number; employees: number }> = {
  M: { shifts: 1_000, employees: 50 },
  XL: { shifts: 100_000, employees: 2_000 },
  "400k": { shifts: 400_000, employees: 8_000 },
};
const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith("--") && SIZES[a]) ?? "XL";
const sliceAt = args.indexOf("--slice");
const sliceUnits = sliceAt >= 0 ? Number(args[sliceAt + 1]) : 0;
const wasm = args.find((a) => a.endsWith(".wasm")) ?? new URL("../build/rota.wasm", import.meta.url);
const size = SIZES[name];
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;

const input = generateInstance({ ...size, seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts: true });
const problem = encodeProblem(input);
const S = problem.shiftIds.length, E = problem.employeeIds.length;

const sections = SECTIONS.map((n) => ({ n, bytes: problem.sections[n].byteLength })).sort((a, b) => b.bytes - a.bytes);
const sectionTotal = sections.reduce((a, s) => a + s.bytes, 0);
console.log(`== ${name}: ${S} shifts, ${E} employees; sections ${mb(sectionTotal)} (${(sectionTotal / S).toFixed(1)} B per shift) ==`);
for (const s of sections.slice(0, 16)) console.log(`  ${s.n.padEnd(28)} ${mb(s.bytes).padStart(9)}  ${(s.bytes / S).toFixed(2)} B/shift`);

const core: RotaExports = await instantiateRota(new WebAssembly.Module(readFileSync(wasm)));
const CAP = 400;
const out = core.alloc(16 + 12 * CAP);
const stages: Array<{ stage: string; used: number; free: number; memory: number }> = [];
function stage(label: string, list = false): void {
  const n = core.heapStats(out, CAP, 256 * 1024);
  const v = new Int32Array(core.memory.buffer, out, 4 + 3 * n);
  const used = v[0] >>> 0, free = v[1] >>> 0;
  stages.push({ stage: label, used, free, memory: core.memory.buffer.byteLength });
  console.log(`${label.padEnd(34)} in use ${mb(used).padStart(9)} (${(used / S).toFixed(1)} B/shift)  free ${mb(free).padStart(9)}  memory ${mb(core.memory.buffer.byteLength).padStart(9)}`);
  if (list) {
    const blocks: Array<[number, number]> = [];
    for (let i = 0; i < n; i++) blocks.push([v[4 + 3 * i], v[5 + 3 * i]]);
    const bySize = new Map<string, number>();
    for (const [bytes, id] of blocks) {
      const key = `${bytes}`;
      bySize.set(key, (bySize.get(key) ?? 0) + 1);
    }
    for (const [bytes, count] of [...bySize.entries()].sort((a, b) => Number(b[0]) * b[1] - Number(a[0]) * a[1])) {
      console.log(`    ${count} × ${mb(Number(bytes)).padStart(9)}  (${(Number(bytes) / S).toFixed(2)} B/shift, ${(Number(bytes) / E).toFixed(1)} B/employee)`);
    }
  }
}

stage("instantiated");
const head = problemHeader(problem);
const hp = core.alloc(head.byteLength);
new Int32Array(core.memory.buffer, hp, head.length).set(head);
if (core.beginLoad(hp) !== 0) throw new Error("beginLoad");
core.free(hp);
writeSections(core, problem, "records");
stage("shift records written (beginLoad)");
if (core.allocateSections() !== 0) throw new Error("allocateSections");
writeSections(core, problem, "others");
stage("sections written (allocateSections)");
if (core.finishLoad() !== 0) throw new Error("finishLoad");
stage("problem derived (finishLoad)", true);
if (loadDemandInto(core, problem.demand) !== 0) throw new Error("demand");
const pairing = problem.pairings?.buffer;
if (pairing && pairing.length > 0) {
  const at = core.alloc(pairing.byteLength);
  new Int32Array(core.memory.buffer, at, pairing.length).set(pairing);
  if (core.loadPairings(at, pairing.length) !== 0) throw new Error("pairings");
  core.free(at);
}
stage("demand and pairings");
if (core.start(1) !== 0) throw new Error("start");
stage("started (state, warm start)", true);
if (sliceUnits > 0) {
  core.runSlice(sliceUnits);
  stage(`after a slice of ${sliceUnits} units`, true);
}
