/**
 * Justifications of the contract rule matches (reference `*ForEmployeeJustification` shapes, scoped disruption,
 * cost definitions) from the core's match records (session.contractMatches()).
 */
import { CORE_CONSTRAINTS } from "../../catalog.generated";
import type { EncodedProblem } from "../../encode";
import { costDefinitionJustification } from "../../explain-cost";
import { limits, list, type Justification } from "../../explain-context";
import {
  K_PERIOD_MINUTES, K_PERIOD_SHIFTS, K_PERIOD_DAYS, K_PERIOD_DAYS_OFF, K_PERIOD_WEEKENDS, K_PERIOD_WEEKEND_MINUTES,
  K_PERIOD_CONSECUTIVE_WEEKENDS, K_PERIOD_CONSECUTIVE_WEEKENDS_OFF, K_MINUTES_BETWEEN, K_CONSECUTIVE_DAYS,
  K_CONSECUTIVE_SHIFTS, K_TIME_OFF_AFTER_SEQUENCE, K_GAPS, K_ROLLING_MINUTES, K_ROLLING_SHIFTS, K_ROLLING_DAYS,
  K_ROLLING_WEEKENDS, K_SCOPED_DISRUPTION, K_PERIOD_COST, TZ_WORDS, MULTI_DAY_PATTERN_CONSTRAINT,
  K_PERIOD_DAYS_OFF_RUN, K_PERIOD_UNIQUE_TAGS, K_PERIOD_LOCATIONS, K_PERIOD_SHIFT_TYPES, K_PERIOD_START_DIFFERENCE,
  K_PERIOD_MINUTES_LOGGED, K_ROLLING_DAYS_OFF_RUN,
  SINGLE_DAY_PATTERN_CONSTRAINT, COMPACT_SEQUENCE_CONSTRAINT, SEQUENCE_START_CONSTRAINT, SEQUENCE_END_ON_START_DAY_CONSTRAINT, K_ROTATION, ROTATION_CONSTRAINT,
} from "../../layout";
import type { ContractMatch } from "../../session";
import { isoDate } from "../../time";

/** Per period rule kind: the justification's value field and its unit in texts. */
const PERIOD_VALUE: Record<number, [string, string]> = {
  [K_PERIOD_MINUTES]: ["minutesWorked", "minutes worked"],
  [K_PERIOD_SHIFTS]: ["shiftsWorked", "shifts worked"],
  [K_PERIOD_DAYS]: ["daysWorked", "days worked"],
  [K_PERIOD_DAYS_OFF]: ["daysOff", "days off"],
  [K_PERIOD_WEEKENDS]: ["weekendsWorked", "weekends worked"],
  [K_PERIOD_WEEKEND_MINUTES]: ["weekendMinutesWorked", "weekend minutes worked"],
  [K_PERIOD_CONSECUTIVE_WEEKENDS]: ["consecutiveWeekendsWorkedOverLimit", "consecutive weekends worked beyond the limit"],
  [K_PERIOD_CONSECUTIVE_WEEKENDS_OFF]: ["consecutiveWeekendsOff", "consecutive weekends off at most"],
  [K_PERIOD_DAYS_OFF_RUN]: ["consecutiveDaysOff", "consecutive days off at most"],
  [K_PERIOD_UNIQUE_TAGS]: ["uniqueTagsAmount", "unique tags"],
  [K_PERIOD_LOCATIONS]: ["locationsWorked", "locations worked"],
  [K_PERIOD_SHIFT_TYPES]: ["shiftTypesWorked", "shifts of its most out-of-range shift type"],
  [K_PERIOD_START_DIFFERENCE]: ["shiftStartTimeDifference", "minutes between its earliest and latest shift start time"],
  [K_PERIOD_MINUTES_LOGGED]: ["minutesLogged", "minutes logged"],
};
const ROLLING_VALUE: Record<number, string> = {
  [K_ROLLING_MINUTES]: "minutesWorked",
  [K_ROLLING_SHIFTS]: "shiftsWorked",
  [K_ROLLING_DAYS]: "daysWorked",
  [K_ROLLING_WEEKENDS]: "weekendsWorked",
};

