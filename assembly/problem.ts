/**
 * The immutable problem, structure-of-arrays, loaded once from the glue's buffer (layout in layout.ts) plus the
 * indexes derived from it. Nothing here changes during a solve.
 */
import {
  LAYOUT_VERSION, HEADER_WORDS, H_VERSION, H_SHIFTS, H_EMPLOYEES, H_SKILLS, H_TAGS, H_RISKS, H_BALANCE_RULES,
  H_OVERLAP_GROUPS, H_FILTERS, H_SECTIONS, SECTION_COUNT, ERR_VERSION, ERR_SIZE, ERR_RANGE, ERR_STATE,
  SEC_SHIFT_START, SEC_SHIFT_END, SEC_SHIFT_WORKED, SEC_SHIFT_UNASSIGNED_WEIGHT, SEC_SHIFT_FLAGS, SEC_SHIFT_EMPLOYEE,
  SEC_SHIFT_REQUIRED_SKILLS_OFF, SEC_SHIFT_REQUIRED_SKILLS, SEC_SHIFT_PREFERRED_SKILLS_OFF, SEC_SHIFT_PREFERRED_SKILLS,
  SEC_SHIFT_RISKS_OFF, SEC_SHIFT_RISKS, SEC_SHIFT_TAGS_OFF, SEC_SHIFT_TAGS, SEC_SHIFT_PROHIBITED_OFF,
  SEC_SHIFT_PROHIBITED, SEC_SHIFT_PREFERRED_OFF, SEC_SHIFT_PREFERRED, SEC_SHIFT_UNPREFERRED_OFF, SEC_SHIFT_UNPREFERRED,
  SEC_EMPLOYEE_SKILLS_OFF, SEC_EMPLOYEE_SKILLS, SEC_SKILL_VALIDITY_OFF, SEC_SKILL_VALIDITY, SEC_EMPLOYEE_RISKS_OFF,
  SEC_EMPLOYEE_RISKS, SEC_EMPLOYEE_PRIORITY, SEC_UNAVAILABLE_OFF, SEC_UNAVAILABLE, SEC_AVAILABLE_OFF, SEC_AVAILABLE,
  SEC_PREFERRED_TIME_OFF, SEC_PREFERRED_TIME, SEC_UNPREFERRED_TIME_OFF, SEC_UNPREFERRED_TIME, SEC_EMPLOYEE_FLAGS,
  SEC_FILTERS_OFF, SEC_FILTERS, SEC_REQUIRED_TAGS_OFF, SEC_REQUIRED_TAGS, SEC_PREFERRED_TAGS_OFF, SEC_PREFERRED_TAGS,
  SEC_BALANCE_RULES, SEC_BALANCE_MEMBERS, SEC_BALANCE_HISTORY, SEC_BALANCE_SHIFTS, SEC_OVERLAP_GROUP,
  SEC_OVERLAP_ALLOWED, SPAN_WORDS, SHIFT_PINNED, SHIFT_MANDATORY, SHIFT_HISTORIC, OP_LEAF, OP_AND, H_RULES, H_TZ_GROUPS,
  H_MINUTE_ROWS, SEC_RULES, SEC_RULE_AUX, SEC_EMPLOYEE_RULES_OFF, SEC_EMPLOYEE_RULES, SEC_EMPLOYEE_TZ, SEC_TZ_SHIFT,
  SEC_TZ_RANGE, SEC_RULE_MINUTES, SEC_CUSTOM_PERIODS_OFF, SEC_CUSTOM_PERIODS, RULE_WORDS, TZ_WORDS, RW_KIND,
  RW_CONSTRAINT, RW_FILTER, RW_FILTER2, RW_FILTER3, RW_PERIOD, RW_PERIOD_PARAM, RW_MINUTES_ROW, RW_AUX, RW_AUX_COUNT,
  RULE_KINDS, PERIOD_CUSTOM, PERIOD_WEEK, SEC_SHIFT_DISRUPTION, K_MULTI_DAY_PATTERN, K_SINGLE_DAY_PATTERN, K_CONSECUTIVE_DAYS,
  SEC_EMPLOYEE_DISRUPTION_OFF, SEC_EMPLOYEE_DISRUPTION, DISRUPTION_WORDS, SEC_COST, K_ROTATION, SEC_NEAR_DAY_OFF_OFF, SEC_NEAR_DAY_OFF,
  NEAR_DAY_OFF_WORDS, SEC_SHIFT_LOCATION, SEC_EMPLOYEE_TRAVEL, SEC_TRAVEL_SHIFTS,
} from "./layout";
import { costDataValid } from "./cost-data";
import { isRuleConstraint } from "./constraints/catalog";
import { sortIndicesByKey } from "./sort";
import { __shrink } from "./runtime/itcms";

export let shiftCount: i32 = 0;
export let employeeCount: i32 = 0;
export let skillCount: i32 = 0;
export let tagCount: i32 = 0;
export let riskCount: i32 = 0;
export let balanceRuleCount: i32 = 0;
export let overlapGroupCount: i32 = 0;
export let filterCount: i32 = 0;
export let loaded = false;

/** Per shift, whether it never moves (SHIFT_PINNED or SHIFT_HISTORIC); the other per-shift fields are in the shift records (sf). */
export let shiftPinned = new StaticArray<bool>(0);
export let requiredSkills = new StaticArray<i32>(0);
export let preferredSkills = new StaticArray<i32>(0);
export let shiftRisks = new StaticArray<i32>(0);
export let shiftTags = new StaticArray<i32>(0);
export let prohibited = new StaticArray<i32>(0);
export let preferredEmployees = new StaticArray<i32>(0);
export let unpreferredEmployees = new StaticArray<i32>(0);

