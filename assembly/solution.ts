/**
 * The mutable solution: shift -> employee, and per employee the assigned shifts in time order.
 *
 * Per-employee lists live in unmanaged heap blocks (one per employee), each an i32 array of shift indices sorted by
 * (start, shift index); the tie-break on the index makes every list canonical whatever the insertion order.
 *
 *   listPtr[e] ──► ┌──────┬──────┬─────┬──────────────┬─────────────┐
 *                  │ s₀   │ s₁   │ ... │ s[len-1]     │ free ...    │   len = listLength[e], cap = listCapacity[e]
 *                  └──────┴──────┴─────┴──────────────┴─────────────┘
 *
 * Insert and remove find their slot by binary search and move the tail with memory.copy. A list grows (doubling)
 * only when an employee holds more shifts than ever before, so after the first moves the search loop allocates
 * nothing.
 */
import { shiftCount, employeeCount, shiftStart, balanceRuleCount } from "./problem";
import { initBalance, onAssign } from "./constraints/balance";

/** Employee index per shift, -1 when unassigned. */
export let assignment = new StaticArray<i32>(0);
let listPtr = new StaticArray<usize>(0);
export let listLength = new StaticArray<i32>(0);
let listCapacity = new StaticArray<i32>(0);

export function initSolution(): void {
  const s = shiftCount, e = employeeCount;
  assignment = new StaticArray<i32>(s);
  for (let i = 0; i < s; i++) assignment[i] = -1;
  listPtr = new StaticArray<usize>(e);
  listLength = new StaticArray<i32>(e);
  listCapacity = new StaticArray<i32>(e);
  // Twice the average load, so that a balanced schedule never grows a list.
  const initial = max(8, (2 * s) / max(1, e));
  for (let i = 0; i < e; i++) {
    listPtr[i] = heap.alloc(<usize>initial << 2);
    listCapacity[i] = initial;
  }
  initBalance();
}

/** Address of employee `e`'s list (valid until the next insertion into it). */
// @ts-ignore: decorator
@inline
export function listBase(e: i32): usize {
  return unchecked(listPtr[e]);
}

// @ts-ignore: decorator
@inline
export function listAt(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

/** First position in `e`'s list whose shift starts at or after `minute`. */
export function lowerBoundByStart(e: i32, minute: i32): i32 {
  const base = listBase(e);
  let lo = 0, hi = unchecked(listLength[e]);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (unchecked(shiftStart[listAt(base, mid)]) < minute) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** First position whose (start, index) is not below shift `s`'s. */
function lowerBoundShift(e: i32, s: i32): i32 {
  const base = listBase(e);
  const start = unchecked(shiftStart[s]);
  let lo = 0, hi = unchecked(listLength[e]);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = listAt(base, mid);
    const ts = unchecked(shiftStart[t]);
    if (ts < start || (ts == start && t < s)) lo = mid + 1; else hi = mid;
  }
  return lo;
}

function insert(e: i32, s: i32): void {
  const len = unchecked(listLength[e]);
  if (len == unchecked(listCapacity[e])) {
    const cap = len << 1;
    unchecked(listPtr[e] = heap.realloc(unchecked(listPtr[e]), <usize>cap << 2));
    unchecked(listCapacity[e] = cap);
  }
  const at = lowerBoundShift(e, s);
  const base = listBase(e);
  const slot = base + (<usize>at << 2);
  memory.copy(slot + 4, slot, <usize>(len - at) << 2);
  store<i32>(slot, s);
  unchecked(listLength[e] = len + 1);
}

function remove(e: i32, s: i32): void {
  const len = unchecked(listLength[e]);
  const at = lowerBoundShift(e, s);
  assert(at < len && listAt(listBase(e), at) == s, "shift missing from its employee's list");
  const slot = listBase(e) + (<usize>at << 2);
  memory.copy(slot, slot + 4, <usize>(len - at - 1) << 2);
  unchecked(listLength[e] = len - 1);
}

/**
 * Moves shift `s` to employee `to` (-1 = unassign), keeping the lists sorted and the aggregate state of the
 * constraints (balance loads) current. Scores are the caller's business.
 */
export function setEmployee(s: i32, to: i32): void {
  const from = assignment[s];
  if (from == to) return;
  if (from >= 0) remove(from, s);
  if (to >= 0) insert(to, s);
  assignment[s] = to;
  if (balanceRuleCount > 0) onAssign(s, from, to);
}
