/**
 * The TypeScript side of the binary layout shared with the Wasm core. Every numeric constant comes from
 * assembly/layout.ts (which holds the drawings) through layout.generated.ts, written by `npm run build:wasm`
 * (scripts/generate-glue-tables.mjs); this file adds what only the glue needs: the name of each problem buffer section,
 * bound to its SEC_* id. A build whose `layoutVersion()` differs from LAYOUT_VERSION is refused at load.
 */
import {
  SEC_SHIFT_START, SEC_SHIFT_END, SEC_SHIFT_WORKED, SEC_SHIFT_UNASSIGNED_WEIGHT, SEC_SHIFT_FLAGS, SEC_SHIFT_EMPLOYEE, SEC_SHIFT_REQUIRED_SKILLS_OFF, SEC_SHIFT_REQUIRED_SKILLS, SEC_SHIFT_PREFERRED_SKILLS_OFF, SEC_SHIFT_PREFERRED_SKILLS, SEC_SHIFT_RISKS_OFF, SEC_SHIFT_RISKS, SEC_SHIFT_TAGS_OFF, SEC_SHIFT_TAGS, SEC_SHIFT_PROHIBITED_OFF, SEC_SHIFT_PROHIBITED, SEC_SHIFT_PREFERRED_OFF, SEC_SHIFT_PREFERRED, SEC_SHIFT_UNPREFERRED_OFF, SEC_SHIFT_UNPREFERRED, SEC_EMPLOYEE_SKILLS_OFF, SEC_EMPLOYEE_SKILLS, SEC_SKILL_VALIDITY_OFF, SEC_SKILL_VALIDITY, SEC_EMPLOYEE_RISKS_OFF, SEC_EMPLOYEE_RISKS, SEC_EMPLOYEE_PRIORITY, SEC_UNAVAILABLE_OFF, SEC_UNAVAILABLE, SEC_AVAILABLE_OFF, SEC_AVAILABLE, SEC_PREFERRED_TIME_OFF, SEC_PREFERRED_TIME, SEC_UNPREFERRED_TIME_OFF, SEC_UNPREFERRED_TIME, SEC_EMPLOYEE_FLAGS, SEC_FILTERS_OFF, SEC_FILTERS, SEC_REQUIRED_TAGS_OFF, SEC_REQUIRED_TAGS, SEC_PREFERRED_TAGS_OFF, SEC_PREFERRED_TAGS, SEC_BALANCE_RULES, SEC_BALANCE_MEMBERS, SEC_BALANCE_HISTORY, SEC_BALANCE_SHIFTS, SEC_OVERLAP_GROUP, SEC_OVERLAP_ALLOWED, SEC_RULES, SEC_RULE_AUX, SEC_EMPLOYEE_RULES_OFF, SEC_EMPLOYEE_RULES, SEC_EMPLOYEE_TZ, SEC_TZ_SHIFT, SEC_TZ_RANGE, SEC_RULE_MINUTES, SEC_CUSTOM_PERIODS_OFF, SEC_CUSTOM_PERIODS, SEC_SHIFT_DISRUPTION, SEC_EMPLOYEE_DISRUPTION_OFF, SEC_EMPLOYEE_DISRUPTION, SEC_COST, SEC_NEAR_DAY_OFF_OFF, SEC_NEAR_DAY_OFF, SEC_SHIFT_LOCATION, SEC_EMPLOYEE_TRAVEL, SEC_TRAVEL_SHIFTS,
  SECTION_COUNT, ERR_VERSION, ERR_SIZE, ERR_RANGE, ERR_STATE,
} from "./layout.generated";
import { CORE_CONSTRAINTS } from "./catalog.generated";

export * from "./layout.generated";

