/**
 * The immutable problem, structure-of-arrays, loaded once from the glue's buffer (layout in layout.ts) plus the
 * orders derived from it. Nothing here changes during a solve.
 */
import {
  LAYOUT_VERSION, HEADER_WORDS, H_VERSION, H_SHIFTS, H_EMPLOYEES, H_SKILLS, H_REQUIRED_SKILLS,
  H_EMPLOYEE_SKILLS, H_UNAVAILABLE, problemWords, ERR_VERSION, ERR_SIZE, ERR_RANGE, ERR_STATE,
} from "./layout";
import { sortIndicesByKey } from "./sort";

export let shiftCount: i32 = 0;
export let employeeCount: i32 = 0;
export let skillCount: i32 = 0;
export let loaded = false;

/** Minutes since the epoch; end >= start is guaranteed after loading. */
export let shiftStart = new StaticArray<i32>(0);
export let shiftEnd = new StaticArray<i32>(0);
/** Priority weight 1..10 (priority "1" -> 10). */
export let shiftWeight = new StaticArray<i32>(0);
export let shiftPinned = new StaticArray<bool>(0);
export let shiftInitialEmployee = new StaticArray<i32>(0);
export let shiftSkillOffsets = new StaticArray<i32>(0);
export let shiftSkills = new StaticArray<i32>(0);
export let employeeSkillOffsets = new StaticArray<i32>(0);
export let employeeSkills = new StaticArray<i32>(0);
export let unavailableOffsets = new StaticArray<i32>(0);
export let unavailableStart = new StaticArray<i32>(0);
export let unavailableEnd = new StaticArray<i32>(0);

/** Shift indices ordered by (start, index). */
export let shiftsByStart = new StaticArray<i32>(0);
/** Position of each shift in shiftsByStart (its inverse permutation). */
export let rankByStart = new StaticArray<i32>(0);
/** Longest shift in minutes: bounds how far back an overlapping shift can start. */
export let maxShiftDuration: i32 = 0;

function section(base: usize, word: i32, n: i32): StaticArray<i32> {
  const a = new StaticArray<i32>(n);
  memory.copy(changetype<usize>(a), base + (<usize>word << 2), <usize>n << 2);
  return a;
}

function header(base: usize, field: i32): i32 {
  return load<i32>(base + (<usize>field << 2));
}

/** Copies the problem out of the glue's buffer and validates it; returns 0 or an ERR_* code. */
export function loadProblem(base: usize, words: i32): i32 {
  if (loaded) return ERR_STATE;
  if (words < HEADER_WORDS) return ERR_SIZE;
  if (header(base, H_VERSION) != LAYOUT_VERSION) return ERR_VERSION;
  const s = header(base, H_SHIFTS), e = header(base, H_EMPLOYEES), k = header(base, H_SKILLS);
  const r = header(base, H_REQUIRED_SKILLS), q = header(base, H_EMPLOYEE_SKILLS), u = header(base, H_UNAVAILABLE);
  if ((s | e | k | r | q | u) < 0) return ERR_SIZE;
  if (problemWords(s, e, r, q, u) != words) return ERR_SIZE;

  let w = HEADER_WORDS;
  shiftStart = section(base, w, s); w += s;
  shiftEnd = section(base, w, s); w += s;
  shiftWeight = section(base, w, s); w += s;
  const pinnedWords = section(base, w, s); w += s;
  shiftInitialEmployee = section(base, w, s); w += s;
  shiftSkillOffsets = section(base, w, s + 1); w += s + 1;
  shiftSkills = section(base, w, r); w += r;
  employeeSkillOffsets = section(base, w, e + 1); w += e + 1;
  employeeSkills = section(base, w, q); w += q;
  unavailableOffsets = section(base, w, e + 1); w += e + 1;
  unavailableStart = section(base, w, u); w += u;
  unavailableEnd = section(base, w, u); w += u;

  if (!csrValid(shiftSkillOffsets, s, r) || !csrValid(employeeSkillOffsets, e, q) || !csrValid(unavailableOffsets, e, u)) {
    return ERR_RANGE;
  }
  for (let i = 0; i < r; i++) if (<u32>shiftSkills[i] >= <u32>k) return ERR_RANGE;
  for (let i = 0; i < q; i++) if (<u32>employeeSkills[i] >= <u32>k) return ERR_RANGE;

  shiftPinned = new StaticArray<bool>(s);
  let longest = 0;
  for (let i = 0; i < s; i++) {
    // Upstream validation rejects start >= end; should one slip through it scores as a zero-length shift.
    if (shiftEnd[i] < shiftStart[i]) shiftEnd[i] = shiftStart[i];
    longest = max(longest, shiftEnd[i] - shiftStart[i]);
    // An initial employee that is out of range is treated as unassigned and not pinned (same rule as the glue).
    const valid = shiftInitialEmployee[i] >= 0 && shiftInitialEmployee[i] < e;
    if (!valid && shiftInitialEmployee[i] != -1) {
      shiftInitialEmployee[i] = -1;
      pinnedWords[i] = 0;
    }
    shiftPinned[i] = pinnedWords[i] != 0;
    if (shiftWeight[i] < 0) shiftWeight[i] = 0;
  }
  maxShiftDuration = longest;

  shiftCount = s;
  employeeCount = e;
  skillCount = k;

  const keys = new StaticArray<i64>(s);
  shiftsByStart = new StaticArray<i32>(s);
  for (let i = 0; i < s; i++) {
    keys[i] = shiftStart[i];
    shiftsByStart[i] = i;
  }
  sortIndicesByKey(shiftsByStart, s, keys);
  rankByStart = new StaticArray<i32>(s);
  for (let i = 0; i < s; i++) rankByStart[shiftsByStart[i]] = i;
  loaded = true;
  return 0;
}

function csrValid(offsets: StaticArray<i32>, rows: i32, total: i32): bool {
  if (offsets[0] != 0 || offsets[rows] != total) return false;
  for (let i = 0; i < rows; i++) if (offsets[i + 1] < offsets[i]) return false;
  return true;
}

/** Whether employee `e` has skill `k` (binary search of the sorted row). */
export function employeeHasSkill(e: i32, k: i32): bool {
  let lo = unchecked(employeeSkillOffsets[e]), hi = unchecked(employeeSkillOffsets[e + 1]);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = unchecked(employeeSkills[mid]);
    if (v == k) return true;
    if (v < k) lo = mid + 1; else hi = mid;
  }
  return false;
}

/** Overlap in minutes of [aStart, aEnd) and [bStart, bEnd); 0 when disjoint. */
// @ts-ignore: decorator
@inline
export function overlapMinutes(aStart: i32, aEnd: i32, bStart: i32, bEnd: i32): i32 {
  return max(0, min(aEnd, bEnd) - max(aStart, bStart));
}