/** The justification of one contract rule match (reference `*ForEmployeeJustification` shapes). */
export function contractJustification(problem: EncodedProblem, m: ContractMatch): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const shift = (s: number) => problem.shiftIds[s] ?? "";
  const required = CORE_CONSTRAINTS[rule.constraintId].level === "HARD" ? "required" : "preferred";
  const where = `rule '${rule.ruleId}' of contract '${rule.contractId}'`;
  if (rule.kind === K_PERIOD_COST) return costDefinitionJustification(problem, m);
  switch (rule.kind) {
    case K_SCOPED_DISRUPTION:
      return scopedDisruptionJustification(problem, [m]);
    case K_ROTATION:
      return rotationJustification(problem, m);
    case K_MINUTES_BETWEEN:
      // Record d: 0 for a minimum's pair, 1 for a maximum's (assembly/constraints/sequence-rules.ts).
      return {
        employee, shift1: shift(m.a), shift2: shift(m.b), minutesBetweenShiftsRule: rule.ruleId, violationInMinutes: m.penalty,
        description: `Employee '${employee}' rests ${m.c} minutes between shifts '${shift(m.a)}' and '${shift(m.b)}'; ${where} ${m.d === 1 ? `allows at most ${rule.max}` : `requires ${rule.min}`} (${required}).`,
      };
    case K_GAPS:
      return {
        employee, shift1: shift(m.a), shift2: shift(m.b), minimizeGapsBetweenShiftsRule: rule.ruleId, minutesBetweenShifts: m.c,
        description: `Employee '${employee}' has a gap of ${m.c} minutes between shifts '${shift(m.a)}' and '${shift(m.b)}' (${where}).`,
      };
    case K_CONSECUTIVE_DAYS:
      // Compact sequences (record [shift 1, shift 2, 0, category + 1]): reference `EmployeeWorksCompactSequenceJustification`.
      if (rule.constraintId === COMPACT_SEQUENCE_CONSTRAINT) {
        const category = rule.categories?.[m.d - 1];
        return {
          employee, rule: rule.ruleId, sequenceCategory: category, shift1: shift(m.a), shift2: shift(m.b),
          description: `Employee '${employee}' works '${shift(m.b)}' the day after '${shift(m.a)}' in one '${category}' sequence (${where}).`,
        };
      }
      // Start days: required [previous run's last day (i32 min = none), first day, 0, category + 1], reference
      // `RequiredSequenceStartDayNotMetForEmployeeJustification`; preferred [first day, last day, 0, category + 1],
      // `PreferredSequenceStartDayMetForEmployeeJustification`.
      if (rule.constraintId === SEQUENCE_START_CONSTRAINT) {
        const category = rule.categories?.[m.d - 1];
        return {
          employee, rule: rule.ruleId, sequenceCategory: category,
          ...(m.a !== -2147483648 ? { previousSequenceEndDate: isoDate(m.a) } : {}), sequenceStartDate: isoDate(m.b),
          description: `Employee '${employee}' starts a '${category}' sequence on ${isoDate(m.b)}, a day ${where} does not allow (${required}).`,
        };
      }
      if (rule.constraintId === SEQUENCE_START_CONSTRAINT + 1) {
        const category = rule.categories?.[m.d - 1];
        return {
          employee, rule: rule.ruleId, sequenceCategory: category, sequenceStartDate: isoDate(m.a),
          description: `Employee '${employee}' starts a '${category}' sequence on ${isoDate(m.a)}, a day ${where} prefers.`,
        };
      }
      // Sequences ending on an allowed start day [first day, last day, 0, category + 1] (the reference defines no
      // justification schema for it): the preferred start day's shape with `sequenceEndDate`.
      if (rule.constraintId === SEQUENCE_END_ON_START_DAY_CONSTRAINT) {
        const category = rule.categories?.[m.d - 1];
        return {
          employee, rule: rule.ruleId, sequenceCategory: category, sequenceStartDate: isoDate(m.a), sequenceEndDate: isoDate(m.b),
          description: `Employee '${employee}' ends a '${category}' sequence on ${isoDate(m.b)}, a day ${where} allows sequences to start on.`,
        };
      }
      // The time between sequences [last shift of the run before, first shift of the run, minutes between, category + 1]
      // (the reference defines no justification schema for it).
      if (rule.constraintId === SEQUENCE_START_CONSTRAINT + 2) {
        const category = rule.categories?.[m.d - 1];
        return {
          employee, rule: rule.ruleId, sequenceCategory: category, shift1: shift(m.a), shift2: shift(m.b),
          minutesBetweenSequences: m.c, violationInMinutes: m.penalty,
          description: `Employee '${employee}' starts a '${category}' sequence with '${shift(m.b)}' ${m.c} minutes after the sequence ending with '${shift(m.a)}', ${m.penalty} minutes too early for ${where}.`,
        };
      }
      return {
        employee, consecutiveDaysWorkedRule: rule.ruleId, ...(m.d > 0 ? { shiftTypeTagCategory: rule.categories?.[m.d - 1] } : {}),
        sequenceStartDate: isoDate(m.a), sequenceEndDate: isoDate(m.b),
        description: `Employee '${employee}' works ${m.c} consecutive days from ${isoDate(m.a)} to ${isoDate(m.b)}; ${where} allows ${limits(rule.min, rule.max)} (${required}).`,
      };
    case K_CONSECUTIVE_SHIFTS:
      return {
        employeeId: employee, ruleId: rule.ruleId, sequenceStart: problem.input.shifts[m.a]?.start, consecutiveShiftCount: m.c,
        description: `Employee '${employee}' works ${m.c} consecutive shifts from '${shift(m.a)}' to '${shift(m.b)}'; ${where} allows at most ${rule.max}.`,
      };
    case K_TIME_OFF_AFTER_SEQUENCE:
      return {
        employee, rule: rule.ruleId, sequenceStart: problem.input.shifts[m.a]?.start, consecutiveShiftCount: m.c, timeOff: `PT${m.d}M`,
        description: `Employee '${employee}' rests ${m.d} minutes after ${m.c} consecutive shift(s) ending with '${shift(m.b)}'; ${where} requires ${rule.min}.`,
      };
  }
  if (rule.kind in PERIOD_VALUE) {
    const [field, unit] = PERIOD_VALUE[rule.kind];
    return {
      employee, periodRule: rule.ruleId, dateSpan: { start: isoDate(m.a), end: isoDate(m.b) }, [field]: m.c,
      description: `Employee '${employee}' has ${m.c} ${unit} in the ${rule.scope ?? "period"} ${isoDate(m.a)} to ${isoDate(m.b)}; ${where} allows ${limits(rule.min, rule.max)} (${required}).`,
    };
  }
  const field = ROLLING_VALUE[rule.kind];
  const daysOff = rule.kind === K_ROLLING_DAYS_OFF_RUN;
  return {
    employee, rollingWindowRule: rule.ruleId, dateTimeSpan: { start: `${isoDate(m.a)}T00:00:00`, end: `${isoDate(m.b + 1)}T00:00:00` },
    ...(daysOff ? { maxConsecutiveDaysOff: m.c } : field ? {} : { minutesMissing: m.penalty }),
    description: `Employee '${employee}' is ${m.penalty} outside the limits of ${where} in the window ${isoDate(m.a)} to ${isoDate(m.b)} (${rule.scope}).`,
  };
}

