/**
 * Binary layout shared by the Wasm core and the TypeScript glue: the single source of its constants. Every
 * `export const NAME: i32 = <literal>` here is copied to solver/layout.generated.ts by `npm run build:wasm`
 * (scripts/generate-glue-tables.mjs). Bump LAYOUT_VERSION on any change; the glue refuses a build whose version
 * differs from its own.
 */

export const LAYOUT_VERSION: i32 = 19;

// ---------------------------------------------------------------------------------------------------------------
// Problem buffer: one little-endian i32 array written by the glue into memory from `alloc`, read once by
// `loadProblem`. A fixed header of counts, a directory with the length of every section, then the sections in
// directory order. Times are minutes since the Unix epoch. CSR = an offsets section (rows + 1) and a data section.
// Loaded in place instead (problem.ts beginLoad, solver/write-sections.ts), the glue writes each section where
// `sectionAddress(id)` points, a word every `sectionStride(id)` words: the per-shift fields (SEC_SHIFT_START ..
// SEC_SHIFT_EMPLOYEE) and the shifts' row starts (the *_OFF sections of S + 1 words) go straight into the shift
// records (problem.ts SR_*, 16 words a shift), so that the load never holds them twice (README "Wasm memory").
//
//  word 0         1   2   3   4   5    6   7   8   9          10  11  12
//  ╒═════════╤═══╤═══╤═══╤═══╤════╤═══╤═══╤═══╤══════════╤═══╤═══╤═══╕
//  │ version │ S │ E │ K │ T │ RF │ R │ G │ F │ sections │ N │ Z │ M │  header (HEADER_WORDS): shifts, employees,
//  ╞═════════╧═══╧═══╧═══╧═══╧════╧═══╧═══╧═══╧══════════╧═══╧═══╧═══╡  skills, tags, risk factors, balance rules,
//                                                                        overlap groups, tag filters, sections,
//                                                                        contract rules, time zone groups, minute rows
//  │ length[sections]                                  │  directory (SECTION_COUNT words)
//  ├───────────────────────────────────────────────────┤
//  │ section 0 │ section 1 │ ...                       │  in the order of the SEC_* ids below
//  ╘═══════════════════════════════════════════════════╛
//
// Boolean expressions (skills, shift tags) are programs of i32 words, prefix order:
//   leaf  [OP_LEAF, id, weight]          node  [OP_AND | OP_OR | OP_SUM, n, child₁ ... childₙ]
// Span rows hold SPAN_WORDS words per span: [start, end, weight, filter] (filter -1 = none), sorted by start.
// A tag filter (FILTER_DATA row) is [matchAny, nInclude, nExclude, include tags..., exclude tags...] (sorted).
// ---------------------------------------------------------------------------------------------------------------

export const HEADER_WORDS: i32 = 13;
export const H_VERSION: i32 = 0;
export const H_SHIFTS: i32 = 1;
export const H_EMPLOYEES: i32 = 2;
export const H_SKILLS: i32 = 3;
export const H_TAGS: i32 = 4;
export const H_RISKS: i32 = 5;
export const H_BALANCE_RULES: i32 = 6;
export const H_OVERLAP_GROUPS: i32 = 7;
export const H_FILTERS: i32 = 8;
export const H_SECTIONS: i32 = 9;
export const H_RULES: i32 = 10;
export const H_TZ_GROUPS: i32 = 11;
export const H_MINUTE_ROWS: i32 = 12;

