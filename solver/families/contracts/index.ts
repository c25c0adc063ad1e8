/**
 * Contract rules (EMPLOYEE; core: assembly/constraints/contracts.ts): period, sequence, rest, gaps and rolling window
 * rules, scoped disruption and cost definitions, all compiled by encode-contracts.ts (which also compiles the
 * disruption rules without a scope, scored by the LOCAL family). Override names of the PREFERRED
 * variants, the encoder, the justifications (explain.ts here) and what a candidate assignment changes.
 */
import { encodeContracts, encodeDisruption } from "../../encode-contracts";
import { K_MULTI_DAY_PATTERN, PERIOD_LIMIT_CONSTRAINT, K_SINGLE_DAY_PATTERN, SINGLE_DAY_PATTERN_CONSTRAINT, COMPACT_SEQUENCE_CONSTRAINT, ROTATION_CONSTRAINT, SEQUENCE_START_CONSTRAINT, SEQUENCE_END_ON_START_DAY_CONSTRAINT } from "../../layout";
import type { EncodeContext } from "../../encode-context";
import { formatScore } from "../../score";
import { isZero, matchScore } from "../../explain-context";
import type { FamilyConstraint, FamilyDescriptor } from "../types";
import { employeeCostMetrics } from "../../metrics-cost";
import { minutesDuration } from "../../duration";
import {
  contractJustification, groupContractMatches, patternJustification, scopedDisruptionJustification, singleDayPatternJustification,
} from "./explain";

function encode(ctx: EncodeContext): void {
  const contracted = encodeContracts(ctx.input, ctx.times, ctx.employeeIndex, ctx.filterOf, (tag) => ctx.tags.of(tag));
  Object.assign(ctx.sections, contracted.sections);
  Object.assign(ctx.counts, contracted.counts);
  ctx.fields.contractRules = contracted.rules;
  ctx.fields.zones = contracted.zones;
  // Disruption rules without a scope feed the LOCAL disruption units (core: disruption.ts): compiled here, with the
  // other rules of the contracts, so their tag filters are interned after the contract rules' ones.
  Object.assign(ctx.sections, encodeDisruption(ctx.input, ctx.times, ctx.employeeIndex, ctx.filterOf));
}

/** REQUIRED (hard, no override) then PREFERRED (soft, `<camelCase name>Weight`), per reference rule family. */
const pair = (id: number, preferred: string, justification: string): FamilyConstraint[] => [
  { id, justification: `${justification.replace("{}", "Required")}Justification` },
  { id: id + 1, override: `${preferred}Weight`, justification: `${justification.replace("{}", "Preferred")}Justification` },
];