/**
 * Scoped disruption: a REQUIRED rule's match groups an employee's outgoing shifts that are not wholly covered
 * (reference `RequiredScopedDisruptionPerEmployeeJustification`); a PREFERRED rule's match is one outgoing shift and
 * its uncovered minutes (`MinimizePreferredScopedDisruptionPerEmployeeJustification`). Core records: [shift, minutes].
 */
export function scopedDisruptionJustification(problem: EncodedProblem, group: ContractMatch[]): Justification {
  const rule = problem.contractRules[group[0].rule];
  const employee = problem.employeeIds[group[0].employee];
  const where = `rule '${rule.ruleId}' of contract '${rule.contractId}' (scope ${rule.scope})`;
  const shifts = group.map((m) => problem.shiftIds[m.a] ?? "");
  if (CORE_CONSTRAINTS[rule.constraintId].level === "HARD") {
    return {
      employee, disruptionRule: rule.ruleId, numberOfShiftsDisrupted: shifts.length, disruptedShifts: shifts,
      description: `Employee '${employee}' lost ${shifts.length} submitted shift(s) ${list(shifts)} without a replacement in scope; ${where} requires one.`,
    };
  }
  const m = group[0];
  return {
    employee, disruptionRule: rule.ruleId, outgoingShift: shifts[0], minutesNotCovered: m.b,
    description: `Employee '${employee}' lost submitted shift '${shifts[0]}'; incoming shifts leave ${m.b} of its minutes uncovered (${where}).`,
  };
}

