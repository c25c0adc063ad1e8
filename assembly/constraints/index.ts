/**
 * The constraint registry: the ordered list of constraint families, and the only way the score director (score.ts)
 * and the solution (solution.ts) reach them. Each family module implements the same entry points:
 *
 *   declare(family)        registers its constraints (id, name, level, reward, kind: catalog.ts)
 *   initFamily()           sizes its state for an empty solution (a solve starts, a checkpoint is restored)
 *   onAssign...(s, f, t)   keeps its aggregate state current when a shift moves (solution.setEmployee)
 *   scoreChange / scoreSwap  raw deltas of a change / a swap, under the current solution, into raw[], marking the
 *                          ids it wrote in `touched` (catalog.ts)
 *   keepChange()           the change just scored joins the move in progress (families that cache values)
 *   commitMove / dropMove  the move is applied / rejected
 *   rebuildState()         recomputes cached values from the solution (after loading or replacing one)
 *   fullPenalty(id), fullMatchCount(id)   from scratch, independent of any incremental state
 *   matchCountsInto(counts)               the current match counts of its enabled constraints
 *
 * A family that has nothing to do for an entry point does not export it, and its line is left out below. The calls
 * are written out in family order (compile-time dispatch: no indirect call in the hot loop). A move is scored in
 * stages (score.ts): the hard stage with early exit (LOCAL hard units and overlap; hourly demand when it has
 * REQUIRED intervals), then the families scored at every level at once (contracts, cost, pairings, travel gap, and
 * demand otherwise), then the rest (LOCAL medium and soft units, balance).
 *
 * Adding a constraint to a family: its unit with its `register` line (in the family's or the contract rule kind's
 * `declare`), its id in assembly/layout.ts (CONSTRAINT_COUNT beside it names the last one), the glue's descriptor row
 * and the verifier row (README "How to add a constraint").
 */
import {
  FAMILY_LOCAL, FAMILY_OVERLAP, FAMILY_BALANCE, FAMILY_CONTRACTS, FAMILY_COST, FAMILY_DEMAND, FAMILY_PAIRINGS, FAMILY_TRAVEL_GAP,
  CONSTRAINT_COUNT,
  checkCatalogue, familyOf, touched,
} from "./catalog";
import { clearMask, copyMask } from "../id-mask";
import { hardClean, assignment } from "../state";
import * as local from "./local";
import * as overlap from "./overlapping-shift";
import * as balance from "./balance";
import * as contracts from "./contracts";
import * as cost from "./cost";
import * as demand from "./demand";
import * as pairings from "./pairings";
import * as travelGap from "./travel-gap";

export {
  CONSTRAINT_COUNT, constraintName, constraintLevel, isReward, constraintKind, enabled, touched, hardRunning, setHardRunning,
} from "./catalog";
export { localPenalty, hardLocal } from "./local";

let declared = false;

/** Fills the catalogue (catalog.ts) from the families, once; the score director calls it before reading levels. */
export function declareFamilies(): void {
  if (declared) return;
  declared = true;
  local.declare(FAMILY_LOCAL);
  overlap.declare(FAMILY_OVERLAP);
  balance.declare(FAMILY_BALANCE);
  contracts.declare(FAMILY_CONTRACTS);
  cost.declare(FAMILY_COST);
  demand.declare(FAMILY_DEMAND);
  pairings.declare(FAMILY_PAIRINGS);
  travelGap.declare(FAMILY_TRAVEL_GAP);
  checkCatalogue();
}
declareFamilies();

// ---- solution state ----------------------------------------------------------------------------------------------------

export function initFamilies(): void {
  local.initFamily();
  overlap.initFamily();
  balance.initFamily();
  contracts.initFamily();
  cost.initFamily();
  demand.initFamily();
  pairings.initFamily();
  travelGap.initFamily();
}

/** Shift s moved from `from` to `to` (lists already updated). */
// @ts-ignore: decorator
@inline
export function onAssign(s: i32, from: i32, to: i32): void {
  balance.onAssignFamily(s, from, to);
  overlap.onAssign(s, from, to);
  cost.onAssignFamily(s, from, to);
  demand.onAssignFamily(s, from, to);
}

export function rebuildFamilies(): void {
  contracts.rebuildState();
}

// @ts-ignore: decorator
@inline
export function commitMove(): void {
  contracts.commitMove();
}

// @ts-ignore: decorator
@inline
export function dropMove(): void {
  contracts.dropMove();
}

// @ts-ignore: decorator
@inline
export function keepChange(): void {
  contracts.keepChange();
}

export function clearTouched(): void {
  clearMask(touched);
}

export function setTouched(mask: StaticArray<u64>): void {
  copyMask(touched, mask);
}

// ---- one change, every constraint (construction, ruin and recreate, manual changes) -------------------------------------

/** Raw deltas of every family for moving s from `from` to `to` (from != to), into raw[]. */
export function addChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  local.scoreChange(s, from, to, raw);
  overlap.scoreChange(s, from, to, raw);
  balance.scoreChange(s, from, to, raw);
  contracts.scoreChange(s, from, to, raw);
  cost.scoreChange(s, from, to, raw);
  demand.scoreChange(s, from, to, raw);
  pairings.scoreChange(s, from, to, raw);
  travelGap.scoreChange(s, from, to, raw);
}

// ---- stages of a move (local search) -------------------------------------------------------------------------------------

/**
 * Hard stage, gains: the LOCAL hard penalties of s on e, its current employee (skipped when the placement is known
 * clean, state.ts hardClean), and its overlap with e's other shifts, subtracted.
 */
