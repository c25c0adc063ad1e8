/**
 * The solver's phases and work accounting. `runSlice(budget)` does at most `budget` work units and returns; slices
 * compose exactly (runSlice(a) then runSlice(b) leaves the same state as runSlice(a + b)) because every unit of work
 * is resumable and zero-cost work (a placement commit, a phase switch) always runs to completion. No clock is read.
 *   construction: 1 unit per employee scored for a placement
 *   local search: 1 unit per step (one move evaluated)
 */
import { PHASE_CONSTRUCTION, PHASE_LOCAL_SEARCH, ERR_RANGE, ERR_STATE } from "./layout";
import { shiftCount, employeeCount, shiftPinned, shiftsByStart, loaded, SR_INITIAL, sf } from "./problem";
import { enabled, hardLocal } from "./constraints/index";
import { overlapWithEmployee, ID as OVERLAP_ID } from "./constraints/overlapping-shift";
import { initSolution, setEmployee } from "./solution";
import { assignment } from "./state";
import {
  recomputeScore, resetDelta, addChangeDelta, commitDelta, isBetter, scoreHard, scoreMedium, scoreSoft, moveHardUntil,
  moveRest, swapHardUntil, swapRest,
} from "./score";
import { initBest, markBest, noteChange, settleJournal, bestHard, bestMedium, bestSoft } from "./best";
import { buildConstructionOrder, constructionDone, constructionRun } from "./construction";
import { initLocalSearch, localSearchStep, resetHistory, rebuildPool, setStepsDone } from "./local-search";
import { rngSeed } from "./rng";
import { applyPairReroster } from "./moves/horizon";
import { applyCoverCompletion } from "./moves/cover";
import { compoundCommit } from "./moves/compound";

export let phase = PHASE_CONSTRUCTION;
export let started = false;
export let unitsDone: i64 = 0;
export let localSearchSteps: i64 = 0;

/** Shared by start and restore: empty solution, best tracking, search structures. */
export function prepare(): void {
  initSolution();
  initBest();
  initLocalSearch();
  started = true;
}

/**
 * Starts a solve: warm start from the input's employees, then construction of the rest. Pinned (and historic)
 * shifts keep their employee whatever it costs. The other submitted assignments are kept in start order when they
 * add no hard penalty (local hard constraints, overlap with the assignments kept so far); the rest start
 * unassigned and go to construction, which first reviews the kept ones against every constraint (construction.ts:
 * the contract rules, demand) and drops those whose removal improves the hard score: dropping an assignment that breaks a hard rule always improves the score
 * (hard outranks medium), and re-placing it from scratch beats repairing it by random moves, by far on large
 * re-solves of a published schedule.
 */
export function start(seed: u32): i32 {
  if (!loaded || started) return ERR_STATE;
  prepare();
  rngSeed(seed);
  for (let s = 0; s < shiftCount; s++) if (shiftPinned[s] && sf(s, SR_INITIAL) >= 0) setEmployee(s, sf(s, SR_INITIAL));
  for (let i = 0; i < shiftCount; i++) {
    const s = shiftsByStart[i];
    const e = sf(s, SR_INITIAL);
    if (shiftPinned[s] || e < 0) continue;
    if (hardLocal(s, e) > 0) continue;
    if (enabled[OVERLAP_ID] && overlapWithEmployee(s, e) > 0) continue;
    setEmployee(s, e);
  }
  recomputeScore();
  markBest();
  buildConstructionOrder();
  // The construction order's sort keys are garbage: freed before the search allocates (README "Wasm memory").
  __collect();
  phase = PHASE_CONSTRUCTION;
  if (constructionDone()) enterLocalSearch();
  return 0;
}

export function setState(atPhase: i32, units: i64, steps: i64): void {
  phase = atPhase;
  unitsDone = units;
  localSearchSteps = steps;
  setStepsDone(steps);
}

function enterLocalSearch(): void {
  phase = PHASE_LOCAL_SEARCH;
  resetHistory();
  rebuildPool();
  markBest();
}

export function runSlice(budget: i32): i32 {
  if (!started || budget <= 0) return 0;
  let done = 0;
  if (phase == PHASE_CONSTRUCTION) {
    done = constructionRun(budget);
    if (constructionDone()) enterLocalSearch();
  }
  if (phase == PHASE_LOCAL_SEARCH) {
    const steps = budget - done;
    for (let i = 0; i < steps; i++) localSearchStep();
    localSearchSteps += steps;
    done = budget;
  }
  unitsDone += done;
  return done;
}