export let employeeSkillsOff = new StaticArray<i32>(0);
export let employeeSkills = new StaticArray<i32>(0);
export let skillValidityOff = new StaticArray<i32>(0);
export let skillValidity = new StaticArray<i32>(0);
export let employeeRisksOff = new StaticArray<i32>(0);
export let employeeRisks = new StaticArray<i32>(0);
export let employeePriority = new StaticArray<i32>(0);
export let unavailableOff = new StaticArray<i32>(0);
export let unavailable = new StaticArray<i32>(0);
export let availableOff = new StaticArray<i32>(0);
export let available = new StaticArray<i32>(0);
export let preferredTimeOff = new StaticArray<i32>(0);
export let preferredTime = new StaticArray<i32>(0);
export let unpreferredTimeOff = new StaticArray<i32>(0);
export let unpreferredTime = new StaticArray<i32>(0);
export let employeeFlags = new StaticArray<i32>(0);
export let filtersOff = new StaticArray<i32>(0);
export let filters = new StaticArray<i32>(0);
export let requiredTagsOff = new StaticArray<i32>(0);
export let requiredTags = new StaticArray<i32>(0);
export let preferredTagsOff = new StaticArray<i32>(0);
export let preferredTags = new StaticArray<i32>(0);
export let balanceRules = new StaticArray<i32>(0);
export let balanceMembers = new StaticArray<i32>(0);
export let balanceHistory = new StaticArray<i32>(0);
export let balanceShifts = new StaticArray<i32>(0);
export let overlapGroup = new StaticArray<i32>(0);
export let overlapAllowed = new StaticArray<i32>(0);
export let ruleCount: i32 = 0;
export let tzGroupCount: i32 = 0;
export let minuteRowCount: i32 = 0;
export let rules = new StaticArray<i32>(0);
export let ruleAux = new StaticArray<i32>(0);
export let employeeRulesOff = new StaticArray<i32>(0);
export let employeeRules = new StaticArray<i32>(0);
export let employeeTz = new StaticArray<i32>(0);
export let tzShift = new StaticArray<i32>(0);
/** Whether tzShift holds two words per group and shift (packTzShift) instead of TZ_WORDS. */
export let tzPacked = false;
export let tzRange = new StaticArray<i32>(0);
export let ruleMinutes = new StaticArray<i32>(0);
export let customPeriodsOff = new StaticArray<i32>(0);
export let customPeriods = new StaticArray<i32>(0);
export let shiftDisruption = new StaticArray<i32>(0);
export let employeeDisruptionOff = new StaticArray<i32>(0);
export let employeeDisruption = new StaticArray<i32>(0);
export let nearDayOffOff = new StaticArray<i32>(0);
export let nearDayOff = new StaticArray<i32>(0);
export let shiftLocation = new StaticArray<i32>(0);
export let employeeTravel = new StaticArray<i32>(0);
export let travelShifts = new StaticArray<i32>(0);
/** The largest minimum minutes between shifts in different locations of any travel configuration (0 = none). */
export let maxTravelGap: i32 = 0;
/** Costs rules and activation groups (cost-data.ts draws the block). */
export let costData = new StaticArray<i32>(0);

/**
 * Packed records, built at load for cache locality: everything a move evaluation reads about one shift (or one
 * employee) sits in one 64-byte record, and a CSR row's end is the next record's start field (the adjacent line),
 * instead of one cache line per array. On the XL instance (100,000 shifts) this halves the misses of a move.
 * Row S (E) is a sentinel holding the CSR totals. Bit fields cover the first 32 balance rules and allow-overlap
 * groups; beyond that the arrays above are read. The glue writes a shift record's start, end, worked, weight, flags,
 * initial employee and CSR starts in place (recordField); finishLoad validates them and derives the rest.
 *
 *   shift record    start end worked weight flags keySkill | CSR starts: reqSkills prefSkills tags risks
 *                   prohibited preferred unpreferred | balanceBits allowedBits initialEmployee     (SR = 16 words)
 *   employee record CSR starts: skills risks unavailable available preferredTime unpreferredTime requiredTags
 *                   preferredTags | flags priority group balanceBits                               (ER = 16 words)
 */
export const SR: i32 = 16;
export const SR_START: i32 = 0;
export const SR_END: i32 = 1;
export const SR_WORKED: i32 = 2;
export const SR_WEIGHT: i32 = 3;
export const SR_FLAGS: i32 = 4;
export const SR_KEY_SKILL: i32 = 5;
export const SR_REQUIRED_SKILLS: i32 = 6;
export const SR_PREFERRED_SKILLS: i32 = 7;
export const SR_TAGS: i32 = 8;
export const SR_RISKS: i32 = 9;
export const SR_PROHIBITED: i32 = 10;
export const SR_PREFERRED_EMPLOYEES: i32 = 11;
export const SR_UNPREFERRED_EMPLOYEES: i32 = 12;
export const SR_BALANCE: i32 = 13;
export const SR_ALLOWED: i32 = 14;
export const SR_INITIAL: i32 = 15;
export const ER: i32 = 16;
export const ER_SKILLS: i32 = 0;
export const ER_RISKS: i32 = 1;
export const ER_UNAVAILABLE: i32 = 2;
export const ER_AVAILABLE: i32 = 3;
export const ER_PREFERRED_TIME: i32 = 4;
export const ER_UNPREFERRED_TIME: i32 = 5;
export const ER_REQUIRED_TAGS: i32 = 6;
export const ER_PREFERRED_TAGS: i32 = 7;
export const ER_FLAGS: i32 = 8;
export const ER_PRIORITY: i32 = 9;
export const ER_GROUP: i32 = 10;
export const ER_BALANCE: i32 = 11;
export let shiftRec = new StaticArray<i32>(0);
export let employeeRec = new StaticArray<i32>(0);

/** Field f of shift s's record (s may be the sentinel S). */
// @ts-ignore: decorator
@inline
export function sf(s: i32, f: i32): i32 {
  return unchecked(shiftRec[s * SR + f]);
}

/** Field f of employee e's record (e may be the sentinel E). */
// @ts-ignore: decorator
@inline
export function ef(e: i32, f: i32): i32 {
  return unchecked(employeeRec[e * ER + f]);
}

// @ts-ignore: decorator
@inline
export function isHistoric(s: i32): bool {
  return (sf(s, SR_FLAGS) & SHIFT_HISTORIC) != 0;
}

// @ts-ignore: decorator
@inline
export function isPinned(s: i32): bool {
  return (sf(s, SR_FLAGS) & SHIFT_PINNED) != 0;
}

// @ts-ignore: decorator
@inline
export function isMandatory(s: i32): bool {
  return (sf(s, SR_FLAGS) & SHIFT_MANDATORY) != 0;
}

/**
 * Completes the shift records in place (the glue wrote their raw fields: recordField) and builds the employee
 * records: flags with the first tags, the key skill's fast path, the balance and allow-overlap bits.
 */