// Shift sections (S words unless noted).
export const SEC_SHIFT_START: i32 = 0;
export const SEC_SHIFT_END: i32 = 1;
/** Minutes worked: duration minus the breaks inside the shift. */
export const SEC_SHIFT_WORKED: i32 = 2;
/** Penalty of leaving the shift unassigned (priority weight). */
export const SEC_SHIFT_UNASSIGNED_WEIGHT: i32 = 3;
/** SHIFT_* bits below. */
export const SEC_SHIFT_FLAGS: i32 = 4;
/** Initial employee index or -1. */
export const SEC_SHIFT_EMPLOYEE: i32 = 5;
export const SEC_SHIFT_REQUIRED_SKILLS_OFF: i32 = 6; // S + 1
export const SEC_SHIFT_REQUIRED_SKILLS: i32 = 7; // expression programs
export const SEC_SHIFT_PREFERRED_SKILLS_OFF: i32 = 8; // S + 1
export const SEC_SHIFT_PREFERRED_SKILLS: i32 = 9; // expression programs
export const SEC_SHIFT_RISKS_OFF: i32 = 10; // S + 1
export const SEC_SHIFT_RISKS: i32 = 11; // sorted risk factor indices
export const SEC_SHIFT_TAGS_OFF: i32 = 12; // S + 1
export const SEC_SHIFT_TAGS: i32 = 13; // sorted tag indices
export const SEC_SHIFT_PROHIBITED_OFF: i32 = 14; // S + 1
export const SEC_SHIFT_PROHIBITED: i32 = 15; // sorted employee indices
export const SEC_SHIFT_PREFERRED_OFF: i32 = 16;
export const SEC_SHIFT_PREFERRED: i32 = 17;
export const SEC_SHIFT_UNPREFERRED_OFF: i32 = 18;
export const SEC_SHIFT_UNPREFERRED: i32 = 19;
// Employee sections (E words unless noted).
export const SEC_EMPLOYEE_SKILLS_OFF: i32 = 20; // E + 1
export const SEC_EMPLOYEE_SKILLS: i32 = 21; // sorted skill indices (Q entries)
export const SEC_SKILL_VALIDITY_OFF: i32 = 22; // Q + 1, in spans
export const SEC_SKILL_VALIDITY: i32 = 23; // [start, end] per span; none = always valid
export const SEC_EMPLOYEE_RISKS_OFF: i32 = 24; // E + 1
export const SEC_EMPLOYEE_RISKS: i32 = 25; // sorted prohibited risk factor indices
/** Multiplier of the employee's own preferences: 11 - priority (priority 1 -> 10, unset -> 1). */
export const SEC_EMPLOYEE_PRIORITY: i32 = 26;
export const SEC_UNAVAILABLE_OFF: i32 = 27; // E + 1, in spans
export const SEC_UNAVAILABLE: i32 = 28;
export const SEC_AVAILABLE_OFF: i32 = 29;
export const SEC_AVAILABLE: i32 = 30;
export const SEC_PREFERRED_TIME_OFF: i32 = 31;
export const SEC_PREFERRED_TIME: i32 = 32;
export const SEC_UNPREFERRED_TIME_OFF: i32 = 33;
export const SEC_UNPREFERRED_TIME: i32 = 34;
/** EMPLOYEE_* bits below. */
export const SEC_EMPLOYEE_FLAGS: i32 = 35;
export const SEC_FILTERS_OFF: i32 = 36; // F + 1
export const SEC_FILTERS: i32 = 37;
export const SEC_REQUIRED_TAGS_OFF: i32 = 38; // E + 1
export const SEC_REQUIRED_TAGS: i32 = 39; // expression programs over shift tags (penalty measure)
export const SEC_PREFERRED_TAGS_OFF: i32 = 40; // E + 1
export const SEC_PREFERRED_TAGS: i32 = 41; // expression programs over shift tags (reward measure)
/** Per balance rule: [kind (BALANCE_*), reserved]. */
export const SEC_BALANCE_RULES: i32 = 42; // 2 R
/** Per rule and employee: 1 when the employee is balanced by the rule. */
export const SEC_BALANCE_MEMBERS: i32 = 43; // R E
/** Per rule and employee: published history (minutes or shifts). */
export const SEC_BALANCE_HISTORY: i32 = 44; // R E
/** Per rule and shift: 1 when the shift counts for the rule. */
export const SEC_BALANCE_SHIFTS: i32 = 45; // R S
/** Allow-overlap group of each employee (0 = none, g = row g - 1 of OVERLAP_ALLOWED). */
export const SEC_OVERLAP_GROUP: i32 = 46; // E
export const SEC_OVERLAP_ALLOWED: i32 = 47; // G S: 1 when the shift may overlap for employees of the group
// Contract rules (employee-scoped units, constraints/contracts.ts). A reference rule with several limits becomes one
// compiled rule per limit. Days are local epoch days (solver/time.ts): 1970-01-01 = 0, weekday (d + 3) mod 7.
/** RULE_WORDS per compiled rule: the RW_* fields below. */
export const SEC_RULES: i32 = 48; // N RULE_WORDS
/** Variable-length rule parameters (e.g. consecutive-minutes-off intervals), addressed by RW_AUX / RW_AUX_COUNT. */
export const SEC_RULE_AUX: i32 = 49;
export const SEC_EMPLOYEE_RULES_OFF: i32 = 50; // E + 1
export const SEC_EMPLOYEE_RULES: i32 = 51; // compiled rule indices per employee (one cache slot each)
/** Time zone group of each employee (-1 when the employee has no contract rule). */
export const SEC_EMPLOYEE_TZ: i32 = 52; // E
/** Per group and shift TZ_WORDS words: [start day, day of the last minute, offset at start, minutes on the start day]. */
export const SEC_TZ_SHIFT: i32 = 53; // Z S TZ_WORDS
/** Per group: [first day, last day] of the schedule (the planning window, else the shifts' span), inclusive. */
export const SEC_TZ_RANGE: i32 = 54; // 2 Z
/** Rows of counted minutes per shift (rules counting only part of a shift, e.g. countOnlyBetween), per group. */
export const SEC_RULE_MINUTES: i32 = 55; // M S
export const SEC_CUSTOM_PERIODS_OFF: i32 = 56; // P + 1, in spans
export const SEC_CUSTOM_PERIODS: i32 = 57; // [first day, last day] per span, sorted
/** Per shift: multiplier (1-5) of the deprecated globalRules.disruptionRules covering it, 0 = none. */
export const SEC_SHIFT_DISRUPTION: i32 = 58; // S
/** Per employee: its contracts' disruptionRules, DISRUPTION_WORDS each: [filter, weight, valid from, valid to]. */
export const SEC_EMPLOYEE_DISRUPTION_OFF: i32 = 59; // E + 1, in rules
export const SEC_EMPLOYEE_DISRUPTION: i32 = 60;
/** Cost: costs rules and activation ratio groups, one block of words drawn in constraints/cost.ts (empty = none). */
export const SEC_COST: i32 = 61;
/**
 * Shifts near a day off request (constraints/near-day-off.ts): per shift, the employees for whom it breaks a contract's
 * avoidShiftCloseToDayOffRequestRules, NEAR_DAY_OFF_WORDS each: [employee, PROHIBITED rules, UNPREFERRED rules],
 * sorted by employee (the glue finds the days off: solver/encode-day-off.ts).
 */
