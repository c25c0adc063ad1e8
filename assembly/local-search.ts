/**
 * Local search: Late Acceptance Hill Climbing (Burke & Bykov 2017, "The late acceptance hill-climbing heuristic",
 * EJOR 258(1)). A candidate is accepted when it is no worse than the current solution or than the current solution
 * of `lahcLength` steps ago. Scores compare lexicographically (hard, medium, soft).
 *
 * Step order, written once and followed: pick a move (change or swap, 1:1) of unpinned shifts; score it; accept or
 * undo; the history slot takes the current score; the index advances; the best solution is updated.
 *
 * Swaps pair a random shift with one close to it in start order: exchanging the employees of shifts at about the
 * same time is what untangles overlaps and unavailability, while two random shifts of a long horizon rarely help.
 */

/** Half width, in start-order positions, of the window a swap partner is drawn from. */
const SWAP_WINDOW: i32 = 64;
import { shiftCount, employeeCount, shiftPinned, shiftsByStart, rankByStart } from "./problem";
import { assignment, setEmployee } from "./solution";
import {
  resetDelta, addChangeDelta, commitDelta, dHard, dMedium, dSoft, scoreHard, scoreMedium, scoreSoft, isBetter,
} from "./score";
import { bestHard, bestMedium, bestSoft, markBest, noteChange } from "./best";
import { rngBelow } from "./rng";

export let lahcLength = 400;
export let lahcIndex: i64 = 0;
/** Late scores, three i64 per slot: (hard, medium, soft). */
export let history = new StaticArray<i64>(0);
let movable = new StaticArray<i32>(0);
let movableCount = 0;

export function setLahcLength(n: i32): void {
  lahcLength = max(1, n);
}

/** Collects the shifts the search may move (the unpinned ones) and sizes the history. */
export function initLocalSearch(): void {
  movable = new StaticArray<i32>(shiftCount);
  movableCount = 0;
  for (let s = 0; s < shiftCount; s++) if (!shiftPinned[s]) movable[movableCount++] = s;
  history = new StaticArray<i64>(3 * lahcLength);
  lahcIndex = 0;
}

/** Fills the history with the current score (the start of the phase, or after an applied assignment). */
export function resetHistory(): void {
  for (let i = 0; i < lahcLength; i++) {
    history[3 * i] = scoreHard;
    history[3 * i + 1] = scoreMedium;
    history[3 * i + 2] = scoreSoft;
  }
  lahcIndex = 0;
}

export function restoreLahcIndex(index: i64): void {
  lahcIndex = index;
}

function accepts(slot: i32): bool {
  const h = scoreHard + dHard, m = scoreMedium + dMedium, s = scoreSoft + dSoft;
  if (!isBetter(scoreHard, scoreMedium, scoreSoft, h, m, s)) return true;
  const at = slot * 3;
  return !isBetter(unchecked(history[at]), unchecked(history[at + 1]), unchecked(history[at + 2]), h, m, s);
}

/** Change move: one shift to another employee or to unassigned. */
function changeStep(slot: i32): void {
  const s = unchecked(movable[rngBelow(movableCount)]);
  const from = unchecked(assignment[s]);
  if (employeeCount == 0) return;
  // Uniform over the employeeCount targets that differ from `from` (-1 included).
  let to = rngBelow(employeeCount) - 1;
  if (to >= from) to++;
  resetDelta();
  addChangeDelta(s, from, to);
  if (!accepts(slot)) return;
  setEmployee(s, to);
  commitDelta();
  noteChange(s, from);
}

/** Swap move: two shifts exchange employees. Scored by doing both changes, undone when rejected. */
function swapStep(slot: i32): void {
  const s1 = unchecked(movable[rngBelow(movableCount)]);
  const rank = unchecked(rankByStart[s1]);
  const lo = max(0, rank - SWAP_WINDOW);
  const hi = min(shiftCount, rank + SWAP_WINDOW + 1);
  const s2 = unchecked(shiftsByStart[lo + rngBelow(hi - lo)]);
  if (unchecked(shiftPinned[s2])) return;
  const a = unchecked(assignment[s1]), b = unchecked(assignment[s2]);
  if (a == b) return;
  resetDelta();
  addChangeDelta(s1, a, b);
  setEmployee(s1, b);
  addChangeDelta(s2, b, a);
  setEmployee(s2, a);
  if (accepts(slot)) {
    commitDelta();
    noteChange(s1, a);
    noteChange(s2, b);
  } else {
    setEmployee(s2, b);
    setEmployee(s1, a);
  }
}

export function localSearchStep(): void {
  const slot = <i32>(lahcIndex % <i64>lahcLength);
  if (movableCount > 0) {
    if (rngBelow(2) == 0) changeStep(slot); else swapStep(slot);
  }
  // Burke & Bykov: the slot takes the current cost whether or not the candidate was accepted.
  const at = slot * 3;
  unchecked(history[at] = scoreHard);
  unchecked(history[at + 1] = scoreMedium);
  unchecked(history[at + 2] = scoreSoft);
  lahcIndex++;
  if (isBetter(scoreHard, scoreMedium, scoreSoft, bestHard, bestMedium, bestSoft)) markBest();
}