function buildRecords(): void {
  const s = shiftCount, e = employeeCount;
  for (let i = 0; i < s; i++) {
    const at = i * SR;
    let flags = shiftRec[at + SR_FLAGS];
    for (let k = sf(i, SR_TAGS); k < sf(i + 1, SR_TAGS); k++) if (shiftTags[k] < TAG_BITS) flags |= 1 << (TAG_BIT_FIRST + shiftTags[k]);
    // One required skill (a lone leaf, the common case): the record's key skill is that skill.
    const program = sf(i, SR_REQUIRED_SKILLS), key = sf(i, SR_KEY_SKILL);
    if (sf(i + 1, SR_REQUIRED_SKILLS) - program == 3 && requiredSkills[program] == OP_LEAF && requiredSkills[program + 1] == key) flags |= SHIFT_ONE_SKILL;
    shiftRec[at + SR_FLAGS] = flags;
  }
  dropLoneSkillPrograms(s);
  employeeRec = new StaticArray<i32>((e + 1) * ER);
  for (let i = 0; i <= e; i++) {
    const at = i * ER;
    employeeRec[at + ER_SKILLS] = employeeSkillsOff[i];
    employeeRec[at + ER_RISKS] = employeeRisksOff[i];
    employeeRec[at + ER_UNAVAILABLE] = unavailableOff[i];
    employeeRec[at + ER_AVAILABLE] = availableOff[i];
    employeeRec[at + ER_PREFERRED_TIME] = preferredTimeOff[i];
    employeeRec[at + ER_UNPREFERRED_TIME] = unpreferredTimeOff[i];
    employeeRec[at + ER_REQUIRED_TAGS] = requiredTagsOff[i];
    employeeRec[at + ER_PREFERRED_TAGS] = preferredTagsOff[i];
    if (i < e) {
      employeeRec[at + ER_FLAGS] = employeeFlags[i];
      employeeRec[at + ER_PRIORITY] = employeePriority[i];
      employeeRec[at + ER_GROUP] = overlapGroup[i];
      let bits = 0;
      for (let r = 0; r < min(32, balanceRuleCount); r++) if (balanceMembers[r * e + i] != 0) bits |= 1 << r;
      employeeRec[at + ER_BALANCE] = bits;
    }
  }
}

/**
 * A lone required skill's program (3 words) is dropped once its shift's record has SHIFT_ONE_SKILL (the record's
 * key skill is that skill): its row becomes empty, the other programs move down in place and the array's tail is
 * freed (README "Wasm memory"). Readers test SHIFT_ONE_SKILL before the row.
 */
function dropLoneSkillPrograms(s: i32): void {
  let w = 0;
  for (let i = 0; i < s; i++) {
    // Row i + 1's start is read before it is rewritten (w never passes a row's old start).
    const from = sf(i, SR_REQUIRED_SKILLS), to = sf(i + 1, SR_REQUIRED_SKILLS);
    shiftRec[i * SR + SR_REQUIRED_SKILLS] = w;
    if ((shiftRec[i * SR + SR_FLAGS] & SHIFT_ONE_SKILL) != 0) continue;
    for (let k = from; k < to; k++) requiredSkills[w++] = requiredSkills[k];
  }
  shiftRec[s * SR + SR_REQUIRED_SKILLS] = w;
  __shrink(changetype<usize>(requiredSkills), <usize>w << 2);
}

/** The shift records' balance and allow-overlap bits (before releaseRecorded releases their sections). */
function recordBits(): void {
  const s = shiftCount;
  for (let i = 0; i < s; i++) {
    let bits = 0;
    for (let r = 0; r < min(32, balanceRuleCount); r++) if (balanceShifts[r * s + i] != 0) bits |= 1 << r;
    shiftRec[i * SR + SR_BALANCE] = bits;
    bits = 0;
    for (let g = 0; g < min(32, overlapGroupCount); g++) if (overlapAllowed[g * s + i] != 0) bits |= 1 << g;
    shiftRec[i * SR + SR_ALLOWED] = bits;
  }
}

/**
 * The record field the glue writes section `id` into (every SR words from the records' start), or -1 for a
 * section of its own: the per-shift fields and row starts are never a section of their own, so they are not held
 * twice while the records are derived (the load's peak, README "Wasm memory").
 */
export function recordField(id: i32): i32 {
  if (id >= SEC_SHIFT_START && id <= SEC_SHIFT_FLAGS) return SR_START + id - SEC_SHIFT_START;
  if (id == SEC_SHIFT_EMPLOYEE) return SR_INITIAL;
  if (id == SEC_SHIFT_REQUIRED_SKILLS_OFF) return SR_REQUIRED_SKILLS;
  if (id == SEC_SHIFT_PREFERRED_SKILLS_OFF) return SR_PREFERRED_SKILLS;
  if (id == SEC_SHIFT_TAGS_OFF) return SR_TAGS;
  if (id == SEC_SHIFT_RISKS_OFF) return SR_RISKS;
  if (id == SEC_SHIFT_PROHIBITED_OFF) return SR_PROHIBITED;
  if (id == SEC_SHIFT_PREFERRED_OFF) return SR_PREFERRED_EMPLOYEES;
  if (id == SEC_SHIFT_UNPREFERRED_OFF) return SR_UNPREFERRED_EMPLOYEES;
  return -1;
}

/**
 * The per-shift sections the record bits now hold are released (the GC frees them: read them with sf()), and
 * those nothing reads: shift locations without travel groups, near-day-off rows without entries (released()), the
 * global disruption multipliers when every one is 0.
 */
function releaseRecorded(): void {
  const none = new StaticArray<i32>(0);
  if (balanceRuleCount <= 32) balanceShifts = none;
  if (overlapGroupCount <= 32) overlapAllowed = none;
  if (travelShifts.length == 0) shiftLocation = none;
  if (nearDayOff.length == 0) nearDayOffOff = none;
  let disruption = false;
  for (let i = 0; i < shiftDisruption.length && !disruption; i++) disruption = shiftDisruption[i] != 0;
  if (!disruption) shiftDisruption = none;
}

/** Whether shift s counts for balance rule r. */
// @ts-ignore: decorator
@inline
export function balanceCounts(r: i32, s: i32): bool {
  return r < 32 ? (sf(s, SR_BALANCE) & (1 << r)) != 0 : unchecked(balanceShifts[r * shiftCount + s]) != 0;
}

/** Whether employee e is balanced by rule r. */
// @ts-ignore: decorator
@inline
export function balanceMember(r: i32, e: i32): bool {
  return r < 32 ? (ef(e, ER_BALANCE) & (1 << r)) != 0 : unchecked(balanceMembers[r * employeeCount + e]) != 0;
}

/** Whether shift s may overlap for employees of allow-overlap group g (0 = none). */
// @ts-ignore: decorator
@inline
export function overlapAllowedFor(g: i32, s: i32): bool {
  if (g == 0) return false;
  return g <= 32 ? (sf(s, SR_ALLOWED) & (1 << (g - 1))) != 0 : unchecked(overlapAllowed[(g - 1) * shiftCount + s]) != 0;
}

