/**
 * Exports of the Rota solver core. Pure computation: the only host import is `abort`.
 *
 * Protocol (the glue in solver/session.ts follows it):
 *   1. p = alloc(4 * words); write the problem buffer (layout.ts); loadProblem(p, words); free(p)
 *   2. setConstraintWeight(id, w)*, setLahcLength(n)?, then start(seed) - or checkpointRestore(p, bytes)
 *   3. runSlice(budget)* and reads. Any call may grow memory: re-create typed-array views after each.
 */
import { LAYOUT_VERSION, ERR_RANGE, ERR_STATE } from "./layout";
import * as problem from "./problem";
import { assignment } from "./solution";
import { CONSTRAINT_COUNT, constraintName as nameOf, constraintLevel as levelOf, matchCount } from "./constraints/index";
import {
  constraintWeight, constraintScore as scoreOf, constraintScoreFromScratch as scratchOf, levelScoreFromScratch,
  scoreHard, scoreMedium, scoreSoft,
} from "./score";
import { bestHard, bestMedium, bestSoft, bestAssignmentPointer } from "./best";
import { setLahcLength as setLength } from "./local-search";
import * as engine from "./engine";

export { runSlice, manualChange, manualSwap, applyAssignment, start } from "./engine";
export { checkpointSize, checkpointWrite, checkpointRestore } from "./checkpoint";

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

/** Weight multiplier of a constraint (0 disables it); only before the solve starts, so scores stay comparable. */
export function setConstraintWeight(id: i32, weight: i32): i32 {
  if (engine.started) return ERR_STATE;
  if (id < 0 || id >= CONSTRAINT_COUNT || weight < 0) return ERR_RANGE;
  constraintWeight[id] = weight;
  return 0;
}

export function setLahcLength(length: i32): i32 {
  if (engine.started) return ERR_STATE;
  if (length < 1) return ERR_RANGE;
  setLength(length);
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

export function constraintMatchCount(id: i32): i32 {
  return constraintWeight[id] == 0 ? 0 : matchCount(id);
}

/** Address of the current assignment (S i32 words), valid until the next call. */
export function currentAssignmentPointer(): usize {
  return changetype<usize>(assignment);
}

/** Address of the best assignment (S i32 words), valid until the next call. */
export function bestAssignmentPtr(): usize {
  return bestAssignmentPointer();
}