/** Contract matches as the score analysis lists them: a REQUIRED scoped disruption rule's shifts form one match. */
export function groupContractMatches(problem: EncodedProblem, matches: ContractMatch[]): ContractMatch[][] {
  const out: ContractMatch[][] = [];
  const byOwner = new Map<string, ContractMatch[]>();
  for (const m of matches) {
    const rule = problem.contractRules[m.rule];
    if (rule.kind !== K_SCOPED_DISRUPTION || CORE_CONSTRAINTS[rule.constraintId].level !== "HARD") {
      out.push([m]);
      continue;
    }
    const key = `${m.employee}/${m.rule}`;
    let group = byOwner.get(key);
    if (!group) {
      byOwner.set(key, (group = []));
      out.push(group);
    }
    group.push(m);
  }
  return out;
}

/**
 * A multi-day shift sequence pattern match (reference `*MultiDayShiftSequencePatternJustification`): core record
 * [first day, last day, elements satisfied in a row from the first]. One match sequence: per element up to the
 * first one not satisfied (a REQUIRED pattern's break), its day's shifts of the employee (or no shift, on a day
 * without one), MATCH, or NO_MATCH for the breaking element.
 */
export function patternJustification(problem: EncodedProblem, m: ContractMatch, assignment: Int32Array): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const g = problem.sections.employeeTz[m.employee];
  const S = problem.shiftIds.length;
  const byDay = new Map<number, string[]>();
  for (let s = 0; s < S; s++) {
    if (assignment[s] !== m.employee) continue;
    const day = problem.sections.tzShift[(g * S + s) * TZ_WORDS];
    if (day < m.a || day > m.b) continue;
    let list = byDay.get(day);
    if (!list) byDay.set(day, (list = []));
    list.push(problem.shiftIds[s]);
  }
  const matchElements: Array<{ shift?: string; matchType: "MATCH" | "NO_MATCH" }> = [];
  for (let i = 0; i <= Math.min(m.c, m.b - m.a); i++) {
    const matchType = i < m.c ? "MATCH" : "NO_MATCH";
    const shifts = byDay.get(m.a + i) ?? [];
    if (shifts.length === 0) matchElements.push({ matchType });
    for (const shift of shifts) matchElements.push({ shift, matchType });
  }
  const hard = CORE_CONSTRAINTS[rule.constraintId].level === "HARD";
  const what = rule.constraintId === MULTI_DAY_PATTERN_CONSTRAINT ? "starts and does not complete" : "works";
  return {
    employee, patternRule: rule.ruleId, matchSequences: [{ matchElements }],
    description: `Employee '${employee}' ${what} the pattern ${(rule.pattern ?? []).join(", ")} from ${isoDate(m.a)} to ${isoDate(m.b)} (rule '${rule.ruleId}' of contract '${rule.contractId}'${hard ? ", hard" : ""}).`,
  };
}