/** Shift indices ordered by (start, index). */
export let shiftsByStart = new StaticArray<i32>(0);
/** Position of each shift in shiftsByStart (its inverse permutation). */
export let rankByStart = new StaticArray<i32>(0);
/** Longest shift in minutes: bounds how far back an overlapping shift can start. */
export let maxShiftDuration: i32 = 0;
/** Earliest and latest shift start: the span an employee's shifts spread over (solution.ts position guesses). */
export let firstStart: i32 = 0;
export let lastStart: i32 = 0;
/** Longest span of each span list (unavailable, available, preferred, unpreferred): bounds the backward scan. */
export let maxUnavailableSpan: i32 = 0;
export let maxAvailableSpan: i32 = 0;
export let maxPreferredSpan: i32 = 0;
export let maxUnpreferredSpan: i32 = 0;
/** Employees holding each skill (CSR over skills, ascending employee index). */
export let holdersOff = new StaticArray<i32>(0);
export let holders = new StaticArray<i32>(0);

function header(base: usize, field: i32): i32 {
  return load<i32>(base + (<usize>field << 2));
}

/** Header and directory of the problem being loaded, and its sections (allocated by beginLoad). */
const pendingHeader = new StaticArray<i32>(HEADER_WORDS + SECTION_COUNT);
let pending = new Array<StaticArray<i32>>(0);

function next(id: i32): StaticArray<i32> {
  return pending[id];
}

/**
 * Loading without a staging copy, in four steps: `beginLoad` reads the header and directory (HEADER_WORDS +
 * SECTION_COUNT words at `base`) and allocates the shift records; the glue writes the per-shift fields and row starts
 * into them (`sectionAddress(id)` of a record field); `allocateSections` allocates every other section, and the glue
 * writes each in place; `finishLoad` validates and derives. The problem then occupies Wasm memory once, instead of
 * twice while a staging buffer is copied (which on XL decided how far the memory doubled); and a host can release
 * its copy of the record fields before the other sections join the records (README "Wasm memory").
 */
export function beginLoad(base: usize): i32 {
  if (loaded) return ERR_STATE;
  if (header(base, H_VERSION) != LAYOUT_VERSION) return ERR_VERSION;
  if (header(base, H_SECTIONS) != SECTION_COUNT) return ERR_SIZE;
  for (let i = 0; i < HEADER_WORDS + SECTION_COUNT; i++) {
    const v = header(base, i);
    if (v < 0) return ERR_SIZE;
    pendingHeader[i] = v;
  }
  const s = pendingHeader[H_SHIFTS];
  for (let i = 0; i < SECTION_COUNT; i++) {
    // A record field holds S words, a row start S + 1 (the sentinel record holds the rows' totals).
    const field = recordField(i);
    if (field >= 0 && pendingHeader[HEADER_WORDS + i] != (field >= SR_REQUIRED_SKILLS && field <= SR_UNPREFERRED_EMPLOYEES ? s + 1 : s)) return ERR_SIZE;
  }
  pending = new Array<StaticArray<i32>>(SECTION_COUNT);
  // The shift records come first: the glue writes their raw fields in place, then calls allocateSections.
  shiftRec = new StaticArray<i32>((s + 1) * SR);
  sectionsAllocated = false;
  return 0;
}

/** Whether allocateSections has run since beginLoad. */
let sectionsAllocated = false;

/** Allocates every section that is not a record field (see beginLoad); returns 0 or ERR_STATE. */
export function allocateSections(): i32 {
  if (loaded || pending.length != SECTION_COUNT || sectionsAllocated) return ERR_STATE;
  // The sections finishLoad releases first, side by side: once released they are one free block, which the state
  // allocated at the start fills, instead of scattered blocks of S words the allocator does not reuse for arrays of
  // S words (README "Wasm memory").
  const none = new StaticArray<i32>(0);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < SECTION_COUNT; i++) {
      if (recordField(i) >= 0) pending[i] = none;
      else if (released(i) == (pass == 0)) pending[i] = new StaticArray<i32>(pendingHeader[HEADER_WORDS + i]);
    }
  }
  sectionsAllocated = true;
  return 0;
}

/** Whether finishLoad releases section `id` (releaseRecorded). */
function released(id: i32): bool {
  if (id == SEC_BALANCE_SHIFTS) return pendingHeader[H_BALANCE_RULES] <= 32;
  // Read only through a travel group's row, or an entry of a shift near a day off: not at all without any.
  if (id == SEC_SHIFT_LOCATION) return pendingHeader[HEADER_WORDS + SEC_TRAVEL_SHIFTS] == 0;
  if (id == SEC_NEAR_DAY_OFF_OFF) return pendingHeader[HEADER_WORDS + SEC_NEAR_DAY_OFF] == 0;
  return id == SEC_OVERLAP_ALLOWED && pendingHeader[H_OVERLAP_GROUPS] <= 32;
}

/**
 * Address of section `id` (its length is the directory entry): its first word, the next one `sectionStride(id)`
 * words further. A record field's from beginLoad on, every other section's once allocateSections has run (0 before).
 */
export function sectionAddress(id: i32): usize {
  if (id < 0 || id >= pending.length) return 0;
  const field = recordField(id);
  if (field >= 0) return changetype<usize>(shiftRec) + (<usize>field << 2);
  return sectionsAllocated ? changetype<usize>(pending[id]) : 0;
}

/** Words from one word of section `id` to the next in Wasm memory: SR for a record field, else 1. */
export function sectionStride(id: i32): i32 {
  return recordField(id) >= 0 ? SR : 1;
}

/** Copies the problem out of one staging buffer (header, directory, sections) and validates it. */
export function loadProblem(base: usize, words: i32): i32 {
  if (words < HEADER_WORDS + SECTION_COUNT) return ERR_SIZE;
  const code = beginLoad(base);
  if (code != 0) return code;
  allocateSections();
  let total: i64 = HEADER_WORDS + SECTION_COUNT;
  for (let i = 0; i < SECTION_COUNT; i++) total += pendingHeader[HEADER_WORDS + i];
  if (total != <i64>words) return ERR_SIZE;
  let at = base + (<usize>(HEADER_WORDS + SECTION_COUNT) << 2);
  for (let i = 0; i < SECTION_COUNT; i++) {
    const words = pendingHeader[HEADER_WORDS + i];
    const to = sectionAddress(i), stride = <usize>sectionStride(i) << 2;
    if (stride == 4) memory.copy(to, at, <usize>words << 2);
    else for (let w = 0; w < words; w++) store<i32>(to + <usize>w * stride, load<i32>(at + (<usize>w << 2)));
    at += <usize>words << 2;
  }
  return finishLoad();
}