/** The glue's name of each section of the problem buffer (EncodedProblem.sections), by its SEC_* id. */
const SECTION_IDS = {
  shiftStart: SEC_SHIFT_START,
  shiftEnd: SEC_SHIFT_END,
  shiftWorked: SEC_SHIFT_WORKED,
  shiftUnassignedWeight: SEC_SHIFT_UNASSIGNED_WEIGHT,
  shiftFlags: SEC_SHIFT_FLAGS,
  shiftEmployee: SEC_SHIFT_EMPLOYEE,
  requiredSkillsOff: SEC_SHIFT_REQUIRED_SKILLS_OFF,
  requiredSkills: SEC_SHIFT_REQUIRED_SKILLS,
  preferredSkillsOff: SEC_SHIFT_PREFERRED_SKILLS_OFF,
  preferredSkills: SEC_SHIFT_PREFERRED_SKILLS,
  shiftRisksOff: SEC_SHIFT_RISKS_OFF,
  shiftRisks: SEC_SHIFT_RISKS,
  shiftTagsOff: SEC_SHIFT_TAGS_OFF,
  shiftTags: SEC_SHIFT_TAGS,
  prohibitedOff: SEC_SHIFT_PROHIBITED_OFF,
  prohibited: SEC_SHIFT_PROHIBITED,
  preferredEmployeesOff: SEC_SHIFT_PREFERRED_OFF,
  preferredEmployees: SEC_SHIFT_PREFERRED,
  unpreferredEmployeesOff: SEC_SHIFT_UNPREFERRED_OFF,
  unpreferredEmployees: SEC_SHIFT_UNPREFERRED,
  employeeSkillsOff: SEC_EMPLOYEE_SKILLS_OFF,
  employeeSkills: SEC_EMPLOYEE_SKILLS,
  skillValidityOff: SEC_SKILL_VALIDITY_OFF,
  skillValidity: SEC_SKILL_VALIDITY,
  employeeRisksOff: SEC_EMPLOYEE_RISKS_OFF,
  employeeRisks: SEC_EMPLOYEE_RISKS,
  employeePriority: SEC_EMPLOYEE_PRIORITY,
  unavailableOff: SEC_UNAVAILABLE_OFF,
  unavailable: SEC_UNAVAILABLE,
  availableOff: SEC_AVAILABLE_OFF,
  available: SEC_AVAILABLE,
  preferredTimeOff: SEC_PREFERRED_TIME_OFF,
  preferredTime: SEC_PREFERRED_TIME,
  unpreferredTimeOff: SEC_UNPREFERRED_TIME_OFF,
  unpreferredTime: SEC_UNPREFERRED_TIME,
  employeeFlags: SEC_EMPLOYEE_FLAGS,
  filtersOff: SEC_FILTERS_OFF,
  filters: SEC_FILTERS,
  requiredTagsOff: SEC_REQUIRED_TAGS_OFF,
  requiredTags: SEC_REQUIRED_TAGS,
  preferredTagsOff: SEC_PREFERRED_TAGS_OFF,
  preferredTags: SEC_PREFERRED_TAGS,
  balanceRules: SEC_BALANCE_RULES,
  balanceMembers: SEC_BALANCE_MEMBERS,
  balanceHistory: SEC_BALANCE_HISTORY,
  balanceShifts: SEC_BALANCE_SHIFTS,
  overlapGroup: SEC_OVERLAP_GROUP,
  overlapAllowed: SEC_OVERLAP_ALLOWED,
  rules: SEC_RULES,
  ruleAux: SEC_RULE_AUX,
  employeeRulesOff: SEC_EMPLOYEE_RULES_OFF,
  employeeRules: SEC_EMPLOYEE_RULES,
  employeeTz: SEC_EMPLOYEE_TZ,
  tzShift: SEC_TZ_SHIFT,
  tzRange: SEC_TZ_RANGE,
  ruleMinutes: SEC_RULE_MINUTES,
  customPeriodsOff: SEC_CUSTOM_PERIODS_OFF,
  customPeriods: SEC_CUSTOM_PERIODS,
  shiftDisruption: SEC_SHIFT_DISRUPTION,
  employeeDisruptionOff: SEC_EMPLOYEE_DISRUPTION_OFF,
  employeeDisruption: SEC_EMPLOYEE_DISRUPTION,
  cost: SEC_COST,
  nearDayOffOff: SEC_NEAR_DAY_OFF_OFF,
  nearDayOff: SEC_NEAR_DAY_OFF,
  shiftLocation: SEC_SHIFT_LOCATION,
  employeeTravel: SEC_EMPLOYEE_TRAVEL,
  travelShifts: SEC_TRAVEL_SHIFTS,
} as const;
export type SectionName = keyof typeof SECTION_IDS;

/** Section names in buffer order (ascending SEC_* id); every id below SECTION_COUNT has exactly one name. */
export const SECTIONS: readonly SectionName[] = (Object.keys(SECTION_IDS) as SectionName[]).sort((a, b) => SECTION_IDS[a] - SECTION_IDS[b]);
if (SECTIONS.length !== SECTION_COUNT || SECTIONS.some((name, i) => SECTION_IDS[name] !== i)) {
  throw new Error("solver/layout.ts: the section names do not cover the SEC_* ids of assembly/layout.ts one to one");
}

/** Whether constraint `id` is scored by compiled contract rules: the core's EMPLOYEE kind (constraints/catalog.ts). */
export function isRuleConstraint(id: number): boolean {
  return CORE_CONSTRAINTS[id]?.kind === "EMPLOYEE";
}

/** Error codes of the loading entry points (0 = ok). */
export const ERROR_CODES: Record<number, string> = {
  [ERR_VERSION]: "layout version mismatch",
  [ERR_SIZE]: "size mismatch",
  [ERR_RANGE]: "value out of range",
  [ERR_STATE]: "call not allowed in this state",
};
