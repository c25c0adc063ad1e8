/**
 * The changes of one compound move (run moves, cover chains): each is scored on the schedule as changed so far and
 * applied at once (score.ts addChangeDelta, deltas summed from resetDelta()), then the whole move is committed or
 * undone, newest change first, like ruin and recreate and the block swap (local-search.ts).
 */
import { setEmployee } from "../solution";
import { assignment } from "../state";
import { commitDelta, addChangeDelta, resetDelta } from "../score";
import { noteChange } from "../best";

/**
 * Most changes of one compound move (the best-solution journal has room for 32 per move, best.ts MOVE_NOTES): the
 * horizon re-roster (horizon.ts) clears and takes up to 14 days each; the other moves keep to COMPOUND_ROOM
 * (compoundRoom).
 */
export const COMPOUND_MAX: i32 = 32;
const COMPOUND_ROOM: i32 = 16;

const changed = new StaticArray<i32>(COMPOUND_MAX);
const changedFrom = new StaticArray<i32>(COMPOUND_MAX);
export let compoundCount = 0;

/** Starts a compound move: no change yet, deltas zero. */
export function compoundBegin(): void {
  compoundCount = 0;
  resetDelta();
}

/** Whether the move has room for `n` more changes, within COMPOUND_ROOM. */
export function compoundRoom(n: i32): bool {
  return compoundCount + n <= COMPOUND_ROOM;
}

/** Scores and applies a change of shift s from employee `from` to `to` (-1: nobody). */
export function compoundChange(s: i32, from: i32, to: i32): void {
  addChangeDelta(s, from, to);
  setEmployee(s, to);
  unchecked(changed[compoundCount] = s);
  unchecked(changedFrom[compoundCount] = from);
  compoundCount++;
}

/**
 * Takes back the newest change, scored back (score.ts addChangeDelta of the reverse change), so the move's deltas
 * are what they were before it: a tentative change that did not pay off (reroster.ts, horizon.ts).
 */
export function compoundPop(): void {
  const i = --compoundCount;
  const s = unchecked(changed[i]), from = unchecked(changedFrom[i]);
  addChangeDelta(s, unchecked(assignment[s]), from);
  setEmployee(s, from);
}

/** Undoes every applied change (newest first); returns 0. */
export function compoundUndo(): i32 {
  for (let i = compoundCount - 1; i >= 0; i--) setEmployee(unchecked(changed[i]), unchecked(changedFrom[i]));
  compoundCount = 0;
  return 0;
}

/** Commits the accepted move and journals its changes for the best solution. */
export function compoundCommit(): void {
  commitDelta();
  for (let i = 0; i < compoundCount; i++) noteChange(unchecked(changed[i]), unchecked(changedFrom[i]));
}

/** The employee the i-th changed shift of the move had before it (-1: nobody). */
export function compoundFrom(i: i32): i32 {
  return unchecked(changedFrom[i]);
}

/** The i-th changed shift of the move. */
export function compoundShift(i: i32): i32 {
  return unchecked(changed[i]);
}
