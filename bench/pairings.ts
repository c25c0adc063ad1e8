/**
 * Speed of the local search with pairings: the M instance of bench/run.ts (1,000 shifts, 50 employees, the engine
 * constraints, no contracts) plus employee pairings (by id and by employee tag) and daily shift pairing rules.
 * `npx tsx bench/pairings.ts` (build the release core first).
 */
import { readFileSync } from "node:fs";
import { generateInstance, rng } from "./generate";
import { encodeProblem, SolverSession } from "../solver/index";

const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function measure(label: string, tagGroup: number, withPairings: boolean): Promise<void> {
  const input = generateInstance({ shifts: 1000, employees: 50, seed: 2027, spread: 1.3, warmShare: 0.5, pinnedShare: 0, features: true, contracts: false });
  const random = rng(7);
  if (withPairings) {
    input.employees.forEach((e, i) => {
      e.tags = [...(e.tags ?? []), `group-${i % tagGroup}`];
      e.preferredPairings = [{ pairedEmployee: `emp-${Math.floor(random() * 50)}` }];
      if (i % 5 === 0) e.requiredPairings = [{ pairedEmployee: `emp-${(i + 1) % 50}` }];
      e.unpreferredPairings = [{ includeEmployeeWithTags: [`group-${(i + 1) % tagGroup}`] }];
      e.contracts = [...(e.contracts ?? []), "pairs"];
    });
    input.contracts = [...(input.contracts ?? []), {
      id: "pairs",
      dailyShiftPairingRules: [{ id: "d", satisfiability: "UNPREFERRED", dayOffset: 1 }, { id: "p", satisfiability: "PREFERRED", dayOffset: 0 }],
    }];
  }
  const session = await SolverSession.create(module, encodeProblem(input), { seed: 1 });
  session.runSlice(200_000);
  const steps0 = session.steps;
  const c0 = cpuMs();
  while (cpuMs() - c0 < 3000) session.runSlice(50_000);
  const rate = ((session.steps - steps0) / (cpuMs() - c0)) * 1000;
  console.log(`${label}: ${(rate / 1e6).toFixed(2)}M moves evaluated/s (CPU time), best ${JSON.stringify(session.bestScore())}`);
}

await measure("M without pairings", 5, false);
await measure("M + pairings, tag groups of 10 employees", 5, true);
await measure("M + pairings, tag groups of 25 employees", 2, true);