export const SEC_NEAR_DAY_OFF_OFF: i32 = 62; // S + 1, in entries
export const SEC_NEAR_DAY_OFF: i32 = 63;
/**
 * Travel (constraints/travel.ts; the glue resolves the travel configurations: solver/encode-travel.ts). Locations are
 * [latitude, longitude] in microdegrees, LOCATION_NONE as latitude when absent.
 */
export const SEC_SHIFT_LOCATION: i32 = 64; // 2 S
/** Per employee: [travel group (-1 = none), latitude, longitude]. */
export const SEC_EMPLOYEE_TRAVEL: i32 = 65; // 3 E
/**
 * Per travel group and shift, 2 words: the maximum distance in meters, TRAVEL_NO_MAX, or TRAVEL_NONE (no configuration
 * applies); the covering configuration's minimum minutes between shifts in different locations (0 = none).
 */
export const SEC_TRAVEL_SHIFTS: i32 = 66; // T S 2
export const SECTION_COUNT: i32 = 67;
export const LOCATION_NONE: i32 = -2147483648;
export const TRAVEL_NO_MAX: i32 = -1;
export const TRAVEL_NONE: i32 = -2;
export const NEAR_DAY_OFF_WORDS: i32 = 3;
export const DISRUPTION_WORDS: i32 = 4;

/**
 * Constraint ids of the contract rules of the reference's first lists, in pairs (REQUIRED hard, then PREFERRED soft),
 * each kind's module declaring its own: period rules (constraints/period-rules.ts: minutes, shifts, days, days off,
 * weekends, weekend minutes, consecutive weekends worked, consecutive weekends off), sequence rules
 * (constraints/sequence-rules.ts: minutes between shifts, consecutive days, consecutive shifts, time off after a
 * sequence, then the soft-only "Minimize gaps"), rolling windows (constraints/rolling-window.ts: minutes, shifts, days,
 * weekends, consecutive minutes off).
 */
export const PERIOD_RULE_CONSTRAINT: i32 = 17;
export const SEQUENCE_RULE_CONSTRAINT: i32 = 33;
export const GAPS_CONSTRAINT: i32 = 41;
export const ROLLING_RULE_CONSTRAINT: i32 = 42;
/** Scoped disruption (constraints/scoped-disruption.ts): REQUIRED, then PREFERRED (+1); scored as compiled rules too. */
export const SCOPED_DISRUPTION_CONSTRAINT: i32 = 55;

