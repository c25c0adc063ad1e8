/**
 * The best solution found so far, kept without copying the whole assignment at every improvement.
 *
 * Three representations, switched by `mode`; none of them influences a search decision, so reading the best
 * solution (which may materialize it) never changes the trajectory:
 *   CURRENT   best == current solution (just improved).
 *   JOURNAL   best == current with the journal undone, newest entry first. Each committed change appends
 *             (shift, previous employee). When the journal reaches S / 4 entries the best is
 *             materialized, so its upkeep is amortized O(1) per committed change (a quarter of S, not S: 6 bytes
 *             per shift less of Wasm memory, README "Wasm memory").
 *   STORED    best is in `bestAssignment`; commits are not journalled.
 */
import { shiftCount } from "./problem";
import { assignment } from "./state";
import { scoreHard, scoreMedium, scoreSoft } from "./score";

const CURRENT: i32 = 0;
const JOURNAL: i32 = 1;
const STORED: i32 = 2;

export let bestHard: i64 = 0;
export let bestMedium: i64 = 0;
export let bestSoft: i64 = 0;

let mode = CURRENT;
let bestAssignment = new StaticArray<i32>(0);
let journalShift = new StaticArray<i32>(0);
let journalFrom = new StaticArray<i32>(0);
let journalLength = 0;

/**
 * Room beyond S entries: one move notes up to MOVE_NOTES changes (a block swap: 2 × BLOCK_MAX shifts), all applied
 * before the first is noted, so the journal may only be materialized *between* moves (`settleJournal`), never in
 * the middle of one: the assignment would then already hold changes the journal does not have yet (the best
 * solution read back would differ from the one scored, by the unnoted shifts).
 */
const MOVE_NOTES: i32 = 32;

export function initBest(): void {
  bestAssignment = new StaticArray<i32>(shiftCount);
  journalShift = new StaticArray<i32>(journalLimit() + MOVE_NOTES);
  journalFrom = new StaticArray<i32>(journalLimit() + MOVE_NOTES);
  markBest();
}

/** The current solution becomes the best. */
export function markBest(): void {
  bestHard = scoreHard;
  bestMedium = scoreMedium;
  bestSoft = scoreSoft;
  mode = CURRENT;
  journalLength = 0;
}

/** Journal entries that materialize the best (settleJournal). */
function journalLimit(): i32 {
  return shiftCount >> 2;
}

/**
 * Records a committed change of shift `s` whose employee was `from` (call after the change is applied). Every move
 * ends with `settleJournal()`, which keeps the journal under S / 4 + MOVE_NOTES entries.
 */
export function noteChange(s: i32, from: i32): void {
  if (mode == STORED) return;
  mode = JOURNAL;
  journalShift[journalLength] = s;
  journalFrom[journalLength] = from;
  journalLength++;
}

/** Between moves: once the journal holds S / 4 entries, the best solution is materialized (amortized O(1) per change). */
export function settleJournal(): void {
  if (mode == JOURNAL && journalLength >= journalLimit()) materialize();
}

/** Writes the best assignment into `out` (S words at an address) without changing any state. */
export function copyBestTo(out: usize): void {
  const n = shiftCount;
  if (mode == STORED) {
    memory.copy(out, changetype<usize>(bestAssignment), <usize>n << 2);
    return;
  }
  memory.copy(out, changetype<usize>(assignment), <usize>n << 2);
  for (let i = journalLength - 1; i >= 0; i--) {
    store<i32>(out + (<usize>journalShift[i] << 2), journalFrom[i]);
  }
}

function materialize(): void {
  copyBestTo(changetype<usize>(bestAssignment));
  mode = STORED;
  journalLength = 0;
}

/** Address of the materialized best assignment (S words); materializes first. */
export function bestAssignmentPointer(): usize {
  if (mode != STORED) materialize();
  return changetype<usize>(bestAssignment);
}

/** Restores a checkpointed best (assignment words at `src`, scores given). */
export function restoreBest(src: usize, hard: i64, medium: i64, soft: i64): void {
  memory.copy(changetype<usize>(bestAssignment), src, <usize>shiftCount << 2);
  bestHard = hard;
  bestMedium = medium;
  bestSoft = soft;
  mode = STORED;
  journalLength = 0;
}
