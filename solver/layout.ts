/**
 * The TypeScript side of the binary layout shared with the Wasm core; assembly/layout.ts holds the drawings and is
 * the reference. A build whose `layoutVersion()` differs from LAYOUT_VERSION is refused at load.
 */

export const LAYOUT_VERSION = 2;

export const HEADER_WORDS = 10;
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
] as const;
export type SectionName = (typeof SECTIONS)[number];

export const SPAN_WORDS = 4;

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