/** "Minimize cost per period" (constraints/cost.ts): period rules' cost definitions, scored as compiled rules too. */
export const COST_DEFINITION_CONSTRAINT: i32 = 68;

/**
 * Multi-day shift sequence patterns (constraints/shift-patterns.ts), by satisfiability: REQUIRED, PROHIBITED (hard),
 * PREFERRED (soft reward), UNPREFERRED (soft).
 */
export const MULTI_DAY_PATTERN_CONSTRAINT: i32 = 74;

/**
 * Period limits of constraints/period-limits.ts and consecutive days off in rolling windows, in pairs (REQUIRED hard,
 * then PREFERRED soft): consecutive days off, unique tags, locations, shift types, shift start time difference,
 * minutes logged (per period), consecutive days off (rolling window). Ids are derived from this base alone.
 */
export const PERIOD_LIMIT_CONSTRAINT: i32 = 78;
export const PERIOD_LIMIT_COUNT: i32 = 14;

/**
 * Global shift counts (constraints/demand.ts, README "Global rules and shift groups"), scored by the hourly demand's
 * count engine: + 0 shifts worked per period, REQUIRED (hard); + 1 PREFERRED (soft); + 2 concurrent shifts (hard);
 * + 3 shift group assignment mode (hard); + 4 employee group split into multiple shifts per day (pairings'
 * `groupShiftsPerDayLimit`, hard).
 */
export const GLOBAL_COUNT_CONSTRAINT: i32 = 92;
export const GLOBAL_COUNT_CONSTRAINTS: i32 = 5;

/**
 * Single-day shift sequence patterns (constraints/shift-patterns.ts), by satisfiability like the multi-day ones:
 * REQUIRED, PROHIBITED (hard), PREFERRED (soft reward), UNPREFERRED (soft).
 */
export const SINGLE_DAY_PATTERN_CONSTRAINT: i32 = 97;

/** "Employee works compact sequence" (soft reward): consecutive days worked rules with `rewardCompactSequences`. */
export const COMPACT_SEQUENCE_CONSTRAINT: i32 = 101;

/**
 * Shifts near a day off request (constraints/near-day-off.ts, LOCAL): "Employee has prohibited shift near day off
 * request" (hard), then the unpreferred one (soft, + 1).
 */
export const NEAR_DAY_OFF_CONSTRAINT: i32 = 102;

/**
 * Shift rotations (constraints/rotation.ts, compiled contract rules): required rotation not met (hard), preferred
 * (soft, + 1), custom rotation duration beyond the required maximum (hard, + 2), outside the preferred range (soft, + 3).
 */
export const ROTATION_CONSTRAINT: i32 = 104;

/**
 * Travel (constraints/travel.ts, LOCAL): "Maximum employee to shift travel distance exceeded" (hard), "Minimize travel
 * distance" (soft, + 1).
 */
export const TRAVEL_CONSTRAINT: i32 = 108;

/**
 * "Maximize activated employee saturation" (constraints/cost.ts, AGGREGATE, soft reward): per activated employee of
 * a cost group with an activation cost, the square of its activating shifts.
 */
export const SATURATION_CONSTRAINT: i32 = 110;

/**
 * "Minimum time between shifts including travel not met" (constraints/travel-gap.ts, PAIRWISE, hard): pairs of one
 * employee's shifts in different locations closer than the travel configuration's minimum.
 */
export const TRAVEL_GAP_CONSTRAINT: i32 = 111;

/**
 * Sequence start days and the time between different sequences of consecutive days worked rules
 * (constraints/sequence-rules.ts): "Required sequence start day not met for employee" (hard), "Preferred sequence
 * start day met for employee" (soft reward), "Preferred minimum time between different sequences not met for
 * employee" (soft). Ids are derived from this base alone.
 */
export const SEQUENCE_START_CONSTRAINT: i32 = 112;
/**
 * "Sequence ends on allowed sequence start day for employee" (soft, `allowedSequenceStartDays`, README "Contract
 * rules"): a run of consecutive days worked of a category whose last day is an allowed start weekday.
 */