/** Validates the sections written since beginLoad and derives the indexes; returns 0 or an ERR_* code. */
export function finishLoad(): i32 {
  if (loaded || pending.length != SECTION_COUNT || !sectionsAllocated) return ERR_STATE;
  const hp = changetype<usize>(pendingHeader);
  const s = header(hp, H_SHIFTS), e = header(hp, H_EMPLOYEES);
  const k = header(hp, H_SKILLS), t = header(hp, H_TAGS), rf = header(hp, H_RISKS);
  const r = header(hp, H_BALANCE_RULES), g = header(hp, H_OVERLAP_GROUPS), f = header(hp, H_FILTERS);
  const nr = header(hp, H_RULES), nz = header(hp, H_TZ_GROUPS), nm = header(hp, H_MINUTE_ROWS);

  // The order of these calls is the section order (SEC_* ids ascending).
  // The per-shift fields and row starts are in the shift records (recordField), read with sf().
  requiredSkills = next(SEC_SHIFT_REQUIRED_SKILLS);
  preferredSkills = next(SEC_SHIFT_PREFERRED_SKILLS);
  shiftRisks = next(SEC_SHIFT_RISKS);
  shiftTags = next(SEC_SHIFT_TAGS);
  prohibited = next(SEC_SHIFT_PROHIBITED);
  preferredEmployees = next(SEC_SHIFT_PREFERRED);
  unpreferredEmployees = next(SEC_SHIFT_UNPREFERRED);
  employeeSkillsOff = next(SEC_EMPLOYEE_SKILLS_OFF);
  employeeSkills = next(SEC_EMPLOYEE_SKILLS);
  skillValidityOff = next(SEC_SKILL_VALIDITY_OFF);
  skillValidity = next(SEC_SKILL_VALIDITY);
  employeeRisksOff = next(SEC_EMPLOYEE_RISKS_OFF);
  employeeRisks = next(SEC_EMPLOYEE_RISKS);
  employeePriority = next(SEC_EMPLOYEE_PRIORITY);
  unavailableOff = next(SEC_UNAVAILABLE_OFF);
  unavailable = next(SEC_UNAVAILABLE);
  availableOff = next(SEC_AVAILABLE_OFF);
  available = next(SEC_AVAILABLE);
  preferredTimeOff = next(SEC_PREFERRED_TIME_OFF);
  preferredTime = next(SEC_PREFERRED_TIME);
  unpreferredTimeOff = next(SEC_UNPREFERRED_TIME_OFF);
  unpreferredTime = next(SEC_UNPREFERRED_TIME);
  employeeFlags = next(SEC_EMPLOYEE_FLAGS);
  filtersOff = next(SEC_FILTERS_OFF);
  filters = next(SEC_FILTERS);
  requiredTagsOff = next(SEC_REQUIRED_TAGS_OFF);
  requiredTags = next(SEC_REQUIRED_TAGS);
  preferredTagsOff = next(SEC_PREFERRED_TAGS_OFF);
  preferredTags = next(SEC_PREFERRED_TAGS);
  balanceRules = next(SEC_BALANCE_RULES);
  balanceMembers = next(SEC_BALANCE_MEMBERS);
  balanceHistory = next(SEC_BALANCE_HISTORY);
  balanceShifts = next(SEC_BALANCE_SHIFTS);
  overlapGroup = next(SEC_OVERLAP_GROUP);
  overlapAllowed = next(SEC_OVERLAP_ALLOWED);
  rules = next(SEC_RULES);
  ruleAux = next(SEC_RULE_AUX);
  employeeRulesOff = next(SEC_EMPLOYEE_RULES_OFF);
  employeeRules = next(SEC_EMPLOYEE_RULES);
  employeeTz = next(SEC_EMPLOYEE_TZ);
  tzShift = next(SEC_TZ_SHIFT);
  tzRange = next(SEC_TZ_RANGE);
  ruleMinutes = next(SEC_RULE_MINUTES);
  customPeriodsOff = next(SEC_CUSTOM_PERIODS_OFF);
  customPeriods = next(SEC_CUSTOM_PERIODS);
  shiftDisruption = next(SEC_SHIFT_DISRUPTION);
  employeeDisruptionOff = next(SEC_EMPLOYEE_DISRUPTION_OFF);
  employeeDisruption = next(SEC_EMPLOYEE_DISRUPTION);
  costData = next(SEC_COST);
  nearDayOffOff = next(SEC_NEAR_DAY_OFF_OFF);
  nearDayOff = next(SEC_NEAR_DAY_OFF);
  shiftLocation = next(SEC_SHIFT_LOCATION);
  employeeTravel = next(SEC_EMPLOYEE_TRAVEL);
  travelShifts = next(SEC_TRAVEL_SHIFTS);
  pending = new Array<StaticArray<i32>>(0);

  const q = employeeSkills.length;
  if (
    shiftRec.length != (s + 1) * SR || employeePriority.length != e ||
    employeeFlags.length != e || balanceRules.length != 2 * r || balanceMembers.length != r * e ||
    balanceHistory.length != r * e || balanceShifts.length != r * s || overlapGroup.length != e ||
    overlapAllowed.length != g * s
  ) return ERR_SIZE;
  if (
    !csr(shiftRec, s, requiredSkills.length, SR, SR_REQUIRED_SKILLS) ||
    !csr(shiftRec, s, preferredSkills.length, SR, SR_PREFERRED_SKILLS) || !csr(shiftRec, s, shiftRisks.length, SR, SR_RISKS) ||
    !csr(shiftRec, s, shiftTags.length, SR, SR_TAGS) || !csr(shiftRec, s, prohibited.length, SR, SR_PROHIBITED) ||
    !csr(shiftRec, s, preferredEmployees.length, SR, SR_PREFERRED_EMPLOYEES) ||
    !csr(shiftRec, s, unpreferredEmployees.length, SR, SR_UNPREFERRED_EMPLOYEES) || !csr(employeeSkillsOff, e, q) ||
    !csr(skillValidityOff, q, skillValidity.length >> 1) || !csr(employeeRisksOff, e, employeeRisks.length) ||
    !csr(unavailableOff, e, unavailable.length / SPAN_WORDS) || !csr(availableOff, e, available.length / SPAN_WORDS) ||
    !csr(preferredTimeOff, e, preferredTime.length / SPAN_WORDS) ||
    !csr(unpreferredTimeOff, e, unpreferredTime.length / SPAN_WORDS) || !csr(filtersOff, f, filters.length) ||
    !csr(requiredTagsOff, e, requiredTags.length) || !csr(preferredTagsOff, e, preferredTags.length)
  ) return ERR_RANGE;
  if (!inRange(employeeSkills, k) || !inRange(shiftRisks, rf) || !inRange(employeeRisks, rf) || !inRange(shiftTags, t)) return ERR_RANGE;
  if (!inRange(prohibited, e) || !inRange(preferredEmployees, e) || !inRange(unpreferredEmployees, e)) return ERR_RANGE;
  if (!programsValid(shiftRec, requiredSkills, s, k, SR, SR_REQUIRED_SKILLS) || !programsValid(shiftRec, preferredSkills, s, k, SR, SR_PREFERRED_SKILLS)) return ERR_RANGE;
  if (!programsValid(requiredTagsOff, requiredTags, e, t) || !programsValid(preferredTagsOff, preferredTags, e, t)) return ERR_RANGE;
  for (let i = 0; i < e; i++) if (<u32>overlapGroup[i] > <u32>g) return ERR_RANGE;
  if (
    rules.length != nr * RULE_WORDS || employeeTz.length != e || tzShift.length != nz * s * TZ_WORDS ||
    tzRange.length != 2 * nz || ruleMinutes.length != nm * s
  ) return ERR_SIZE;
  if (!csr(employeeRulesOff, e, employeeRules.length) || !inRange(employeeRules, nr)) return ERR_RANGE;
  if (customPeriodsOff.length < 1 || !csr(customPeriodsOff, customPeriodsOff.length - 1, customPeriods.length >> 1)) return ERR_RANGE;
  if (!rulesValid(nr, f, nm, nz, customPeriodsOff.length - 1)) return ERR_RANGE;
  if (shiftDisruption.length != s || !csr(employeeDisruptionOff, e, employeeDisruption.length / DISRUPTION_WORDS)) return ERR_SIZE;
  if (employeeDisruption.length % DISRUPTION_WORDS != 0) return ERR_SIZE;
  for (let i = 0; i < employeeDisruption.length; i += DISRUPTION_WORDS) {
    if (employeeDisruption[i] < -1 || employeeDisruption[i] >= f || employeeDisruption[i + 1] < 0) return ERR_RANGE;
  }
  for (let i = 0; i < s; i++) if (shiftDisruption[i] < 0) shiftDisruption[i] = 0;
  if (nearDayOff.length % NEAR_DAY_OFF_WORDS != 0 || !csr(nearDayOffOff, s, nearDayOff.length / NEAR_DAY_OFF_WORDS)) return ERR_SIZE;
  for (let i = 0; i < nearDayOff.length; i += NEAR_DAY_OFF_WORDS) {
    if (<u32>nearDayOff[i] >= <u32>e || nearDayOff[i + 1] < 0 || nearDayOff[i + 2] < 0) return ERR_RANGE;
  }
  if (shiftLocation.length != 2 * s || employeeTravel.length != 3 * e) return ERR_SIZE;
  if (s == 0 ? travelShifts.length != 0 : travelShifts.length % (2 * s) != 0) return ERR_SIZE;
  const travelGroups = s == 0 ? 0 : travelShifts.length / (2 * s);
  maxTravelGap = 0;
  for (let i = 1; i < travelShifts.length; i += 2) maxTravelGap = max(maxTravelGap, travelShifts[i]);
  for (let i = 0; i < e; i++) if (employeeTravel[3 * i] < -1 || employeeTravel[3 * i] >= travelGroups) return ERR_RANGE;
  for (let i = 0; i < e; i++) {
    if (employeeTz[i] < -1 || employeeTz[i] >= nz) return ERR_RANGE;
    if (employeeRulesOff[i + 1] > employeeRulesOff[i] && employeeTz[i] < 0) return ERR_RANGE;
  }
  if (!costDataValid(costData, s, e)) return ERR_RANGE;
  if (!spansValid(unavailable, f) || !spansValid(available, f) || !spansValid(preferredTime, f) || !spansValid(unpreferredTime, f)) return ERR_RANGE;

  let longest = 0;
  for (let i = 0; i < s; i++) {
    const at = i * SR;
    // Upstream validation rejects start >= end; should one slip through it scores as a zero-length shift.
    if (shiftRec[at + SR_END] < shiftRec[at + SR_START]) shiftRec[at + SR_END] = shiftRec[at + SR_START];
    longest = max(longest, shiftRec[at + SR_END] - shiftRec[at + SR_START]);
    let flags = shiftRec[at + SR_FLAGS];
    // An initial employee that is out of range is treated as unassigned and not pinned (same rule as the glue).
    const initial = shiftRec[at + SR_INITIAL];
    if (!(initial >= 0 && initial < e) && initial != -1) {
      shiftRec[at + SR_INITIAL] = -1;
      flags &= ~SHIFT_PINNED;
    }
    // Historic shifts never move (planning window, spec §2.6).
    if ((flags & SHIFT_HISTORIC) != 0) flags |= SHIFT_PINNED;
    // Only these bits are the glue's: buildRecords adds the tag bits and SHIFT_ONE_SKILL.
    shiftRec[at + SR_FLAGS] = flags & (SHIFT_PINNED | SHIFT_MANDATORY | SHIFT_HISTORIC);
    if (shiftRec[at + SR_WEIGHT] < 0) shiftRec[at + SR_WEIGHT] = 0;
    if (shiftRec[at + SR_WORKED] < 0) shiftRec[at + SR_WORKED] = 0;
  }
  maxShiftDuration = longest;
  maxUnavailableSpan = longestSpan(unavailable);
  maxAvailableSpan = longestSpan(available);
  maxPreferredSpan = longestSpan(preferredTime);
  maxUnpreferredSpan = longestSpan(unpreferredTime);

  shiftCount = s;
  employeeCount = e;
  skillCount = k;
  tagCount = t;
  riskCount = rf;
  balanceRuleCount = r;
  overlapGroupCount = g;
  filterCount = f;
  ruleCount = nr;
  tzGroupCount = nz;
  minuteRowCount = nm;

  // The released sections are garbage once the records hold their bits: collected before anything is derived, so
  // that the derived arrays fill their block instead of growing the memory (README "Wasm memory").
  recordBits();
  releaseRecorded();
  __collect();
  packTzShift(s, nz);
  shiftPinned = new StaticArray<bool>(s);
  for (let i = 0; i < s; i++) shiftPinned[i] = isPinned(i);
  sortShiftsByStart(s);
  buildHolders();
  buildRecords();
  // The sort keys are garbage now: collected at once, so that the state the start allocates reuses their blocks.
  __collect();
  loaded = true;
  return 0;
}