/**
 * A single-day shift sequence pattern match (reference `*SingleDayShiftSequencePatternJustification`): core record
 * [day, day, elements held, bit i set when the day's shift i holds an element]. The match sequence lists the day's
 * shifts of the employee in start order that hold an element (MATCH); a REQUIRED pattern's break adds one NO_MATCH
 * element (the first element no shift holds).
 */
export function singleDayPatternJustification(problem: EncodedProblem, m: ContractMatch, assignment: Int32Array): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const g = problem.sections.employeeTz[m.employee];
  const S = problem.shiftIds.length;
  const day: number[] = [];
  for (let s = 0; s < S; s++) {
    if (assignment[s] === m.employee && problem.sections.tzShift[(g * S + s) * TZ_WORDS] === m.a) day.push(s);
  }
  day.sort((x, y) => problem.shiftStart[x] - problem.shiftStart[y] || x - y);
  const matchElements: Array<{ shift?: string; matchType: "MATCH" | "NO_MATCH" }> = [];
  day.forEach((s, i) => {
    if (i < 31 && (m.d >> i) & 1) matchElements.push({ shift: problem.shiftIds[s], matchType: "MATCH" });
  });
  const k = rule.pattern?.length ?? 0;
  if (m.c < k) matchElements.push({ matchType: "NO_MATCH" });
  const hard = CORE_CONSTRAINTS[rule.constraintId].level === "HARD";
  const what = rule.constraintId === SINGLE_DAY_PATTERN_CONSTRAINT ? `starts (${m.c} of ${k} elements) and does not complete` : "works";
  return {
    employee, patternRule: rule.ruleId, matchSequence: { matchElements },
    description: `Employee '${employee}' ${what} the ${rule.ordered === false ? "unordered " : ""}single day pattern of ${k} shift(s) on ${isoDate(m.a)} (rule '${rule.ruleId}' of contract '${rule.contractId}'${hard ? ", hard" : ""}).`,
  };
}

/**
 * A shift rotation match (constraints/rotation.ts records): WEEKLY [shift1, shift2] in one week but different groups
 * (`*ShiftRotationNotMetForEmployeeJustification`); custom [first day, last day, group, above the maximum] of one block
 * (`CustomRotationDuration*Justification`, one `CustomRotationViolation`).
 */
function rotationJustification(problem: EncodedProblem, m: ContractMatch): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const where = `rule '${rule.ruleId}' of contract '${rule.contractId}'`;
  if (rule.constraintId < ROTATION_CONSTRAINT + 2) {
    const shift1 = problem.shiftIds[m.a], shift2 = problem.shiftIds[m.b];
    return {
      employee, shiftRotationRule: rule.ruleId, shift1, shift2,
      description: `Employee '${employee}' works shifts '${shift1}' and '${shift2}' of different rotation groups in one week (${where}).`,
    };
  }
  const group = rule.rotationGroups?.[m.c] ?? "";
  const violation = { rotationGroup: group, dateSpan: { start: isoDate(m.a), end: isoDate(m.b) }, violationSizeInDays: m.penalty };
  const length = m.b - m.a + 1;
  const bound = m.d === 1 ? `above the ${rule.constraintId === ROTATION_CONSTRAINT + 2 ? "required" : "preferred"} maximum of ${rule.max}` : `below the preferred minimum of ${rule.min}`;
  return {
    employee,
    ...(m.d === 1 ? { maximumDaysViolations: [violation] } : { minimumDaysViolations: [violation] }),
    description: `Employee '${employee}' works rotation group '${group}' for ${length} days from ${isoDate(m.a)} to ${isoDate(m.b)}, ${bound} (${where}).`,
  };
}