export const SEQUENCE_END_ON_START_DAY_CONSTRAINT: i32 = 115;
/**
 * Number of constraints: the last id above + 1. A new constraint takes the next id here (README "How to add a
 * constraint") and this line names it; the core checks at start that every id below is declared exactly once.
 */
export const CONSTRAINT_COUNT: i32 = SEQUENCE_END_ON_START_DAY_CONSTRAINT + 1;


export const TZ_WORDS: i32 = 4;
export const RULE_WORDS: i32 = 20;
/** Rule kind (K_*). */
export const RW_KIND: i32 = 0;
/** Constraint id it scores into (its REQUIRED or PREFERRED variant). */
export const RW_CONSTRAINT: i32 = 1;
/** Tag filter of the shifts it counts (-1 = every shift). */
export const RW_FILTER: i32 = 2;
/** Second filter: previous shift (rest, gaps) or condition shifts (sequences, rolling windows). */
export const RW_FILTER2: i32 = 3;
/** Third filter: next shift (rest, gaps). */
export const RW_FILTER3: i32 = 4;
/** Period kind (PERIOD_*) and its parameter (week start 0-6 for weeks; custom period index). */
export const RW_PERIOD: i32 = 5;
export const RW_PERIOD_PARAM: i32 = 6;
/** Limits (-1 = none). */
export const RW_MIN: i32 = 7;
export const RW_MAX: i32 = 8;
/** RF_* bits; bits 8-14 a weekday mask (Monday = bit 8). */
export const RW_FLAGS: i32 = 9;
/** First row of SEC_RULE_MINUTES for this rule (row + time zone group), -1 = minutes worked. */
export const RW_MINUTES_ROW: i32 = 10;
/** Validity of the rule in local minutes since the epoch [from, to); i32 MIN / MAX when open. */
export const RW_VALID_FROM: i32 = 11;
export const RW_VALID_TO: i32 = 12;
export const RW_P1: i32 = 13;
export const RW_P2: i32 = 14;
export const RW_P3: i32 = 15;
export const RW_P4: i32 = 16;
export const RW_AUX: i32 = 17;
export const RW_AUX_COUNT: i32 = 18;

/** START_AND_END period overlap: a shift counts in every period it overlaps, minutes by the overlapping part. */
export const RF_START_AND_END: i32 = 1;
/** ABSENCE_AWARE: the limit scales with the employee's availability in the window. */
export const RF_ABSENCE_AWARE: i32 = 2;
export const RF_WEEKDAY_SHIFT: i32 = 8;

export const K_PERIOD_MINUTES: i32 = 0;
export const K_PERIOD_SHIFTS: i32 = 1;
export const K_PERIOD_DAYS: i32 = 2;
export const K_PERIOD_DAYS_OFF: i32 = 3;
export const K_PERIOD_WEEKENDS: i32 = 4;
export const K_PERIOD_WEEKEND_MINUTES: i32 = 5;
export const K_PERIOD_CONSECUTIVE_WEEKENDS: i32 = 6;
export const K_PERIOD_CONSECUTIVE_WEEKENDS_OFF: i32 = 7;
export const K_MINUTES_BETWEEN: i32 = 8;
export const K_CONSECUTIVE_DAYS: i32 = 9;
export const K_CONSECUTIVE_SHIFTS: i32 = 10;
export const K_TIME_OFF_AFTER_SEQUENCE: i32 = 11;
export const K_GAPS: i32 = 12;
export const K_ROLLING_MINUTES: i32 = 13;
export const K_ROLLING_SHIFTS: i32 = 14;
export const K_ROLLING_DAYS: i32 = 15;
export const K_ROLLING_WEEKENDS: i32 = 16;
export const K_ROLLING_MINUTES_OFF: i32 = 17;
export const K_SCOPED_DISRUPTION: i32 = 18;
/** Scope types of scoped disruption rules (RW_P1). */
export const SCOPE_START_AND_END: i32 = 0;
export const SCOPE_OVERLAP: i32 = 1;
/** A period rule's costDefinition (constraints/cost.ts): tiers in RULE_AUX as [minutes limit (-1 = rest), milli-units per hour]. */
export const K_PERIOD_COST: i32 = 19;
/** A multi-day shift sequence pattern (constraints/shift-patterns.ts): elements in RULE_AUX as [filter, PE_* flags]. */
export const K_MULTI_DAY_PATTERN: i32 = 20;
/**
 * Period limits (constraints/period-limits.ts), scored into PERIOD_LIMIT_CONSTRAINT + 2 × (kind − K_PERIOD_DAYS_OFF_RUN)
 * (+1 PREFERRED). Per-shift values (location, shift type, logged minutes) come from the rule's RULE_MINUTES row.
 */