function afterManualChange(): void {
  if (isBetter(scoreHard, scoreMedium, scoreSoft, bestHard, bestMedium, bestSoft)) markBest();
  else settleJournal();
}

/** Change move from outside (tests, tools): 0 ok, 1 pinned, ERR_RANGE bad index. */
export function manualChange(s: i32, to: i32): i32 {
  if (!started) return ERR_STATE;
  if (s < 0 || s >= shiftCount || to < -1 || to >= employeeCount) return ERR_RANGE;
  if (shiftPinned[s]) return 1;
  const from = assignment[s];
  if (from == to) return 0;
  // The search's change path (hard level, then the rest), so tests of manual moves test it.
  resetDelta();
  moveHardUntil(s, from, to, i64.MIN_VALUE);
  moveRest(s, from, to);
  setEmployee(s, to);
  commitDelta();
  noteChange(s, from);
  afterManualChange();
  return 0;
}

/**
 * Pair re-roster from outside (tests, tools): employees e and f re-rostered over a week around shift s
 * (moves/horizon.ts applyPairReroster; draws from the search's RNG), always applied. Returns the number of changes
 * (0: no change found), or minus the error code (-ERR_RANGE for a bad index).
 */
export function manualPairReroster(e: i32, f: i32, s: i32): i32 {
  if (!started) return -ERR_STATE;
  if (s < 0 || s >= shiftCount || e < 0 || e >= employeeCount || f < 0 || f >= employeeCount) return -ERR_RANGE;
  const n = applyPairReroster(e, f, s);
  if (n > 0) {
    compoundCommit();
    afterManualChange();
  }
  return n;
}

/**
 * Cover completion from outside (tests, tools): open shift s completed by an employee at work the day next to it
 * (moves/cover.ts applyCoverCompletion; draws from the search's RNG), always applied. Returns the number of changes
 * (0: none made), or minus the error code (-ERR_RANGE for a bad index).
 */
export function manualCoverCompletion(s: i32): i32 {
  if (!started) return -ERR_STATE;
  if (s < 0 || s >= shiftCount) return -ERR_RANGE;
  const n = applyCoverCompletion(s);
  if (n <= 0) return 0;
  compoundCommit();
  afterManualChange();
  return n;
}

/** Swap move from outside: the same path as the search's swap, always applied. */
export function manualSwap(s1: i32, s2: i32): i32 {
  if (!started) return ERR_STATE;
  if (s1 < 0 || s1 >= shiftCount || s2 < 0 || s2 >= shiftCount) return ERR_RANGE;
  if (shiftPinned[s1] || shiftPinned[s2]) return 1;
  const a = assignment[s1], b = assignment[s2];
  if (a == b) return 0;
  // The search's swap path: scored without applying, then applied.
  resetDelta();
  swapHardUntil(s1, s2, a, b, i64.MIN_VALUE);
  swapRest(s1, s2, a, b);
  setEmployee(s1, b);
  setEmployee(s2, a);
  commitDelta();
  noteChange(s1, a);
  noteChange(s2, b);
  afterManualChange();
  return 0;
}

/**
 * Trial change for evaluations (recommendations): applies shift s -> `to` with its exact score delta but leaves the
 * best solution, its journal and the search state alone. The caller must undo it (trialChange back to the returned
 * previous employee) before anything else runs. Returns the previous employee, or -2 when refused (pinned, range).
 */
export function trialChange(s: i32, to: i32): i32 {
  if (!started) return -2;
  if (s < 0 || s >= shiftCount || to < -1 || to >= employeeCount || shiftPinned[s]) return -2;
  const from = assignment[s];
  if (from == to) return from;
  resetDelta();
  addChangeDelta(s, from, to);
  setEmployee(s, to);
  commitDelta();
  return from;
}

/**
 * Replaces the current solution by the assignment at `src` (S words; out-of-range values read as -1). Pinned shifts
 * keep their employee. The result becomes the best solution, and in local search the late-acceptance history
 * restarts from it, since the old history describes another region of the search space.
 */
export function applyAssignment(src: usize): i32 {
  if (!started) return ERR_STATE;
  for (let s = 0; s < shiftCount; s++) {
    if (shiftPinned[s]) continue;
    let to = load<i32>(src + (<usize>s << 2));
    if (to < -1 || to >= employeeCount) to = -1;
    setEmployee(s, to);
  }
  recomputeScore();
  markBest();
  if (phase == PHASE_LOCAL_SEARCH) {
    resetHistory();
    rebuildPool();
  }
  return 0;
}
