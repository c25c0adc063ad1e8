/**
 * Exports of the Rota solver core. Pure computation: the only host import is `abort`.
 *
 * Protocol (the glue in solver/session.ts follows it):
 *   1. h = alloc(header + directory); beginLoad(h); free(h); write the shift records' fields at sectionAddress(id),
 *      a word every sectionStride(id) words; allocateSections(); write every other section at sectionAddress(id)
 *      (solver/write-sections.ts); finishLoad()
 *      (or, with a staging copy: p = alloc(4 * words); write the problem buffer; loadProblem(p, words); free(p))
 *   2. setConstraintWeight(id, w)*, setLahcLength(n)?, setAcceptor(...)?, then start(seed) - or checkpointRestore
 *   3. runSlice(budget)* and reads. Any call may grow memory: re-create typed-array views after each.
 */
import { LAYOUT_VERSION, ERR_RANGE, ERR_STATE, ACCEPTOR_LATE_ACCEPTANCE, ACCEPTOR_SIMULATED_ANNEALING } from "./layout";
import * as problem from "./problem";
import { assignment } from "./state";
import {
  CONSTRAINT_COUNT, constraintName as nameOf, constraintLevel as levelOf, matchCount, isReward as rewardOf,
  constraintKind as kindOf, localPenalty as localOf, matchCountsAll,
} from "./constraints/index";
import { scan as overlapScan, overlapWithEmployee } from "./constraints/overlapping-shift";
import * as balance from "./constraints/balance";
import * as contracts from "./constraints/contracts";
import * as cost from "./constraints/cost";
import * as view from "./constraints/view";
import * as demand from "./constraints/demand";
import * as pairings from "./constraints/pairings";
import {
  constraintWeight, constraintScore as scoreOf, constraintScoreFromScratch as scratchOf, levelScoreFromScratch,
  scoreHard, scoreMedium, scoreSoft, setWeight,
} from "./score";
import { bestHard, bestMedium, bestSoft, bestAssignmentPointer } from "./best";
import { share } from "./move-shares";
import {
  setLahcLength as setLength, setAcceptor as setKind, setPeriods, movesTried, movesAccepted, MOVE_KINDS, SHARE_KINDS, deep,
  contractsKept,
} from "./local-search";
import * as engine from "./engine";
import { bestTaker } from "./moves/cover";

export { runSlice, manualChange, manualSwap, manualPairReroster, manualCoverCompletion, applyAssignment, start, trialChange } from "./engine";
export { checkpointSize, checkpointWrite, checkpointRestore } from "./checkpoint";
export { heapStats } from "./heap-stats";

export function layoutVersion(): i32 {
  return LAYOUT_VERSION;
}

/** Unmanaged memory for bulk transfers; the glue frees what it allocates. */
export function alloc(bytes: usize): usize {
  return heap.alloc(bytes);
}

export function free(ptr: usize): void {
  heap.free(ptr);
}

export function loadProblem(ptr: usize, words: i32): i32 {
  return problem.loadProblem(ptr, words);
}

/**
 * Loading in place (problem.ts): beginLoad(header), write the shift records' fields at sectionAddress(id) (a word
 * every sectionStride(id) words), allocateSections(), write every other section at sectionAddress(id), finishLoad().
 */
export function beginLoad(ptr: usize): i32 {
  return problem.beginLoad(ptr);
}

export function allocateSections(): i32 {
  return problem.allocateSections();
}

export function sectionAddress(id: i32): usize {
  return problem.sectionAddress(id);
}

/** Words between two words of section `id` in memory (the shift records' fields are strided). */
export function sectionStride(id: i32): i32 {
  return problem.sectionStride(id);
}

export function finishLoad(): i32 {
  return problem.finishLoad();
}

export function shiftCount(): i32 {
  return problem.shiftCount;
}

export function employeeCount(): i32 {
  return problem.employeeCount;
}

export function constraintCount(): i32 {
  return CONSTRAINT_COUNT;
}

/** Address of a static UTF-16 string; its byte length is the u32 just before it (AssemblyScript object header). */
export function constraintName(id: i32): string {
  return nameOf(id);
}

export function constraintLevel(id: i32): i32 {
  return levelOf(id);
}

/** 1 when the constraint rewards (adds to the score), 0 when it penalizes. */
export function constraintIsReward(id: i32): i32 {
  return rewardOf(id) ? 1 : 0;
}

/** KIND_* of constraints/catalog.ts: 0 local, 1 pairwise (overlap), 2 aggregate, 3 employee (contract rules),
 * 4 cross (pairings). */
export function constraintKind(id: i32): i32 {
  return kindOf(id);
}

/** Weight multiplier of a constraint (0 disables it); only before the solve starts, so scores stay comparable. */
export function setConstraintWeight(id: i32, weight: i64): i32 {
  if (engine.started) return ERR_STATE;
  if (id < 0 || id >= CONSTRAINT_COUNT || weight < 0) return ERR_RANGE;
  setWeight(id, weight);
  return 0;
}

export function constraintWeightOf(id: i32): i64 {
  return constraintWeight[id];
}