/** Longest run of days off in the period (RW_MIN). */
export const K_PERIOD_DAYS_OFF_RUN: i32 = 21;
/** Distinct tags of the tag types listed in RULE_AUX (sorted tag indices) (RW_MAX). */
export const K_PERIOD_UNIQUE_TAGS: i32 = 22;
/** Distinct locations: the row holds a location index per shift, -1 none (RW_MAX). */
export const K_PERIOD_LOCATIONS: i32 = 23;
/** Shifts of each type: the row holds the shift's category (0 .. RW_P1 − 1), -1 none (RW_MIN, RW_MAX per type). */
export const K_PERIOD_SHIFT_TYPES: i32 = 24;
/** Latest minus earliest local start time of day (RW_MAX). */
export const K_PERIOD_START_DIFFERENCE: i32 = 25;
/** Logged minutes: the row holds each shift's loggedTime, else its minutes worked (RW_MIN, RW_MAX). */
export const K_PERIOD_MINUTES_LOGGED: i32 = 26;
/** Rolling windows: longest run of days off in the window (RW_MIN), rolling-window.ts. */
export const K_ROLLING_DAYS_OFF_RUN: i32 = 27;
/**
 * A single-day shift sequence pattern (constraints/shift-patterns.ts): elements in RULE_AUX as [filter, 0]; RW_P3
 * PATTERN_UNORDERED when `ordered` is false.
 */
export const K_SINGLE_DAY_PATTERN: i32 = 28;
/**
 * A shift rotation rule (constraints/rotation.ts): rotation groups in RULE_AUX as [filter, 0]; RW_P2 a ROTATION_* mode,
 * RW_P4 the week start (WEEKLY), RW_MIN / RW_MAX the custom rotation's limits in days (-1 = none).
 */
export const K_ROTATION: i32 = 29;
export const RULE_KINDS: i32 = 30;
/** Rotation modes (RW_P2): one group per week; custom rotations against a required maximum; against a preferred range. */
export const ROTATION_WEEKLY: i32 = 0;
export const ROTATION_CUSTOM_MAX: i32 = 1;
export const ROTATION_CUSTOM_RANGE: i32 = 2;

/** Pattern element flags: an OFF element (else ON); shiftMatches ANY (else ALL). */
export const PE_OFF: i32 = 1;
export const PE_ANY: i32 = 2;
/** Pattern modes (RW_P2 of pattern rules): a match is the whole pattern, or (REQUIRED) a started, uncompleted one. */
export const PATTERN_MATCH: i32 = 0;
export const PATTERN_REQUIRED: i32 = 1;
/** RW_P3 of single-day patterns: the elements may match the day's shifts in any order. */
export const PATTERN_UNORDERED: i32 = 1;

export const PERIOD_DAY: i32 = 0;
export const PERIOD_WEEK: i32 = 1;
export const PERIOD_MONTH: i32 = 2;
export const PERIOD_YEAR: i32 = 3;
export const PERIOD_SCHEDULE: i32 = 4;
export const PERIOD_CUSTOM: i32 = 5;

/** Rolling window types (RW_P1 of rolling rules; RW_P2 is the size). */
export const WINDOW_DAILY: i32 = 0;
export const WINDOW_WEEKLY: i32 = 1;
export const WINDOW_MONTHLY: i32 = 2;
export const WINDOW_HOURLY: i32 = 3;

/** Sequence definitions (RW_P1 of sequence rules; RW_P2 the trigger limit in minutes). */
export const SEQUENCE_BETWEEN_STARTS: i32 = 0;
export const SEQUENCE_END_TO_START: i32 = 1;

/** RW_P1 of consecutive days worked rules: RUNS_COMPACT rewards each next day of a category's run (compact sequences). */
export const RUNS_LIMITS: i32 = 0;
export const RUNS_COMPACT: i32 = 1;
/** RUNS_START_DAYS (`allowedSequenceStartDays`): RW_P2 the allowed weekdays (bit 0 = Monday). */
export const RUNS_START_DAYS: i32 = 2;
/**
 * RUNS_BETWEEN (`minDurationBetweenDifferentSequences`, `minDelayBetweenDifferentSequences`): RW_P2 the minimum
 * minutes (duration), or RW_P3 the date adjuster (DELAY_*), RW_P4 its increment and RW_P2 the minute of the day.
 */