/**
 * The local times per time zone group and shift in two words instead of TZ_WORDS when every value fits (half the
 * bytes, README "Wasm memory"): the start day; then the days from it to the last minute's (9 bits), the offset at
 * the start (12 bits, signed) and the minutes on the start day (11 bits). Read with constraints/view.ts tz().
 */
function packTzShift(s: i32, nz: i32): void {
  tzPacked = false;
  const n = nz * s;
  for (let i = 0; i < n; i++) {
    const at = i * TZ_WORDS;
    const span = tzShift[at + 1] - tzShift[at], offset = tzShift[at + 2], minutes = tzShift[at + 3];
    if (<u32>span > 0x1ff || offset < -2048 || offset > 2047 || <u32>minutes > 0x7ff) return;
  }
  // In place (entry i moves down from word 4i to 2i), then the array's second half is freed.
  for (let i = 0; i < n; i++) {
    const at = i * TZ_WORDS;
    const day = tzShift[at], word = (tzShift[at + 1] - day) | ((tzShift[at + 2] & 0xfff) << 9) | (tzShift[at + 3] << 21);
    tzShift[2 * i] = day;
    tzShift[2 * i + 1] = word;
  }
  __shrink(changetype<usize>(tzShift), <usize>(2 * n) << 2);
  tzPacked = true;
}

