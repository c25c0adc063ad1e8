/**
 * The constraint catalogue as the API sees it: the core's constraint ids (assembly/constraints/index.ts) with the
 * names of their reference justification schemas and weight overrides (reference `EmployeeScheduleConfigOverrides`:
 * soft constraints only; hard and medium constraints keep weight 1 unless a caller names them directly).
 */
import type { ConstraintLevel } from "./session";

export interface ConstraintInfo {
  id: number;
  name: string;
  level: ConstraintLevel;
  /** True when matches add to the score. */
  reward: boolean;
  /** `config.model.overrides` key of its weight, when the reference has one. */
  override?: string;
  /** Reference schema of its match justification. */
  justification: string;
}

export const CONSTRAINTS: readonly ConstraintInfo[] = [
  { id: 0, name: "Required skill missing", level: "HARD", reward: false, justification: "RequiredSkillMissingJustification" },
  { id: 1, name: "Overlapping shift", level: "HARD", reward: false, justification: "OverlappingShiftJustification" },
  { id: 2, name: "Employee works during unavailable time", level: "HARD", reward: false, justification: "EmployeeWorksDuringUnavailableTimeJustification" },
  { id: 3, name: "Employee does not work during available time", level: "HARD", reward: false, justification: "EmployeeDoesNotWorkDuringAvailableTimeJustification" },
  { id: 4, name: "Prohibited employee assigned", level: "HARD", reward: false, justification: "ProhibitedEmployeeAssignedJustification" },
  { id: 5, name: "Employee has prohibited risk factor associated with shift", level: "HARD", reward: false, justification: "EmployeeHasProhibitedRiskFactorAssociatedWithShiftJustification" },
  { id: 6, name: "Employee works shift with non matching required shift tags", level: "HARD", reward: false, justification: "EmployeeWorksShiftWithNonMatchingRequiredShiftTagsJustification" },
  { id: 7, name: "Unassigned shift", level: "MEDIUM", reward: false, justification: "UnassignedShiftJustification" },
  { id: 8, name: "Unassigned optional shift", level: "SOFT", reward: false, override: "unassignedOptionalShiftWeight", justification: "UnassignedOptionalShiftJustification" },
  { id: 9, name: "Employee works during unpreferred time", level: "SOFT", reward: false, override: "employeeWorksDuringUnpreferredTimeWeight", justification: "EmployeeWorksDuringUnpreferredTimeJustification" },
  { id: 10, name: "Employee works during preferred time", level: "SOFT", reward: true, override: "employeeWorksDuringPreferredTimeWeight", justification: "EmployeeWorksDuringPreferredTimeJustification" },
  { id: 11, name: "Preferred skill missing", level: "SOFT", reward: false, override: "preferredSkillMissingWeight", justification: "PreferredSkillMissingJustification" },
  { id: 12, name: "Unpreferred employee assigned", level: "SOFT", reward: false, override: "unpreferredEmployeeAssignedWeight", justification: "UnpreferredEmployeeAssignedJustification" },
  { id: 13, name: "Preferred employee assigned", level: "SOFT", reward: true, override: "preferredEmployeeAssignedWeight", justification: "PreferredEmployeeAssignedJustification" },
  { id: 14, name: "Employee works shift with preferred shift tags", level: "SOFT", reward: true, override: "employeeWorksShiftWithPreferredShiftTagsWeight", justification: "EmployeeWorksShiftWithPreferredShiftTagsJustification" },
  { id: 15, name: "Balance time worked", level: "SOFT", reward: false, override: "balanceTimeWorkedWeight", justification: "BalanceTimeWorkedJustification" },
  { id: 16, name: "Balance shift count", level: "SOFT", reward: false, override: "balanceShiftCountWeight", justification: "BalanceShiftCountJustification" },
];

export const CONSTRAINT_ID = {
  REQUIRED_SKILL: 0,
  OVERLAP: 1,
  UNAVAILABLE: 2,
  AVAILABLE: 3,
  PROHIBITED_EMPLOYEE: 4,
  RISK_FACTOR: 5,
  REQUIRED_TAGS: 6,
  UNASSIGNED: 7,
  UNASSIGNED_OPTIONAL: 8,
  UNPREFERRED_TIME: 9,
  PREFERRED_TIME: 10,
  PREFERRED_SKILL: 11,
  UNPREFERRED_EMPLOYEE: 12,
  PREFERRED_EMPLOYEE: 13,
  PREFERRED_TAGS: 14,
  BALANCE_TIME: 15,
  BALANCE_COUNT: 16,
} as const;

/** Constraint id for a weight key: an override name of the reference or a constraint name; undefined if unknown. */
export function constraintIdForWeightKey(key: string): number | undefined {
  return CONSTRAINTS.find((c) => c.override === key || c.name === key)?.id;
}