export const contractsFamily: FamilyDescriptor = {
  name: "contracts",
  constraints: [
    ...pair(17, "minutesWorkedPerPeriodNotInPreferredRangeForEmployee", "MinutesWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(19, "shiftsWorkedPerPeriodNotInPreferredRangeForEmployee", "ShiftsWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(21, "daysWorkedPerPeriodNotInPreferredRangeForEmployee", "DaysWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(23, "daysOffPerPeriodNotInPreferredRangeForEmployee", "DaysOffPerPeriodNotIn{}RangeForEmployee"),
    ...pair(25, "weekendsWorkedPerPeriodNotInPreferredRangeForEmployee", "WeekendsWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(27, "weekendMinutesWorkedPerPeriodNotInPreferredRangeForEmployee", "WeekendMinutesWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(29, "consecutiveWeekendsWorkedPerPeriodNotInPreferredRangeForEmployee", "ConsecutiveWeekendsWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(31, "consecutiveWeekendsOffPerPeriodNotInPreferredRangeForEmployee", "ConsecutiveWeekendsOffPerPeriodNotIn{}RangeForEmployee"),
    ...pair(33, "minutesBetweenShiftsNotInPreferredRangeForEmployee", "MinutesBetweenShiftsNotIn{}RangeForEmployee"),
    ...pair(35, "consecutiveDaysWorkedNotInPreferredRangeForEmployee", "ConsecutiveDaysWorkedNotIn{}RangeForEmployee"),
    ...pair(37, "consecutiveShiftsWorkedNotInPreferredRangeForEmployee", "ConsecutiveShiftsWorkedNotIn{}RangeForEmployee"),
    ...pair(39, "timeOffAfterConsecutiveShiftsWorkedNotInPreferredRangeForEmployee", "TimeOffAfterConsecutiveShiftsWorkedNotIn{}RangeForEmployee"),
    { id: 41, override: "minimizeGapsBetweenShiftsForEmployeeWeight", justification: "MinimizeGapsBetweenShiftsForEmployeeJustification" },
    ...pair(42, "minutesWorkedInRollingWindowNotInPreferredRangeForEmployee", "MinutesWorkedInRollingWindowNotIn{}RangeForEmployee"),
    ...pair(44, "shiftsWorkedInRollingWindowNotInPreferredRangeForEmployee", "ShiftsWorkedInRollingWindowNotIn{}RangeForEmployee"),
    ...pair(46, "daysWorkedInRollingWindowNotInPreferredRangeForEmployee", "DaysWorkedInRollingWindowNotIn{}RangeForEmployee"),
    ...pair(48, "weekendsWorkedInRollingWindowNotInPreferredRangeForEmployee", "WeekendsWorkedInRollingWindowNotIn{}RangeForEmployee"),
    ...pair(50, "consecutiveMinutesOffInRollingWindowNotInPreferredRangeForEmployee", "ConsecutiveMinutesOffInRollingWindowNotIn{}RangeForEmployee"),
    // Scoped disruption (contract disruptionRules with a scope).
    { id: 55, justification: "RequiredScopedDisruptionPerEmployeeJustification" },
    { id: 56, override: "minimizePreferredScopedDisruptionForEmployeeWeight", justification: "MinimizePreferredScopedDisruptionPerEmployeeJustification" },
    // Cost definitions of period rules (encode-cost.ts), scored by compiled rules too.
    { id: 68, override: "minimizeCostPerPeriodWeight", justification: "MinimizeCostPerPeriodJustification" },
    // Multi-day shift sequence patterns: REQUIRED, PROHIBITED (hard), PREFERRED (reward), UNPREFERRED.
    { id: 74, justification: "EmployeeDoesNotWorkRequiredMultiDayShiftSequencePatternJustification" },
    { id: 75, justification: "EmployeeWorksProhibitedMultiDayShiftSequencePatternJustification" },
    { id: 76, override: "employeeWorksPreferredMultiDayShiftSequencePatternWeight", justification: "EmployeeWorksPreferredMultiDayShiftSequencePatternJustification" },
    { id: 77, override: "employeeWorksUnpreferredMultiDayShiftSequencePatternWeight", justification: "EmployeeWorksUnpreferredMultiDayShiftSequencePatternJustification" },
    // Period limits (constraints/period-limits.ts) and consecutive days off in rolling windows.
    ...pair(PERIOD_LIMIT_CONSTRAINT, "consecutiveDaysOffPerPeriodNotInPreferredRangeForEmployee", "ConsecutiveDaysOffPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 2, "uniqueTagsPerPeriodNotInPreferredRangeForEmployee", "UniqueTagsPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 4, "locationsWorkedPerPeriodNotInPreferredRangeForEmployee", "LocationsWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 6, "shiftTypesWorkedPerPeriodNotInPreferredRangeForEmployee", "ShiftTypesWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 8, "shiftStartTimeDifferenceInMinutesPerPeriodNotInPreferredRangeForEmployee", "ShiftStartTimeDifferenceInMinutesPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 10, "minutesLoggedPerPeriodNotInPreferredRangeForEmployee", "MinutesLoggedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 12, "consecutiveDaysOffInRollingWindowNotInPreferredRangeForEmployee", "ConsecutiveDaysOffInRollingWindowNotIn{}RangeForEmployee"),
    // Single-day shift sequence patterns, the same four.
    { id: SINGLE_DAY_PATTERN_CONSTRAINT, justification: "EmployeeDoesNotWorkRequiredSingleDayShiftSequencePatternJustification" },
    { id: SINGLE_DAY_PATTERN_CONSTRAINT + 1, justification: "EmployeeWorksProhibitedSingleDayShiftSequencePatternJustification" },
    { id: SINGLE_DAY_PATTERN_CONSTRAINT + 2, override: "employeeWorksPreferredSingleDayShiftSequencePatternWeight", justification: "EmployeeWorksPreferredSingleDayShiftSequencePatternJustification" },
    { id: SINGLE_DAY_PATTERN_CONSTRAINT + 3, override: "employeeWorksUnpreferredSingleDayShiftSequencePatternWeight", justification: "EmployeeWorksUnpreferredSingleDayShiftSequencePatternJustification" },
    // Consecutive days worked rules with rewardCompactSequences (a reward).
    { id: COMPACT_SEQUENCE_CONSTRAINT, override: "employeeWorksCompactSequenceWeight", justification: "EmployeeWorksCompactSequenceJustification" },
    // Consecutive days worked rules' allowedSequenceStartDays (REQUIRED hard, PREFERRED a reward) and the time between
    // different sequences (soft whatever the satisfiability: the reference names only a preferred weight; it has no
    // justification schema, so its matches take the compact sequence shape with the minutes).
    { id: SEQUENCE_START_CONSTRAINT, justification: "RequiredSequenceStartDayNotMetForEmployeeJustification" },
    { id: SEQUENCE_START_CONSTRAINT + 1, override: "preferredSequenceStartDayMetForEmployeeWeight", justification: "PreferredSequenceStartDayMetForEmployeeJustification" },
    { id: SEQUENCE_START_CONSTRAINT + 2, override: "preferredMinimumTimeBetweenDifferentSequencesNotMetForEmployeeWeight", justification: "EmployeeWorksCompactSequenceJustification" },
    // Sequences ending on an allowed start day (soft; no justification schema in the reference: the preferred start
    // day's shape with the sequence's end date).
    { id: SEQUENCE_END_ON_START_DAY_CONSTRAINT, override: "sequenceEndsOnAllowedSequenceStartDayForEmployeeWeight", justification: "PreferredSequenceStartDayMetForEmployeeJustification" },
    // Shift rotations (assembly/constraints/rotation.ts): WEEKLY rules by satisfiability, CUSTOM rules' limits.
    { id: ROTATION_CONSTRAINT, justification: "RequiredShiftRotationNotMetForEmployeeJustification" },
    { id: ROTATION_CONSTRAINT + 1, override: "preferredShiftRotationNotMetForEmployeeWeight", justification: "PreferredShiftRotationNotMetForEmployeeJustification" },
    { id: ROTATION_CONSTRAINT + 2, justification: "CustomRotationDurationInDaysNotExceedsRequiredMaximumForEmployeeJustification" },
    { id: ROTATION_CONSTRAINT + 3, override: "customRotationDurationInDaysNotInPreferredRangeForEmployeeWeight", justification: "CustomRotationDurationInDaysNotInPreferredRangeForEmployeeJustification" },
  ],
  encode,
  metrics: {
    // Overtime from the WEEK period rules with a minutes maximum, cost definitions of period rules (metrics-cost.ts).
    employees: ({ problem, assignment }) =>
      employeeCostMetrics(problem, assignment).map((c) => ({
        overtimeThresholdDuration: minutesDuration(c.overtimeThresholdDuration),
        overtimeWorked: minutesDuration(c.overtimeWorked),
        costDefinitionTotalCost: c.costDefinitionTotalCost,
        costDefinitionOvertimeDuration: minutesDuration(c.costDefinitionOvertimeDuration),
        // The spec's name of costDefinitionOvertimeDuration: the same value.
        costDefinitionTotalOvertime: minutesDuration(c.costDefinitionOvertimeDuration),
      })),
  },
  matches(x, id, weight) {
    const rules = x.problem.contractRules;
    const matches = x.contractMatches().filter((m) => rules[m.rule].constraintId === id);
    return groupContractMatches(x.problem, matches).map((group) => ({
      score: matchScore(id, weight, group.reduce((sum, m) => sum + m.penalty, 0)),
      justification: group.length > 1
        ? scopedDisruptionJustification(x.problem, group)
        : rules[group[0].rule].kind === K_MULTI_DAY_PATTERN
          ? patternJustification(x.problem, group[0], x.currentAssignment())
          : rules[group[0].rule].kind === K_SINGLE_DAY_PATTERN
            ? singleDayPatternJustification(x.problem, group[0], x.currentAssignment())
            : contractJustification(x.problem, group[0]),
    }));
  },
  trial(x, { from, to, weights }) {
    const count = (id: number) => (weights[id] !== 0 ? x.session.contractMatchCount(id) : 0);
    const ids = contractsFamily.constraints.map((c) => c.id);
    const before = new Map(ids.map((id) => [id, count(id)]));
    let after = new Map<number, number>();
    return {
      after() {
        after = new Map(ids.map((id) => [id, count(id)]));
      },
      diff(id, scoreDiff, name) {
        const matchesDiff = [];
        if (x.justify && !isZero(scoreDiff)) {
          const who = [from, to].filter((e) => e >= 0).map((e) => `'${x.employeeId(e)}'`).join(" and ");
          matchesDiff.push({ score: formatScore(scoreDiff), justification: { description: `${name}: the contract rules of ${who} change by ${formatScore(scoreDiff)}.` } });
        }
        return { matchCountDiff: after.get(id)! - before.get(id)!, matchesDiff };
      },
    };
  },
};
