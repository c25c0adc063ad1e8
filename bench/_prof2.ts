import { readFileSync } from "node:fs";
import { encodeProblem, SolverSession } from "../solver/index";
import { CONSTRAINTS } from "../solver/constraints";
import { generateInstance } from "./generate";
const module = new WebAssembly.Module(readFileSync("/tmp/rota.prof.wasm"));
const input = generateInstance({ shifts: 1000, employees: 50, seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true });
const problem = encodeProblem(input);
async function rate(weights: Record<string, number>) {
  const s = await SolverSession.create(module, problem, { seed: 1, weights });
  s.runSlice(200_000);
  const t = performance.now();
  s.runSlice(2_000_000);
  return (2_000_000 / (performance.now() - t)) * 1000;
}
console.log("all", (await rate({})).toFixed(0));
const none: Record<string, number> = {};