export function setLahcLength(length: i32): i32 {
  if (engine.started) return ERR_STATE;
  if (length < 1) return ERR_RANGE;
  setLength(length);
  return 0;
}

/**
 * Contract rules score a move on a window of an employee's list when the list is longer than `length` shifts, else
 * on the whole list (contracts.ts). Both are exact; tests lower it to 0 to exercise windows on short lists.
 */
export function setContractWindowMinList(length: i32): i32 {
  if (length < 0) return ERR_RANGE;
  contracts.setWindowedMinList(length);
  return 0;
}

/**
 * Stall and kick periods of the local search, in steps (local-search.ts setPeriods; 0 stall: the compound moves'
 * deep shares from the start, 0 kick: no kicks). Tuning and test knobs; before the start.
 */
export function setSearchPeriods(stall: i64, kick: i64): i32 {
  if (engine.started) return ERR_STATE;
  if (stall < 0 || kick < 0) return ERR_RANGE;
  setPeriods(stall, kick);
  return 0;
}

/** Compound moves of `kind` (local-search.ts MOVE_RUIN .. MOVE_KICK) tried, or accepted, since the start or restore. */
export function compoundMoveCount(kind: i32, accepted: i32): i64 {
  if (kind < 0 || kind >= MOVE_KINDS) return -1;
  return accepted != 0 ? movesAccepted[kind] : movesTried[kind];
}

/**
 * The local search's phase flags (local-search.ts): bit 0 `deep` (the compound moves at their deep shares), bit 1
 * `contractsKept` (no contract rule broken at the last stall period boundary: the cover completion drawn).
 */
export function searchFlags(): i32 {
  return (deep ? 1 : 0) | (contractsKept ? 2 : 0);
}

/**
 * The adaptive share (out of move-shares.ts SHARE_SCALE) of step kind `kind` (local-search.ts MOVE_RUIN ..
 * MOVE_SWAP), as drawn once the search is deep; -1 for no such kind.
 */
export function moveShare(kind: i32): i32 {
  if (kind < 0 || kind >= SHARE_KINDS) return -1;
  return share[kind];
}

/** Acceptor: 0 late acceptance, 1 simulated annealing with starting temperatures per level and a half-life in steps. */
export function setAcceptor(kind: i32, hard: f64, medium: f64, soft: f64, halfLife: i64): i32 {
  if (engine.started) return ERR_STATE;
  if (kind != ACCEPTOR_LATE_ACCEPTANCE && kind != ACCEPTOR_SIMULATED_ANNEALING) return ERR_RANGE;
  if (!(hard >= 0) || !(medium >= 0) || !(soft >= 0) || halfLife < 1) return ERR_RANGE;
  setKind(kind, hard, medium, soft, halfLife);
  return 0;
}

export function phase(): i32 {
  return engine.phase;
}

export function unitsDone(): i64 {
  return engine.unitsDone;
}

export function localSearchSteps(): i64 {
  return engine.localSearchSteps;
}

/** Current (incremental) score of a level: 0 hard, 1 medium, 2 soft. */
export function currentScore(level: i32): i64 {
  return level == 0 ? scoreHard : level == 1 ? scoreMedium : scoreSoft;
}

export function bestScore(level: i32): i64 {
  return level == 0 ? bestHard : level == 1 ? bestMedium : bestSoft;
}

export function scoreFromScratch(level: i32): i64 {
  return levelScoreFromScratch(level);
}

export function constraintScore(id: i32): i64 {
  return scoreOf[id];
}

export function constraintScoreFromScratch(id: i32): i64 {
  return scratchOf(id);
}

const allCounts = new StaticArray<i32>(CONSTRAINT_COUNT);

/** Every constraint's current score (C i64 words at `out`). */
export function constraintScoresInto(out: usize): void {
  memory.copy(out, changetype<usize>(scoreOf), <usize>CONSTRAINT_COUNT << 3);
}

/** Every constraint's current match count (C i32 words at `out`), in one pass (constraints/index.ts matchCountsAll). */
export function matchCountsInto(out: usize): void {
  matchCountsAll(allCounts);
  memory.copy(out, changetype<usize>(allCounts), <usize>CONSTRAINT_COUNT << 2);
}

export function constraintMatchCount(id: i32): i32 {
  return constraintWeight[id] == 0 ? 0 : matchCount(id);
}

/** Raw match weight of a local constraint for shift s worked by employee e (-1 = unassigned). */
export function localPenalty(id: i32, s: i32, e: i32): i64 {
  if (id < 0 || id >= CONSTRAINT_COUNT || s < 0 || s >= problem.shiftCount || e < -1 || e >= problem.employeeCount) return 0;
  return localOf(id, s, e);
}

/** Shifts overlapping shift s (penalized pairs) among employee e's current shifts. */
export function overlapPartners(s: i32, e: i32): i32 {
  if (s < 0 || s >= problem.shiftCount || e < 0 || e >= problem.employeeCount) return 0;
  return <i32>overlapWithEmployee(s, e, true);
}

