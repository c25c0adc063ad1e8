/**
 * The glue's constraint families, in the core's registry order (assembly/constraints/index.ts): encodeProblem runs
 * their encoders in this order, and every constraint id of the core belongs to exactly one of them (constraints.ts
 * checks it at load). A new family: its folder here, one line below, and its family in the core.
 */
import type { FamilyDescriptor } from "./types";
import { localFamily } from "./local/index";
import { overlapFamily } from "./overlap/index";
import { balanceFamily } from "./balance/index";
import { contractsFamily } from "./contracts/index";
import { costFamily } from "./cost/index";
import { demandFamily } from "./demand/index";
import { pairingsFamily } from "./pairings/index";
import { travelGapFamily } from "./travel-gap/index";

export type { FamilyDescriptor, FamilyConstraint, Trial, TrialReader } from "./types";

export const FAMILIES: readonly FamilyDescriptor[] = [
  localFamily, overlapFamily, balanceFamily, contractsFamily, costFamily, demandFamily, pairingsFamily, travelGapFamily,
];
