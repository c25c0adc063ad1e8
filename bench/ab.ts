/**
 * A/B speed of two builds of the core on identical work: `npx tsx --expose-gc bench/ab.ts OLD.wasm NEW.wasm [M|XL]
 * [--no-contracts]`. Both sessions get the same instance and seed, so they make the same moves; their local search
 * slices alternate (A, B, A, B, ...) and each build's moves per CPU second are summed over its slices, so a shared
 * machine's drift hits both alike. Prints both rates and their ratio. OLD (or NEW) may be a checkout's folder instead
 * of a .wasm file: its build/rota.wasm is then loaded by its own glue (solver/), for a build whose LAYOUT_VERSION or
 * load protocol differs from this one's.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as glue from "../solver/index";
import { generateInstance } from "./generate";

const [pathA, pathB, sizeName = "M"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const contracts = !process.argv.includes("--no-contracts");
const size = sizeName === "XL" ? { shifts: 100_000, employees: 2_000, slice: 200_000, rounds: 10 } : { shifts: 1_000, employees: 50, slice: 100_000, rounds: 60 };
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const input = generateInstance({ shifts: size.shifts, employees: size.employees, seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts });
const sessions = await Promise.all(
  [pathA, pathB].map(async (p) => {
    const folder = statSync(p).isDirectory();
    const own: typeof glue = folder ? await import(pathToFileURL(join(p, "solver/index.ts")).href) : glue;
    const wasm = folder ? join(p, "build/rota.wasm") : p;
    return own.SolverSession.create(new WebAssembly.Module(readFileSync(wasm)), own.encodeProblem(input), { seed: 1 });
  }),
);
for (const s of sessions) while (s.phase === "CONSTRUCTION") s.runSlice(1_000_000);
const cpu = [0, 0];
const steps = [0, 0];
for (let round = 0; round < size.rounds; round++) {
  sessions.forEach((s, i) => {
    const before = s.steps;
    const t = cpuMs();
    s.runSlice(size.slice);
    cpu[i] += cpuMs() - t;
    steps[i] += s.steps - before;
  });
}
const same = sessions[0].currentScore().soft === sessions[1].currentScore().soft && steps[0] === steps[1];
const rate = (i: number) => (steps[i] / cpu[i]) * 1000;
console.log(`${sizeName}${contracts ? " with contracts" : " no contracts"}: A ${(rate(0) / 1e6).toFixed(3)}M moves/s, B ${(rate(1) / 1e6).toFixed(3)}M moves/s, B/A ${(rate(1) / rate(0)).toFixed(3)} over ${steps[0]} moves each${same ? "" : " (the two runs diverged!)"}`);