/** The cover move's best taker of open shift s (moves/cover.ts bestTaker; draws from the search's RNG), -1 if none. */
export function coverTaker(s: i32): i32 {
  if (s < 0 || s >= problem.shiftCount) return -1;
  return bestTaker(s);
}

/** Employees whose cached contract breach sums (constraints/contracts.ts breachOf) are stale; for tests, 0 expected. */
export function staleBreachSums(): i32 {
  return contracts.staleBreachSums(constraintWeight);
}

/**
 * Overlap matches of the current solution as (shift a, shift b, minutes) triples into `out` (room for `capacity`
 * triples); returns the number of matches (call with capacity 0 to size the buffer).
 */
export function overlapMatches(out: usize, capacity: i32): i32 {
  const buffer = new StaticArray<i32>(3 * capacity);
  const n = <i32>overlapScan(true, buffer);
  if (capacity > 0) memory.copy(out, changetype<usize>(buffer), <usize>(12 * min(n, capacity)));
  return n;
}

/**
 * Matches of the contract rules in the current solution, RECORD_WORDS words each (match-records.ts; view.ts `record`):
 * call with capacity 0 to count them, then again with a buffer.
 */
export function contractMatches(out: usize, capacity: i32): i32 {
  contracts.recordMatches();
  return view.contractRecords.copyTo(out, capacity);
}

/**
 * Copies records `from` .. `from + capacity` of the last `contractMatches` recording to `out` (the glue reads them a
 * page at a time, so the copy needs no buffer of them all); returns how many it copied.
 */
export function contractMatchesPage(out: usize, from: i32, capacity: i32): i32 {
  return view.contractRecords.copyRange(out, from, capacity);
}

/** Current match count of a contract constraint, kept incrementally (O(1)). */
export function contractMatchCount(id: i32): i64 {
  return id >= 0 && id < contracts.matchTotals.length ? contracts.matchTotals[id] : 0;
}

/** Cost (constraints/cost.ts): a costs-rule period's current total and penalty (milli-units), a ratio group's state. */
export function costPeriodTotal(p: i32): i64 {
  return cost.periodTotal(p);
}

export function costPeriodPenalty(p: i32): i64 {
  return cost.periodPenaltyCurrent(p);
}

export function costGroupActivated(g: i32): i32 {
  return cost.groupActivated(g);
}

export function costGroupPenalty(g: i32): i64 {
  return cost.groupPenalty(g);
}

export function costEmployeeActivating(e: i32): i32 {
  return cost.employeeActivating(e);
}

export function balanceRuleCount(): i32 {
  return problem.balanceRuleCount;
}

export function balanceRuleKind(r: i32): i32 {
  return balance.ruleKind(r);
}

export function balanceRulePenalty(r: i32): i64 {
  return balance.rulePenaltyFull(r);
}

/** Penalty of rule r from the incremental state, O(1) (equal to balanceRulePenalty, which recomputes). */
export function balanceRulePenaltyCurrent(r: i32): i64 {
  return balance.rulePenaltyCurrent(r);
}

export function balanceRuleLoad(r: i32, e: i32): i64 {
  return balance.ruleLoad(r, e);
}

/** Address of the current assignment (S i32 words), valid until the next call. */
export function currentAssignmentPointer(): usize {
  return changetype<usize>(assignment);
}

/** Address of the best assignment (S i32 words), valid until the next call. */
export function bestAssignmentPtr(): usize {
  return bestAssignmentPointer();
}

/** Loads the hourly demand buffer (constraints/demand.ts) after the problem, before start: 0 ok. */
export function loadDemand(ptr: usize, words: i32): i32 {
  if (!problem.loaded || engine.started) return ERR_STATE;
  return demand.loadDemand(ptr, words);
}

/** Shifts worked in demand interval i in the current solution. */
export function demandShiftsWorked(i: i32): i32 {
  return demand.intervalShiftsWorked(i);
}

/** Non-empty slots of parent k of the demand buffer (a group's day of `groupShiftsPerDayLimit`). */
export function demandParentFilled(k: i32): i32 {
  return demand.parentSlotsFilled(k);
}

/** Raw penalty of parent k of the demand buffer in the current solution. */
export function demandParentPenalty(k: i32): i64 {
  return demand.parentPenaltyOf(k);
}

/** Raw penalty of demand constraint `id` (70-72) for interval i in the current solution. */
export function demandIntervalPenalty(id: i32, i: i32): i64 {
  return demand.intervalPenalty(id, i);
}

/** Loads the pairing buffer (constraints/pairings.ts format) after the problem and before start: 0 ok. */
export function loadPairings(ptr: usize, words: i32): i32 {
  if (!problem.loaded || engine.started) return ERR_STATE;
  return pairings.loadPairings(ptr, words);
}

/**
 * Matches of the pairing constraints (ids 57-65) in the current solution, RECORD_WORDS words each (match-records.ts;
 * pairings.ts `record`): call with capacity 0 to count them, then again with a buffer.
 */
export function pairingMatches(out: usize, capacity: i32): i32 {
  pairings.recordMatches();
  return pairings.records.copyTo(out, capacity);
}