export const RUNS_BETWEEN: i32 = 3;
export const DELAY_NONE: i32 = -1;
export const DELAY_SAME_DAY: i32 = 0;
export const DELAY_NEXT_DAY: i32 = 1;
export const DELAY_NEXT_MONTH: i32 = 2;
/** NEXT_MONDAY .. NEXT_SUNDAY: DELAY_NEXT_MONDAY + weekday (Monday = 0). */
export const DELAY_NEXT_MONDAY: i32 = 3;

/** Conditions (RW_P3; RW_P4 the trigger limit; RW_FILTER2 the shifts counted). */
export const CONDITION_NONE: i32 = 0;
export const CONDITION_MIN_SHIFTS: i32 = 1;
export const CONDITION_MIN_SHIFTS_CONSECUTIVELY: i32 = 2;
export const CONDITION_MIN_MINUTES: i32 = 3;

export const SPAN_WORDS: i32 = 4;

export const SHIFT_PINNED: i32 = 1;
export const SHIFT_MANDATORY: i32 = 2;
/** Ends before the planning window: keeps its employee, counts for rules, its own matches are skipped. */
export const SHIFT_HISTORIC: i32 = 4;

/** The employee defines available time spans (working outside them is then penalized). */
export const EMPLOYEE_HAS_AVAILABILITY: i32 = 1;

export const OP_LEAF: i32 = 0;
export const OP_AND: i32 = 1;
export const OP_OR: i32 = 2;
export const OP_SUM: i32 = 3;

export const BALANCE_TIME: i32 = 0;
export const BALANCE_COUNT: i32 = 1;

// ---------------------------------------------------------------------------------------------------------------
// Checkpoint: opaque bytes for the glue, produced by `checkpointWrite` and read by `checkpointRestore`. Written
// sequentially (checkpoint.ts); every i64 field and i64 array starts 8-aligned.
//
//  ╒═══════╤═════════╤═══╤═══╤═══╤═══════╤══════╤══════════╤════════╤══════════╤═════════╤══════════╤══════════╕
//  │ magic │ version │ S │ E │ C │ phase │ lahc │ orderLen │ cursor │ empCurs. │ bestEmp │ acceptor │ poolSize │
//  ╞═══════╧═════════╧═══╧═══╧═══╧═══════╧══════╧══════════╧════════╧══════════╧═════════╧══════════╧══════════╡
//  │ pad │ unitsDone lsSteps rngState lahcIndex best{H,M,S} cand{H,M,S} saHalfLife   i64                      │
//  │ saTemperature{H,M,S} f64 │ weights[C] i64 │ current[S] │ best[S] │ order[orderLen] │ pool[poolSize] i32   │
//  │ pad │ history[3·lahc] i64 │ periodBest{H,M,S} i64 │ deep i32 (local-search.ts: compound moves' shares)   │
//  │ contractsKept i32 (local-search.ts) │ stallPeriod kickPeriod i64 (local-search.ts setPeriods)                │
//  │ shareReward[K] shareWork[K] i64 │ share[K] i32 (move-shares.ts; K = local-search.ts SHARE_KINDS)          │
//  ╘══════════════════════════════════════════════════════════════════════════════════════════════════════════════╛
// ---------------------------------------------------------------------------------------------------------------

export const CHECKPOINT_MAGIC: i32 = 0x41544f52; // "ROTA"

/** Score levels, most significant first. */
export const LEVEL_HARD: i32 = 0;
export const LEVEL_MEDIUM: i32 = 1;
export const LEVEL_SOFT: i32 = 2;

export const PHASE_CONSTRUCTION: i32 = 0;
export const PHASE_LOCAL_SEARCH: i32 = 1;

export const ACCEPTOR_LATE_ACCEPTANCE: i32 = 0;
export const ACCEPTOR_SIMULATED_ANNEALING: i32 = 1;

/** Error codes returned by the loading entry points (0 = ok). */
export const ERR_VERSION: i32 = 1;
export const ERR_SIZE: i32 = 2;
export const ERR_RANGE: i32 = 3;
export const ERR_STATE: i32 = 4;