/** shiftsByStart, rankByStart, firstStart and lastStart (its sort keys are garbage once it returns). */
function sortShiftsByStart(s: i32): void {
  const keys = new StaticArray<i64>(s);
  shiftsByStart = new StaticArray<i32>(s);
  for (let i = 0; i < s; i++) {
    keys[i] = sf(i, SR_START);
    shiftsByStart[i] = i;
  }
  sortIndicesByKey(shiftsByStart, s, keys);
  rankByStart = new StaticArray<i32>(s);
  for (let i = 0; i < s; i++) rankByStart[shiftsByStart[i]] = i;
  firstStart = s > 0 ? sf(shiftsByStart[0], SR_START) : 0;
  lastStart = s > 0 ? sf(shiftsByStart[s - 1], SR_START) : 0;
}

/** Every compiled rule's kind, filters, period and parameter rows must be in range (constraint ids: contracts.ts). */
function rulesValid(n: i32, f: i32, m: i32, z: i32, customCount: i32): bool {
  for (let i = 0; i < n; i++) {
    const at = i * RULE_WORDS;
    if (<u32>rules[at + RW_KIND] >= <u32>RULE_KINDS) return false;
    const id = rules[at + RW_CONSTRAINT];
    if (!isRuleConstraint(id)) return false;
    for (let k = RW_FILTER; k <= RW_FILTER3; k++) if (rules[at + k] < -1 || rules[at + k] >= f) return false;
    const period = rules[at + RW_PERIOD];
    if (period < 0 || period > PERIOD_CUSTOM) return false;
    if (period == PERIOD_CUSTOM && <u32>rules[at + RW_PERIOD_PARAM] >= <u32>customCount) return false;
    if (period == PERIOD_WEEK && <u32>rules[at + RW_PERIOD_PARAM] > 6) return false;
    const row = rules[at + RW_MINUTES_ROW];
    if (row < -1 || (row >= 0 && row + z > m)) return false;
    const aux = rules[at + RW_AUX], auxCount = rules[at + RW_AUX_COUNT];
    if (aux < 0 || auxCount < 0 || aux + 2 * auxCount > ruleAux.length) return false;
    const kind = rules[at + RW_KIND];
    if (kind == K_MULTI_DAY_PATTERN || kind == K_SINGLE_DAY_PATTERN || kind == K_CONSECUTIVE_DAYS || kind == K_ROTATION) {
      for (let k = 0; k < auxCount; k++) if (ruleAux[aux + 2 * k] < -1 || ruleAux[aux + 2 * k] >= f) return false;
    }
  }
  return true;
}

/** Row starts `offsets[i * stride + field]` (i = 0 .. rows) of a CSR whose data holds `total` entries. */
function csr(offsets: StaticArray<i32>, rows: i32, total: i32, stride: i32 = 1, field: i32 = 0): bool {
  if (offsets.length != (rows + 1) * stride) return false;
  if (offsets[field] != 0 || offsets[rows * stride + field] != total) return false;
  for (let i = 0; i < rows; i++) if (offsets[(i + 1) * stride + field] < offsets[i * stride + field]) return false;
  return true;
}

function inRange(values: StaticArray<i32>, n: i32): bool {
  for (let i = 0; i < values.length; i++) if (<u32>values[i] >= <u32>n) return false;
  return true;
}

/** Every row must be exactly one well-formed program (or empty) whose leaves are below `ids`. */
function programsValid(offsets: StaticArray<i32>, words: StaticArray<i32>, rows: i32, ids: i32, stride: i32 = 1, field: i32 = 0): bool {
  for (let i = 0; i < rows; i++) {
    const from = offsets[i * stride + field], to = offsets[(i + 1) * stride + field];
    if (from == to) continue;
    const end = programEnd(words, from, to, ids, 0);
    if (end != to) return false;
  }
  return true;
}

/** End of the program starting at `at` (or -1 when malformed); depth-limited so a hostile buffer cannot recurse. */
function programEnd(words: StaticArray<i32>, at: i32, limit: i32, ids: i32, depth: i32): i32 {
  if (depth > 64 || at + 2 > limit) return -1;
  const op = words[at];
  if (op == OP_LEAF) {
    if (at + 3 > limit || <u32>words[at + 1] >= <u32>ids) return -1;
    return at + 3;
  }
  if (op < 1 || op > 3) return -1;
  const n = words[at + 1];
  if (n < 0) return -1;
  let p = at + 2;
  for (let i = 0; i < n; i++) {
    p = programEnd(words, p, limit, ids, depth + 1);
    if (p < 0) return -1;
  }
  return p;
}

function spansValid(spans: StaticArray<i32>, f: i32): bool {
  if (spans.length % SPAN_WORDS != 0) return false;
  for (let i = 0; i < spans.length; i += SPAN_WORDS) {
    if (spans[i + 1] < spans[i]) return false;
    if (spans[i + 3] < -1 || spans[i + 3] >= f) return false;
  }
  return true;
}

function longestSpan(spans: StaticArray<i32>): i32 {
  let longest = 0;
  for (let i = 0; i < spans.length; i += SPAN_WORDS) longest = max(longest, spans[i + 1] - spans[i]);
  return longest;
}

