import { readFileSync } from "node:fs";
import { encodeProblem, SolverSession, formatScore } from "../solver/index";
import { generateInstance } from "./generate";
const module = new WebAssembly.Module(readFileSync("build/rota.wasm"));
const problem = encodeProblem(generateInstance({ shifts: 120, employees: 12, seed: 21, spread: 1.3, warmShare: 1, impossible: 2 }));
for (const acceptor of [{ kind: "LATE_ACCEPTANCE" as const }, { kind: "SIMULATED_ANNEALING" as const, halfLife: 20_000 }]) {
  const s = await SolverSession.create(module, problem, { seed: 4, acceptor });
  s.runSlice(0);
  console.log(acceptor.kind, "initial", formatScore(s.currentScore()));
  let i = 0;
  for (; i < 100 && formatScore(s.bestScore()) !== "0hard/-20medium/0soft"; i++) s.runSlice(20_000);
  console.log(acceptor.kind, i, formatScore(s.bestScore()));
}
