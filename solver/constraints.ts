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
  // Contract rules (assembly/constraints/contracts.ts): REQUIRED variant (hard) then PREFERRED (soft, weighted).
  { id: 17, name: "Minutes worked per period not in required range for employee", level: "HARD", reward: false, justification: "MinutesWorkedPerPeriodNotInRequiredRangeForEmployeeJustification" },
  { id: 18, name: "Minutes worked per period not in preferred range for employee", level: "SOFT", reward: false, override: "minutesWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", justification: "MinutesWorkedPerPeriodNotInPreferredRangeForEmployeeJustification" },
  { id: 19, name: "Shifts worked per period not in required range for employee", level: "HARD", reward: false, justification: "ShiftsWorkedPerPeriodNotInRequiredRangeForEmployeeJustification" },
  { id: 20, name: "Shifts worked per period not in preferred range for employee", level: "SOFT", reward: false, override: "shiftsWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", justification: "ShiftsWorkedPerPeriodNotInPreferredRangeForEmployeeJustification" },
  { id: 21, name: "Days worked per period not in required range for employee", level: "HARD", reward: false, justification: "DaysWorkedPerPeriodNotInRequiredRangeForEmployeeJustification" },
  { id: 22, name: "Days worked per period not in preferred range for employee", level: "SOFT", reward: false, override: "daysWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", justification: "DaysWorkedPerPeriodNotInPreferredRangeForEmployeeJustification" },
  { id: 23, name: "Days off per period not in required range for employee", level: "HARD", reward: false, justification: "DaysOffPerPeriodNotInRequiredRangeForEmployeeJustification" },
  { id: 24, name: "Days off per period not in preferred range for employee", level: "SOFT", reward: false, override: "daysOffPerPeriodNotInPreferredRangeForEmployeeWeight", justification: "DaysOffPerPeriodNotInPreferredRangeForEmployeeJustification" },
  { id: 25, name: "Weekends worked per period not in required range for employee", level: "HARD", reward: false, justification: "WeekendsWorkedPerPeriodNotInRequiredRangeForEmployeeJustification" },
  { id: 26, name: "Weekends worked per period not in preferred range for employee", level: "SOFT", reward: false, override: "weekendsWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", justification: "WeekendsWorkedPerPeriodNotInPreferredRangeForEmployeeJustification" },
  { id: 27, name: "Weekend minutes worked per period not in required range for employee", level: "HARD", reward: false, justification: "WeekendMinutesWorkedPerPeriodNotInRequiredRangeForEmployeeJustification" },
  { id: 28, name: "Weekend minutes worked per period not in preferred range for employee", level: "SOFT", reward: false, override: "weekendMinutesWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", justification: "WeekendMinutesWorkedPerPeriodNotInPreferredRangeForEmployeeJustification" },
  { id: 29, name: "Consecutive weekends worked per period not in required range for employee", level: "HARD", reward: false, justification: "ConsecutiveWeekendsWorkedPerPeriodNotInRequiredRangeForEmployeeJustification" },
  { id: 30, name: "Consecutive weekends worked per period not in preferred range for employee", level: "SOFT", reward: false, override: "consecutiveWeekendsWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", justification: "ConsecutiveWeekendsWorkedPerPeriodNotInPreferredRangeForEmployeeJustification" },
  { id: 31, name: "Consecutive weekends off per period not in required range for employee", level: "HARD", reward: false, justification: "ConsecutiveWeekendsOffPerPeriodNotInRequiredRangeForEmployeeJustification" },
  { id: 32, name: "Consecutive weekends off per period not in preferred range for employee", level: "SOFT", reward: false, override: "consecutiveWeekendsOffPerPeriodNotInPreferredRangeForEmployeeWeight", justification: "ConsecutiveWeekendsOffPerPeriodNotInPreferredRangeForEmployeeJustification" },
  { id: 33, name: "Minutes between shifts not in required range for employee", level: "HARD", reward: false, justification: "MinutesBetweenShiftsNotInRequiredRangeForEmployeeJustification" },
  { id: 34, name: "Minutes between shifts not in preferred range for employee", level: "SOFT", reward: false, override: "minutesBetweenShiftsNotInPreferredRangeForEmployeeWeight", justification: "MinutesBetweenShiftsNotInPreferredRangeForEmployeeJustification" },
  { id: 35, name: "Consecutive days worked not in required range for employee", level: "HARD", reward: false, justification: "ConsecutiveDaysWorkedNotInRequiredRangeForEmployeeJustification" },
  { id: 36, name: "Consecutive days worked not in preferred range for employee", level: "SOFT", reward: false, override: "consecutiveDaysWorkedNotInPreferredRangeForEmployeeWeight", justification: "ConsecutiveDaysWorkedNotInPreferredRangeForEmployeeJustification" },
  { id: 37, name: "Consecutive shifts worked not in required range for employee", level: "HARD", reward: false, justification: "ConsecutiveShiftsWorkedNotInRequiredRangeForEmployeeJustification" },
  { id: 38, name: "Consecutive shifts worked not in preferred range for employee", level: "SOFT", reward: false, override: "consecutiveShiftsWorkedNotInPreferredRangeForEmployeeWeight", justification: "ConsecutiveShiftsWorkedNotInPreferredRangeForEmployeeJustification" },
  { id: 39, name: "Time off after consecutive shifts worked not in required range for employee", level: "HARD", reward: false, justification: "TimeOffAfterConsecutiveShiftsWorkedNotInRequiredRangeForEmployeeJustification" },
  { id: 40, name: "Time off after consecutive shifts worked not in preferred range for employee", level: "SOFT", reward: false, override: "timeOffAfterConsecutiveShiftsWorkedNotInPreferredRangeForEmployeeWeight", justification: "TimeOffAfterConsecutiveShiftsWorkedNotInPreferredRangeForEmployeeJustification" },
  { id: 41, name: "Minimize gaps between shifts for employee", level: "SOFT", reward: false, override: "minimizeGapsBetweenShiftsForEmployeeWeight", justification: "MinimizeGapsBetweenShiftsForEmployeeJustification" },
  { id: 42, name: "Minutes worked in rolling window not in required range for employee", level: "HARD", reward: false, justification: "MinutesWorkedInRollingWindowNotInRequiredRangeForEmployeeJustification" },
  { id: 43, name: "Minutes worked in rolling window not in preferred range for employee", level: "SOFT", reward: false, override: "minutesWorkedInRollingWindowNotInPreferredRangeForEmployeeWeight", justification: "MinutesWorkedInRollingWindowNotInPreferredRangeForEmployeeJustification" },
  { id: 44, name: "Shifts worked in rolling window not in required range for employee", level: "HARD", reward: false, justification: "ShiftsWorkedInRollingWindowNotInRequiredRangeForEmployeeJustification" },
  { id: 45, name: "Shifts worked in rolling window not in preferred range for employee", level: "SOFT", reward: false, override: "shiftsWorkedInRollingWindowNotInPreferredRangeForEmployeeWeight", justification: "ShiftsWorkedInRollingWindowNotInPreferredRangeForEmployeeJustification" },
  { id: 46, name: "Days worked in rolling window not in required range for employee", level: "HARD", reward: false, justification: "DaysWorkedInRollingWindowNotInRequiredRangeForEmployeeJustification" },
  { id: 47, name: "Days worked in rolling window not in preferred range for employee", level: "SOFT", reward: false, override: "daysWorkedInRollingWindowNotInPreferredRangeForEmployeeWeight", justification: "DaysWorkedInRollingWindowNotInPreferredRangeForEmployeeJustification" },
  { id: 48, name: "Weekends worked in rolling window not in required range for employee", level: "HARD", reward: false, justification: "WeekendsWorkedInRollingWindowNotInRequiredRangeForEmployeeJustification" },
  { id: 49, name: "Weekends worked in rolling window not in preferred range for employee", level: "SOFT", reward: false, override: "weekendsWorkedInRollingWindowNotInPreferredRangeForEmployeeWeight", justification: "WeekendsWorkedInRollingWindowNotInPreferredRangeForEmployeeJustification" },
  { id: 50, name: "Consecutive minutes off in rolling window not in required range for employee", level: "HARD", reward: false, justification: "ConsecutiveMinutesOffInRollingWindowNotInRequiredRangeForEmployeeJustification" },
  { id: 51, name: "Consecutive minutes off in rolling window not in preferred range for employee", level: "SOFT", reward: false, override: "consecutiveMinutesOffInRollingWindowNotInPreferredRangeForEmployeeWeight", justification: "ConsecutiveMinutesOffInRollingWindowNotInPreferredRangeForEmployeeJustification" },
  // Disruption on replanning (assembly/constraints/disruption.ts).
  { id: 52, name: "Minimize outgoing disruption for employee", level: "SOFT", reward: false, override: "minimizeOutgoingDisruptionForEmployeeWeight", justification: "MinimizeOutgoingDisruptionPerEmployeeJustification" },
  { id: 53, name: "Minimize incoming disruption for employee", level: "SOFT", reward: false, override: "minimizeIncomingDisruptionForEmployeeWeight", justification: "MinimizeIncomingDisruptionPerEmployeeJustification" },
  { id: 54, name: "Employee assignment disrupted on replanning", level: "SOFT", reward: false, override: "employeeAssignmentDisruptedOnReplanningWeight", justification: "EmployeeAssignmentDisruptedOnReplanningJustification" },
  // Scoped disruption (contract disruptionRules with a scope).
  { id: 55, name: "Required scoped disruption for employee", level: "HARD", reward: false, justification: "RequiredScopedDisruptionPerEmployeeJustification" },
  { id: 56, name: "Minimize preferred scoped disruption for employee", level: "SOFT", reward: false, override: "minimizePreferredScopedDisruptionForEmployeeWeight", justification: "MinimizePreferredScopedDisruptionPerEmployeeJustification" },
  // Employee pairings (employees[].requiredPairings / preferredPairings ...).
  { id: 57, name: "Employee is not paired with required employee", level: "HARD", reward: false, justification: "EmployeeIsNotPairedWithRequiredEmployeeJustification" },
  { id: 58, name: "Employee is paired with prohibited employee", level: "HARD", reward: false, justification: "EmployeeIsPairedWithProhibitedEmployeeJustification" },
  { id: 59, name: "Employee is paired with unpreferred employee", level: "SOFT", reward: false, override: "employeeIsPairedWithUnpreferredEmployeeWeight", justification: "EmployeeIsPairedWithUnpreferredEmployeeJustification" },
  { id: 60, name: "Employee is paired with preferred employee", level: "SOFT", reward: true, override: "employeeIsPairedWithPreferredEmployeeWeight", justification: "EmployeeIsPairedWithPreferredEmployeeJustification" },
  { id: 61, name: "Paired employees don't work shifts with common tags", level: "HARD", reward: false, justification: "PairedEmloyeesDontWorkShiftsWithCommonTagsJustification" },
  // Daily shift pairings (contracts[].dailyShiftPairingRules).
  { id: 62, name: "Employee does not have required daily shift pairing", level: "HARD", reward: false, justification: "EmployeeDoesNotHaveRequiredDailyShiftPairingJustification" },
  { id: 63, name: "Employee has prohibited daily shift pairing", level: "HARD", reward: false, justification: "EmployeeHasProhibitedDailyShiftPairingJustification" },
  { id: 64, name: "Employee has unpreferred daily shift pairing", level: "SOFT", reward: false, override: "employeeHasUnpreferredDailyShiftPairingWeight", justification: "EmployeeHasUnpreferredDailyShiftPairingJustification" },
  { id: 65, name: "Employee does not have preferred daily shift pairing", level: "SOFT", reward: false, override: "employeeDoesNotHavePreferredDailyShiftPairingWeight", justification: "EmployeeDoesNotHavePreferredDailyShiftPairingJustification" },
  // Cost (cost definitions, employee cost groups, globalRules.costsRules).
  { id: 66, name: "Costs per period not in required range", level: "HARD", reward: false, justification: "CostsPerPeriodNotInRequiredRangeJustification" },
  { id: 67, name: "Costs per period not in preferred range", level: "SOFT", reward: false, override: "costsPerPeriodNotInPreferredRangeWeight", justification: "CostsPerPeriodNotInPreferredRangeJustification" },
  { id: 68, name: "Minimize cost per period", level: "SOFT", reward: false, override: "minimizeCostPerPeriodWeight", justification: "MinimizeCostPerPeriodJustification" },
  { id: 69, name: "Keep employee activation ratio", level: "SOFT", reward: false, override: "keepEmployeeActivationRatioWeight", justification: "KeepEmployeeActivationRatioJustification" },
  // Hourly demand (globalRules.minimumMaximumShiftsPerHourlyDemand).
  { id: 70, name: "Shifts worked not in required hourly demand range", level: "HARD", reward: false, justification: "ShiftsWorkedNotInRequiredHourlyDemandRangeJustification" },
  { id: 71, name: "Shifts worked not in preferred hourly demand range", level: "SOFT", reward: false, override: "shiftsWorkedNotInPreferredHourlyDemandRangeWeight", justification: "ShiftsWorkedNotInPreferredHourlyDemandRangeJustification" },
  { id: 72, name: "Balance shifts worked for minimum hourly demand", level: "SOFT", reward: false, override: "balanceShiftsWorkedForMinimumHourlyDemandWeight", justification: "BalanceShiftsWorkedForMinimumHourlyDemandJustification" },
  // Activation cost (employeeCostGroups[].employeeActivationCost; assembly/constraints/cost.ts).
  { id: 73, name: "Minimize activated employees", level: "SOFT", reward: false, override: "minimizeActivatedEmployeesWeight", justification: "MinimizeActivatedEmployeesJustification" },
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
  /** First contract rule constraint (encode-contracts.ts FAMILY_CONSTRAINT maps rule kinds to ids). */
  CONTRACT_FIRST: 17,
  GAPS: 41,
  OUTGOING_DISRUPTION: 52,
  INCOMING_DISRUPTION: 53,
  DISRUPTED: 54,
  COSTS_REQUIRED: 66,
  COSTS_PREFERRED: 67,
  MINIMIZE_COST: 68,
  ACTIVATION_RATIO: 69,
  ACTIVATION_COST: 73,
} as const;

/** Constraint id for a weight key: an override name of the reference or a constraint name; undefined if unknown. */
export function constraintIdForWeightKey(key: string): number | undefined {
  return CONSTRAINTS.find((c) => c.override === key || c.name === key)?.id;
}
