/**
 * The TypeScript side of the binary layout shared with the Wasm core; assembly/layout.ts holds the drawings and is
 * the reference. A build whose `layoutVersion()` differs from LAYOUT_VERSION is refused at load.
 */

export const LAYOUT_VERSION = 5;

export const HEADER_WORDS = 13;
export const H_VERSION = 0;
export const H_SHIFTS = 1;
export const H_EMPLOYEES = 2;
export const H_SKILLS = 3;
export const H_TAGS = 4;
export const H_RISKS = 5;
export const H_BALANCE_RULES = 6;
export const H_OVERLAP_GROUPS = 7;
export const H_FILTERS = 8;
export const H_SECTIONS = 9;
export const H_RULES = 10;
export const H_TZ_GROUPS = 11;
export const H_MINUTE_ROWS = 12;

/** Section order of the problem buffer (assembly/layout.ts SEC_* ids, ascending). */
export const SECTIONS = [
  "shiftStart", "shiftEnd", "shiftWorked", "shiftUnassignedWeight", "shiftFlags", "shiftEmployee",
  "requiredSkillsOff", "requiredSkills", "preferredSkillsOff", "preferredSkills", "shiftRisksOff", "shiftRisks",
  "shiftTagsOff", "shiftTags", "prohibitedOff", "prohibited", "preferredEmployeesOff", "preferredEmployees",
  "unpreferredEmployeesOff", "unpreferredEmployees", "employeeSkillsOff", "employeeSkills", "skillValidityOff",
  "skillValidity", "employeeRisksOff", "employeeRisks", "employeePriority", "unavailableOff", "unavailable",
  "availableOff", "available", "preferredTimeOff", "preferredTime", "unpreferredTimeOff", "unpreferredTime",
  "employeeFlags", "filtersOff", "filters", "requiredTagsOff", "requiredTags", "preferredTagsOff", "preferredTags",
  "balanceRules", "balanceMembers", "balanceHistory", "balanceShifts", "overlapGroup", "overlapAllowed",
  "rules", "ruleAux", "employeeRulesOff", "employeeRules", "employeeTz", "tzShift", "tzRange", "ruleMinutes",
  "customPeriodsOff", "customPeriods", "shiftDisruption", "employeeDisruptionOff", "employeeDisruption",
  "cost",
] as const;
export type SectionName = (typeof SECTIONS)[number];

export const SPAN_WORDS = 4;

/** Contract rules (assembly/layout.ts draws them): constraint id range, record fields, kinds, periods. */
export const CONTRACT_CONSTRAINT_FIRST = 17;
export const CONTRACT_CONSTRAINT_END = 52;
/** Scoped disruption: REQUIRED id, PREFERRED = +1; scored by compiled rules like the contract range. */
export const SCOPED_DISRUPTION_CONSTRAINT = 55;
/** "Minimize cost per period": period rules' cost definitions, scored by compiled rules too. */
export const COST_DEFINITION_CONSTRAINT = 68;

/** Whether constraint `id` is scored by compiled contract rules (assembly/layout.ts isRuleConstraint). */
export function isRuleConstraint(id: number): boolean {
  return (id >= CONTRACT_CONSTRAINT_FIRST && id < CONTRACT_CONSTRAINT_END) || id === SCOPED_DISRUPTION_CONSTRAINT ||
    id === SCOPED_DISRUPTION_CONSTRAINT + 1 || id === COST_DEFINITION_CONSTRAINT;
}
export const TZ_WORDS = 4;
export const DISRUPTION_WORDS = 4;
export const RULE_WORDS = 20;
export const RW_KIND = 0;
export const RW_CONSTRAINT = 1;
export const RW_FILTER = 2;
export const RW_FILTER2 = 3;
export const RW_FILTER3 = 4;
export const RW_PERIOD = 5;
export const RW_PERIOD_PARAM = 6;
export const RW_MIN = 7;
export const RW_MAX = 8;
export const RW_FLAGS = 9;
export const RW_MINUTES_ROW = 10;
export const RW_VALID_FROM = 11;
export const RW_VALID_TO = 12;
export const RW_P1 = 13;
export const RW_P2 = 14;
export const RW_P3 = 15;
export const RW_P4 = 16;
export const RW_AUX = 17;
export const RW_AUX_COUNT = 18;
export const RF_START_AND_END = 1;
export const RF_ABSENCE_AWARE = 2;
export const RF_WEEKDAY_SHIFT = 8;

export const K_PERIOD_MINUTES = 0;
export const K_PERIOD_SHIFTS = 1;
export const K_PERIOD_DAYS = 2;
export const K_PERIOD_DAYS_OFF = 3;
export const K_PERIOD_WEEKENDS = 4;
export const K_PERIOD_WEEKEND_MINUTES = 5;
export const K_PERIOD_CONSECUTIVE_WEEKENDS = 6;
export const K_PERIOD_CONSECUTIVE_WEEKENDS_OFF = 7;
export const K_MINUTES_BETWEEN = 8;
export const K_CONSECUTIVE_DAYS = 9;
export const K_CONSECUTIVE_SHIFTS = 10;
export const K_TIME_OFF_AFTER_SEQUENCE = 11;
export const K_GAPS = 12;
export const K_ROLLING_MINUTES = 13;
export const K_ROLLING_SHIFTS = 14;
export const K_ROLLING_DAYS = 15;
export const K_ROLLING_WEEKENDS = 16;
export const K_ROLLING_MINUTES_OFF = 17;
export const K_SCOPED_DISRUPTION = 18;
/** Scope types of scoped disruption rules (RW_P1). */
export const SCOPE_START_AND_END = 0;
export const SCOPE_OVERLAP = 1;
export const K_PERIOD_COST = 19;

export const PERIOD_DAY = 0;
export const PERIOD_WEEK = 1;
export const PERIOD_MONTH = 2;
export const PERIOD_YEAR = 3;
export const PERIOD_SCHEDULE = 4;
export const PERIOD_CUSTOM = 5;

export const WINDOW_DAILY = 0;
export const WINDOW_WEEKLY = 1;
export const WINDOW_MONTHLY = 2;
export const SEQUENCE_BETWEEN_STARTS = 0;
export const SEQUENCE_END_TO_START = 1;
export const CONDITION_NONE = 0;
export const CONDITION_MIN_SHIFTS = 1;
export const CONDITION_MIN_SHIFTS_CONSECUTIVELY = 2;
export const CONDITION_MIN_MINUTES = 3;

export const SHIFT_PINNED = 1;
export const SHIFT_MANDATORY = 2;
export const SHIFT_HISTORIC = 4;
export const EMPLOYEE_HAS_AVAILABILITY = 1;

export const OP_LEAF = 0;
export const OP_AND = 1;
export const OP_OR = 2;
export const OP_SUM = 3;

export const BALANCE_TIME = 0;
export const BALANCE_COUNT = 1;

export const LEVEL_HARD = 0;
export const LEVEL_MEDIUM = 1;
export const LEVEL_SOFT = 2;

export const PHASE_CONSTRUCTION = 0;
export const PHASE_LOCAL_SEARCH = 1;

export const ACCEPTOR_LATE_ACCEPTANCE = 0;
export const ACCEPTOR_SIMULATED_ANNEALING = 1;

/** Error codes of the loading entry points (0 = ok). */
export const ERROR_CODES: Record<number, string> = {
  1: "layout version mismatch",
  2: "size mismatch",
  3: "value out of range",
  4: "call not allowed in this state",
};