export function subtractHard(s: i32, e: i32, raw: StaticArray<i64>): void {
  if (e < 0) return;
  const clean = unchecked(hardClean[s]);
  if (clean != 0) {
    const dirty = local.addLocalHard(s, e, -1, raw);
    if (unchecked(assignment[s]) == e) unchecked(hardClean[s] = dirty ? 1 : 0);
  }
  overlap.subtractOwn(s, e, raw);
}

/**
 * Hard stage, penalties of placing s on e (LOCAL units, then the overlap with e's shifts), one unit at a time while
 * tracking `hardRunning`; false as soon as it falls below `floor`. Penalties only lower the score, so once below the
 * floor the candidate is rejected whatever the remaining units say.
 */
export function addHardUntil(s: i32, e: i32, raw: StaticArray<i64>, weight: StaticArray<i64>, floor: i64): bool {
  if (e < 0) return true;
  if (!local.addHardUntil(s, e, raw, weight, floor)) return false;
  return overlap.addHardUntil(s, e, raw, weight, floor);
}

/** Hard stage of a swap: the overlap correction between the two changes. */
// @ts-ignore: decorator
@inline
export function addSwapHard(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  overlap.swapCorrection(s1, s2, a, b, raw);
}

/** Families scored in the hard stage before the early exit (their gains must be counted first for it to be sound). */
// @ts-ignore: decorator
@inline
export function addChangeEarly(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (demand.hardActive) demand.scoreChange(s, from, to, raw);
}

// @ts-ignore: decorator
@inline
export function addSwapEarly(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (demand.hardActive) demand.scoreSwap(s1, s2, a, b, raw);
}

/** Whether any family is scored at every level at once (the stage below has something to do). */
// @ts-ignore: decorator
@inline
export function anyAllLevels(): bool {
  return (demand.active && !demand.hardActive) || contracts.active || cost.active || pairings.active || travelGap.active;
}

/** Families scored at every level at once, after the early exit. */
export function addChangeAllLevels(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (!demand.hardActive) demand.scoreChange(s, from, to, raw);
  contracts.scoreChange(s, from, to, raw);
  contracts.keepChange();
  cost.scoreChange(s, from, to, raw);
  pairings.scoreChange(s, from, to, raw);
  travelGap.scoreChange(s, from, to, raw);
}

export function addSwapAllLevels(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!demand.hardActive) demand.scoreSwap(s1, s2, a, b, raw);
  contracts.scoreSwap(s1, s2, a, b, raw);
  contracts.keepChange();
  cost.scoreSwap(s1, s2, a, b, raw);
  pairings.scoreSwap(s1, s2, a, b, raw);
  travelGap.scoreSwap(s1, s2, a, b, raw);
}

/** The medium and soft rest of a change: LOCAL units of both sides, balance. */
// @ts-ignore: decorator
@inline
export function addChangeRest(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  local.addLocalRest(s, to, 1, raw);
  local.addLocalRest(s, from, -1, raw);
  balance.scoreChange(s, from, to, raw);
}

// @ts-ignore: decorator
@inline
export function addSwapRest(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  local.addLocalRest(s1, b, 1, raw);
  local.addLocalRest(s1, a, -1, raw);
  local.addLocalRest(s2, a, 1, raw);
  local.addLocalRest(s2, b, -1, raw);
  balance.scoreSwap(s1, s2, a, b, raw);
}

// ---- from scratch ------------------------------------------------------------------------------------------------------

/** Raw weight of constraint `id` from scratch (independent of the incremental state). */
export function penaltyFull(id: i32): i64 {
  switch (familyOf(id)) {
    case FAMILY_LOCAL: return local.fullPenalty(id);
    case FAMILY_OVERLAP: return overlap.fullPenalty(id);
    case FAMILY_BALANCE: return balance.fullPenalty(id);
    case FAMILY_CONTRACTS: return contracts.fullPenalty(id);
    case FAMILY_COST: return cost.fullPenalty(id);
    case FAMILY_DEMAND: return demand.fullPenalty(id);
    case FAMILY_PAIRINGS: return pairings.fullPenalty(id);
    case FAMILY_TRAVEL_GAP: return travelGap.fullPenalty(id);
  }
  return 0;
}

export function matchCount(id: i32): i32 {
  switch (familyOf(id)) {
    case FAMILY_LOCAL: return local.fullMatchCount(id);
    case FAMILY_OVERLAP: return overlap.fullMatchCount(id);
    case FAMILY_BALANCE: return balance.fullMatchCount(id);
    case FAMILY_CONTRACTS: return contracts.fullMatchCount(id);
    case FAMILY_COST: return cost.fullMatchCount(id);
    case FAMILY_DEMAND: return demand.fullMatchCount(id);
    case FAMILY_PAIRINGS: return pairings.fullMatchCount(id);
    case FAMILY_TRAVEL_GAP: return travelGap.fullMatchCount(id);
  }
  return 0;
}

const isLocal = new StaticArray<bool>(CONSTRAINT_COUNT);
for (let id = 0; id < CONSTRAINT_COUNT; id++) isLocal[id] = familyOf(id) == FAMILY_LOCAL;

/**
 * Every constraint's match count of the current solution into counts[] (0 for disabled ones), in one pass: the
 * LOCAL constraints over the shifts once, the others from their state (contract rules: their caches, kept at every
 * commit). What `constraintScores()` reads; O(shifts × local constraints), tens of microseconds.
 */
export function matchCountsAll(counts: StaticArray<i32>): void {
  for (let id = 0; id < CONSTRAINT_COUNT; id++) unchecked(counts[id] = 0);
  local.matchCountsInto(counts, isLocal);
  overlap.matchCountsInto(counts);
  balance.matchCountsInto(counts);
  contracts.matchCountsInto(counts);
  cost.matchCountsInto(counts);
  demand.matchCountsInto(counts);
  pairings.matchCountsInto(counts);
  travelGap.matchCountsInto(counts);
}
