/**
 * The mutable solution state: shift -> employee, and per employee the assigned shifts in time order. Read by the
 * constraint families; changed only through solution.ts (setEmployee), which also keeps the families' state.
 *
 * Per-employee lists live in unmanaged heap blocks (one per employee). An entry is three i32 words, (start, end,
 * shift), sorted by (start, shift index); the tie-break on the index makes every list canonical whatever the
 * insertion order. Start and end are copied into the entry so that the binary search and the overlap scan read one
 * contiguous block instead of the shift arrays at scattered indices (on 100,000 shifts those reads miss the cache).
 *
 *   listPtr[e] ──► ┌───────────────────┬───────────────────┬─────┬─────────────┐
 *                  │ start₀ end₀ s₀    │ start₁ end₁ s₁    │ ... │ free ...    │  len = listLength[e] entries,
 *                  └───────────────────┴───────────────────┴─────┴─────────────┘  cap = listCapacity[e]
 *
 * Insert and remove find their slot by binary search and move the tail with memory.copy. A list grows (by half)
 * only when an employee holds more shifts than ever before, so after the first moves the search loop allocates
 * nothing.
 */
import { shiftCount, employeeCount, firstStart, lastStart, SR_END, SR_START, sf } from "./problem";

/** Employee index per shift, -1 when unassigned. */
export let assignment = new StaticArray<i32>(0);
/**
 * Per shift, whether its current placement has no LOCAL hard penalty: -1 unknown (set whenever the shift moves),
 * 0 clean, 1 not. Local penalties depend only on (shift, employee), so the value stays true until the shift moves;
 * it spares the move evaluation the hard constraints of the side the shift leaves (constraints/index.ts).
 */
export let hardClean = new StaticArray<i8>(0);
let listPtr = new StaticArray<usize>(0);
export let listLength = new StaticArray<i32>(0);
let listCapacity = new StaticArray<i32>(0);

/** An empty solution for the loaded problem (solution.initSolution, before the constraint families' state). */
export function initState(): void {
  const s = shiftCount, e = employeeCount;
  assignment = new StaticArray<i32>(s);
  for (let i = 0; i < s; i++) assignment[i] = -1;
  hardClean = new StaticArray<i8>(s);
  for (let i = 0; i < s; i++) hardClean[i] = -1;
  listPtr = new StaticArray<usize>(e);
  listLength = new StaticArray<i32>(e);
  listCapacity = new StaticArray<i32>(e);
  // A quarter above the average load: a list beyond it grows by half (README "Wasm memory").
  const initial = max(8, (5 * s) / (4 * max(1, e)));
  for (let i = 0; i < e; i++) {
    listPtr[i] = heap.alloc(<usize>initial * ENTRY_BYTES);
    listCapacity[i] = initial;
  }
}

/** Bytes per list entry: (start, end, shift). */
export const ENTRY_BYTES: usize = 12;

/** Address of employee `e`'s list (valid until the next insertion into it). */
// @ts-ignore: decorator
@inline
export function listBase(e: i32): usize {
  return unchecked(listPtr[e]);
}

/** Shift of entry i. */
// @ts-ignore: decorator
@inline
export function listAt(base: usize, i: i32): i32 {
  return load<i32>(base + <usize>i * ENTRY_BYTES, 8);
}

/** Start minute of entry i. */
// @ts-ignore: decorator
@inline
export function listStart(base: usize, i: i32): i32 {
  return load<i32>(base + <usize>i * ENTRY_BYTES);
}

/** End minute of entry i. */
// @ts-ignore: decorator
@inline
export function listEnd(base: usize, i: i32): i32 {
  return load<i32>(base + <usize>i * ENTRY_BYTES, 4);
}

/**
 * First position in `e`'s list whose shift starts at or after `minute`. An employee's shifts spread over the
 * schedule, so the position is first guessed from where `minute` falls in the schedule's span, then found exactly
 * by galloping from the guess and a binary search in the bracket: on long lists this reads one or two cache lines
 * of the list instead of the five or six a plain binary search touches.
 */
export function lowerBoundByStart(e: i32, minute: i32): i32 {
  const base = listBase(e);
  const n = unchecked(listLength[e]);
  if (n == 0) return 0;
  const span = <i64>lastStart - <i64>firstStart + 1;
  const guess = <i32>min<i64>(<i64>n - 1, max<i64>(0, ((<i64>minute - <i64>firstStart) * <i64>n) / span));
  let lo: i32, hi: i32;
  if (listStart(base, guess) < minute) {
    // The bound is after the guess: double the step until an entry at or after `minute` (or the end).
    lo = guess + 1;
    hi = lo;
    let step = 1;
    while (hi < n && listStart(base, hi) < minute) {
      lo = hi + 1;
      step <<= 1;
      hi = lo + step - 1;
    }
    hi = min(hi, n);
  } else {
    // The bound is at or before the guess.
    hi = guess;
    lo = guess - 1;
    let step = 1;
    while (lo >= 0 && listStart(base, lo) >= minute) {
      hi = lo;
      step <<= 1;
      lo = hi - step;
    }
    lo = lo < 0 ? 0 : lo + 1;
  }
  // The bound is in [lo, hi].
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (listStart(base, mid) < minute) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** First position in `e`'s list whose (start, index) is not below shift `s`'s: s's position, or where it would go. */
export function lowerBoundShift(e: i32, s: i32): i32 {
  const base = listBase(e);
  const start = unchecked(sf(s, SR_START));
  const n = unchecked(listLength[e]);
  let at = lowerBoundByStart(e, start);
  while (at < n && listStart(base, at) == start && listAt(base, at) < s) at++;
  return at;
}

export function insert(e: i32, s: i32): void {
  const len = unchecked(listLength[e]);
  if (len == unchecked(listCapacity[e])) {
    const cap = len + max(8, len >> 1);
    unchecked(listPtr[e] = heap.realloc(unchecked(listPtr[e]), <usize>cap * ENTRY_BYTES));
    unchecked(listCapacity[e] = cap);
  }
  const at = lowerBoundShift(e, s);
  const base = listBase(e);
  const slot = base + <usize>at * ENTRY_BYTES;
  memory.copy(slot + ENTRY_BYTES, slot, <usize>(len - at) * ENTRY_BYTES);
  store<i32>(slot, unchecked(sf(s, SR_START)));
  store<i32>(slot, unchecked(sf(s, SR_END)), 4);
  store<i32>(slot, s, 8);
  unchecked(listLength[e] = len + 1);
}

export function remove(e: i32, s: i32): void {
  const len = unchecked(listLength[e]);
  const at = lowerBoundShift(e, s);
  assert(at < len && listAt(listBase(e), at) == s, "shift missing from its employee's list");
  const slot = listBase(e) + <usize>at * ENTRY_BYTES;
  memory.copy(slot, slot + ENTRY_BYTES, <usize>(len - at - 1) * ENTRY_BYTES);
  unchecked(listLength[e] = len - 1);
}