function buildHolders(): void {
  const k = skillCount, e = employeeCount;
  holdersOff = new StaticArray<i32>(k + 1);
  for (let i = 0; i < employeeSkills.length; i++) holdersOff[employeeSkills[i] + 1]++;
  for (let i = 0; i < k; i++) holdersOff[i + 1] += holdersOff[i];
  holders = new StaticArray<i32>(employeeSkills.length);
  const fill = new StaticArray<i32>(k);
  for (let emp = 0; emp < e; emp++) {
    for (let i = employeeSkillsOff[emp]; i < employeeSkillsOff[emp + 1]; i++) {
      const skill = employeeSkills[i];
      holders[holdersOff[skill] + fill[skill]++] = emp;
    }
  }
  for (let s = 0; s < shiftCount; s++) {
    // Only skills every satisfying employee must hold: a lone leaf or the leaves directly under a top-level AND.
    let best = -1, bestCount = i32.MAX_VALUE;
    const from = sf(s, SR_REQUIRED_SKILLS), to = sf(s + 1, SR_REQUIRED_SKILLS);
    if (from < to) {
      if (requiredSkills[from] == OP_LEAF) best = requiredSkills[from + 1];
      else if (requiredSkills[from] == OP_AND) {
        let at = from + 2;
        for (let c = 0, n = requiredSkills[from + 1]; c < n; c++) {
          if (requiredSkills[at] == OP_LEAF) {
            const skill = requiredSkills[at + 1];
            const count = holdersOff[skill + 1] - holdersOff[skill];
            if (count < bestCount) { best = skill; bestCount = count; }
          }
          at = skipProgram(requiredSkills, at);
        }
      }
    }
    unchecked(shiftRec[s * SR + SR_KEY_SKILL] = best);
  }
}

/** Position after the (validated) program starting at `at`. */
export function skipProgram(words: StaticArray<i32>, at: i32): i32 {
  if (words[at] == OP_LEAF) return at + 3;
  let p = at + 2;
  for (let i = 0, n = words[at + 1]; i < n; i++) p = skipProgram(words, p);
  return p;
}

/** Overlap in minutes of [aStart, aEnd) and [bStart, bEnd); 0 when disjoint. */
// @ts-ignore: decorator
@inline
export function overlapMinutes(aStart: i32, aEnd: i32, bStart: i32, bEnd: i32): i32 {
  return max(0, min(aEnd, bEnd) - max(aStart, bStart));
}

/** First position in `shiftsByStart` whose shift starts at or after `minute` (shiftCount when none does). */
export function firstRankFrom(minute: i32): i32 {
  let lo = 0, hi = shiftCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sf(unchecked(shiftsByStart[mid]), SR_START) < minute) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** Whether sorted `row` (words from..to of `data`) contains `v` (binary search). */
export function rowContains(data: StaticArray<i32>, from: i32, to: i32, v: i32): bool {
  let lo = from, hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = unchecked(data[mid]);
    if (x == v) return true;
    if (x < v) lo = mid + 1; else hi = mid;
  }
  return false;
}

/** Size of the intersection of two sorted rows (merge). */
export function intersectionSize(a: StaticArray<i32>, aFrom: i32, aTo: i32, b: StaticArray<i32>, bFrom: i32, bTo: i32): i32 {
  let i = aFrom, j = bFrom, n = 0;
  while (i < aTo && j < bTo) {
    const x = unchecked(a[i]), y = unchecked(b[j]);
    if (x == y) { n++; i++; j++; } else if (x < y) i++; else j++;
  }
  return n;
}

/**
 * The first TAG_BITS tag ids are also bits of the shift record's flags (from bit TAG_BIT_FIRST): a tag test then
 * reads the record a move has already loaded instead of the tag row elsewhere in memory.
 */
const TAG_BIT_FIRST: i32 = 8;
/** Record flag: the shift's required skills are exactly its key skill (required-skill-missing.ts fast path). */
export const SHIFT_ONE_SKILL: i32 = 8;
const TAG_BITS: i32 = 24;

/** Whether shift `s` carries tag `tag`. */
// @ts-ignore: decorator
@inline
export function shiftHasTag(s: i32, tag: i32): bool {
  if (tag < TAG_BITS) return (sf(s, SR_FLAGS) & (1 << (TAG_BIT_FIRST + tag))) != 0;
  return rowContains(shiftTags, sf(s, SR_TAGS), sf(s + 1, SR_TAGS), tag);
}

/**
 * Whether employee `e` holds skill `k` for shift `s`: the skill is in the employee's row and, when it has validity
 * spans, one of them contains the whole shift.
 */
export function holdsSkillFor(e: i32, k: i32, s: i32): bool {
  let lo = ef(e, ER_SKILLS), hi = ef(e + 1, ER_SKILLS);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = unchecked(employeeSkills[mid]);
    if (v == k) {
      const from = unchecked(skillValidityOff[mid]), to = unchecked(skillValidityOff[mid + 1]);
      if (from == to) return true;
      const start = sf(s, SR_START), end = sf(s, SR_END);
      for (let i = from; i < to; i++) {
        if (unchecked(skillValidity[2 * i]) <= start && end <= unchecked(skillValidity[2 * i + 1])) return true;
      }
      return false;
    }
    if (v < k) lo = mid + 1; else hi = mid;
  }
  return false;
}

/**
 * A filter's precomputed row: bit s of bits[at ..] set for every shift s passing filter f (filterMatches), so that a
 * hot test reads one word instead of the shift's tags (the contract rules' filters, constraints/view.ts; the
 * pairings', constraints/pairings.ts).
 */
export function fillFilterRow(f: i32, bits: StaticArray<u32>, at: i32): void {
  for (let s = 0; s < shiftCount; s++) if (filterMatches(f, s)) unchecked(bits[at + (s >>> 5)] |= 1 << (<u32>s & 31));
}

/** Whether bit s of the row at bits[at ..] is set (fillFilterRow). */
// @ts-ignore: decorator
@inline
export function rowHas(bits: StaticArray<u32>, at: i32, s: i32): bool {
  return ((unchecked(bits[at + (s >>> 5)]) >>> (<u32>s & 31)) & 1) != 0;
}

/** Whether shift `s` passes tag filter `f` (-1 = no filter): reference `TagAwareDateTimeSpan` semantics. */
export function filterMatches(f: i32, s: i32): bool {
  if (f < 0) return true;
  let at = unchecked(filtersOff[f]);
  const any = unchecked(filters[at]) != 0;
  const nInclude = unchecked(filters[at + 1]), nExclude = unchecked(filters[at + 2]);
  at += 3;
  // One tag (a time span or pairing by shift type): the record's tag bits answer without reading the tag rows.
  if (nInclude + nExclude == 1) return shiftHasTag(s, unchecked(filters[at])) == (nInclude == 1);
  const from = sf(s, SR_TAGS), to = sf(s + 1, SR_TAGS);
  if (nInclude > 0) {
    const hits = intersectionSize(filters, at, at + nInclude, shiftTags, from, to);
    // ALL: every include tag present; ANY: at least one.
    if (any ? hits == 0 : hits < nInclude) return false;
  }
  at += nInclude;
  if (nExclude > 0) {
    const hits = intersectionSize(filters, at, at + nExclude, shiftTags, from, to);
    // ANY: excluded when any exclude tag is present; ALL: excluded only when all of them are (mirrors include).
    if (any ? hits > 0 : hits == nExclude) return false;
  }
  return true;
}
