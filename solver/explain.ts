/**
 * Explanations of a solution, built on a SolverSession: the score analysis (GET <root>/{id}/score-analysis,
 * reference `ScoreAnalysisDetail` with the `*Justification` shapes) and the evaluation of candidate assignments for
 * recommendations (spec §2.8, reference `RecommendationConstraintDetail`).
 *
 * Scores come from the core (the incremental score director), never from a second implementation: a match's score
 * is ±weight × the core's raw weight for that match, so the matches of a constraint add up to its score and the
 * constraints add up to the total (tested in test/node/explain.test.ts). The glue only adds the descriptive parts
 * of a justification (which skills are missing, which spans overlap, which tags do not match).
 *
 * Both analyze the session's *current* solution. To analyze the best solution of a run without disturbing it, use
 * a fresh session holding that assignment (`SolverSession.create` + `applyAssignment`).
 */
import type { ModelInput } from "../schemas/model-input";
import type { EncodedProblem } from "./encode";
import { shiftTagMatchRules, tagsMatch, toMinutes } from "./encode";
import { CONSTRAINTS, CONSTRAINT_ID } from "./constraints";
import { formatScore, type ExactScore, type Score } from "./score";
import type { ConstraintLevel, ContractMatch, PairingMatch, SolverSession } from "./session";
import { isoDate } from "./time";
import { DEMAND_BALANCE_ID, DEMAND_REQUIRED_ID, type EncodedDemand } from "./encode-demand";
import { isPairingConstraint, pairingJustification } from "./explain-pairings";
import {
  K_PERIOD_MINUTES, K_PERIOD_SHIFTS, K_PERIOD_DAYS, K_PERIOD_DAYS_OFF, K_PERIOD_WEEKENDS, K_PERIOD_WEEKEND_MINUTES,
  K_PERIOD_CONSECUTIVE_WEEKENDS, K_PERIOD_CONSECUTIVE_WEEKENDS_OFF, K_MINUTES_BETWEEN, K_CONSECUTIVE_DAYS,
  K_CONSECUTIVE_SHIFTS, K_TIME_OFF_AFTER_SEQUENCE, K_GAPS, K_ROLLING_MINUTES, K_ROLLING_SHIFTS, K_ROLLING_DAYS,
  K_ROLLING_WEEKENDS, K_SCOPED_DISRUPTION, isRuleConstraint, K_PERIOD_COST,
} from "./layout";
import { costAggregateCounts, costAggregateMatches, costDefinitionJustification, isCostAggregate } from "./explain-cost";

export type Justification = { description: string } & Record<string, unknown>;

export interface ConstraintMatch {
  score: string;
  justification: Justification;
}

export interface ConstraintAnalysis {
  /** Constraint name (reference field name). */
  name: string;
  /** The same, under the name the recommendation shapes use. */
  constraintName: string;
  /** The constraint's weight as a score at its level, e.g. "0hard/0medium/1soft". */
  weight: string;
  score: string;
  matchCount: number;
  matches?: ConstraintMatch[];
}

export interface ScoreAnalysisResult {
  score: string;
  constraints: ConstraintAnalysis[];
}

function atLevel(level: ConstraintLevel, value: bigint): ExactScore {
  return { hard: level === "HARD" ? value : 0n, medium: level === "MEDIUM" ? value : 0n, soft: level === "SOFT" ? value : 0n };
}

/** Score of one match: ±weight × raw at the constraint's level. */
function matchScore(id: number, weight: number, raw: number): string {
  const c = CONSTRAINTS[id];
  const value = BigInt(weight) * BigInt(raw);
  return formatScore(atLevel(c.level, c.reward ? value : -value));
}

/** Per-solution context for justifications: ids, tag sets, spans. */
class Context {
  readonly input: ModelInput;
  readonly shiftTags: Set<string>[];
  private readonly requiredRuleId: string | undefined;
  private readonly preferredRuleId: string | undefined;

  constructor(readonly problem: EncodedProblem) {
    this.input = problem.input;
    this.shiftTags = this.input.shifts.map((s) => new Set(s.tags ?? []));
    const rules = shiftTagMatchRules(this.input);
    this.requiredRuleId = rules.required[0]?.id;
    this.preferredRuleId = rules.preferred[0]?.id;
  }

  shiftId(s: number): string {
    return this.problem.shiftIds[s];
  }

  employeeId(e: number): string {
    return this.problem.employeeIds[e];
  }

  /** Skills (list and expression leaves) of a shift's requirement that employee e does not hold for it. */
  missingSkills(s: number, e: number, preferred: boolean): string[] {
    const shift = this.input.shifts[s];
    const employee = this.input.employees[e];
    const start = this.problem.shiftStart[s], end = this.problem.shiftEnd[s];
    const holds = (skill: string) =>
      (employee.skills ?? []).some(
        (k) =>
          k.id === skill &&
          ((k.validityDateTimeSpans ?? []).length === 0 ||
            k.validityDateTimeSpans!.some((v) => toMinutes(v.start) <= start && end <= toMinutes(v.end))),
      );
    const wanted = new Set<string>(preferred ? (shift.preferredSkills ?? []) : (shift.requiredSkills ?? []));
    collectLeaves(preferred ? shift.preferredSkillsExpression : shift.requiredSkillsExpression, "skillId", wanted);
    return [...wanted].filter((k) => !holds(k));
  }

  /** The employee's spans of one kind that overlap shift s and whose tag filter matches it. */
  overlappingSpans(s: number, e: number, kind: "unavailableTimeSpans" | "preferredTimeSpans" | "unpreferredTimeSpans"): unknown[] {
    const start = this.problem.shiftStart[s], end = this.problem.shiftEnd[s];
    return (this.input.employees[e][kind] ?? []).filter(
      (span) =>
        Math.min(end, toMinutes(span.end)) > Math.max(start, toMinutes(span.start)) &&
        tagsMatch(this.shiftTags[s], span.includeShiftTags, span.excludeShiftTags, span.shiftTagMatches),
    );
  }

  justification(id: number, s: number, e: number): Justification {
    const shift = this.shiftId(s);
    const employee = e >= 0 ? this.employeeId(e) : undefined;
    const input = this.input;
    switch (id) {
      case CONSTRAINT_ID.REQUIRED_SKILL: {
        const missingSkills = this.missingSkills(s, e, false);
        return { employee, shift, missingSkills, description: `Employee '${employee}' lacks required skill(s) ${list(missingSkills)} of shift '${shift}'.` };
      }
      case CONSTRAINT_ID.UNAVAILABLE: {
        return {
          employee,
          shift,
          overlappingTimeSpans: this.overlappingSpans(s, e, "unavailableTimeSpans"),
          description: `Employee '${employee}' works shift '${shift}' during unavailable time.`,
        };
      }
      case CONSTRAINT_ID.AVAILABLE:
        return { employee, shift, description: `Shift '${shift}' is not within the available time of employee '${employee}'.` };
      case CONSTRAINT_ID.PROHIBITED_EMPLOYEE:
        return { employee, shift, description: `Employee '${employee}' is prohibited from shift '${shift}'.` };
      case CONSTRAINT_ID.RISK_FACTOR: {
        const prohibited = new Set(input.employees[e].prohibitedRiskFactors ?? []);
        const riskFactors = (input.shifts[s].riskFactors ?? []).filter((r) => prohibited.has(r));
        return { employee, shift, riskFactors, description: `Shift '${shift}' has risk factor(s) ${list(riskFactors)} prohibited for employee '${employee}'.` };
      }
      case CONSTRAINT_ID.REQUIRED_TAGS: {
        const tags = this.shiftTags[s];
        const wanted = new Set(input.employees[e].requiredShiftTags ?? []);
        collectLeaves(input.employees[e].requiredShiftTagsExpression, "tagId", wanted);
        const nonMatchingTags = [...wanted].filter((t) => !tags.has(t));
        return {
          employee,
          shift,
          nonMatchingTags,
          rule: this.requiredRuleId,
          description: `Shift '${shift}' does not match the required shift tags of employee '${employee}' (missing ${list(nonMatchingTags)}).`,
        };
      }
      case CONSTRAINT_ID.UNASSIGNED:
        return { shift, description: `Mandatory shift '${shift}' is unassigned.` };
      case CONSTRAINT_ID.OUTGOING_DISRUPTION:
      case CONSTRAINT_ID.INCOMING_DISRUPTION:
      case CONSTRAINT_ID.DISRUPTED: {
        const was = this.problem.shiftEmployee[s];
        const previous = was >= 0 ? this.employeeId(was) : undefined;
        const now = employee ?? "nobody";
        const who = id === CONSTRAINT_ID.INCOMING_DISRUPTION ? employee : previous;
        return {
          employee: who,
          shift,
          originalEmployee: previous,
          newEmployee: employee ?? null,
          description: `Shift '${shift}' moved from employee '${previous}' to ${employee ? `'${now}'` : "nobody"} (disruption on replanning).`,
        };
      }
      case CONSTRAINT_ID.UNASSIGNED_OPTIONAL:
        return { shift, description: `Optional shift '${shift}' is unassigned.` };
      case CONSTRAINT_ID.UNPREFERRED_TIME:
        return {
          employee,
          shift,
          overlappingTimeSpans: this.overlappingSpans(s, e, "unpreferredTimeSpans"),
          description: `Employee '${employee}' works shift '${shift}' during unpreferred time.`,
        };
      case CONSTRAINT_ID.PREFERRED_TIME:
        return {
          employee,
          shift,
          overlappingTimeSpans: this.overlappingSpans(s, e, "preferredTimeSpans"),
          description: `Employee '${employee}' works shift '${shift}' during preferred time.`,
        };
      case CONSTRAINT_ID.PREFERRED_SKILL: {
        const missingSkills = this.missingSkills(s, e, true);
        return { employee, shift, missingSkills, description: `Employee '${employee}' lacks preferred skill(s) ${list(missingSkills)} of shift '${shift}'.` };
      }
      case CONSTRAINT_ID.UNPREFERRED_EMPLOYEE:
        return { employee, shift, description: `Employee '${employee}' is unpreferred for shift '${shift}'.` };
      case CONSTRAINT_ID.PREFERRED_EMPLOYEE:
        return { employee, shift, description: `Employee '${employee}' is preferred for shift '${shift}'.` };
      case CONSTRAINT_ID.PREFERRED_TAGS: {
        const tags = this.shiftTags[s];
        const wanted = new Set(input.employees[e].preferredShiftTags ?? []);
        collectLeaves(input.employees[e].preferredShiftTagsExpression, "tagId", wanted);
        const matchingTags = [...wanted].filter((t) => tags.has(t));
        return {
          employee,
          shift,
          matchingTags,
          rule: this.preferredRuleId,
          description: `Shift '${shift}' carries preferred shift tag(s) ${list(matchingTags)} of employee '${employee}'.`,
        };
      }
    }
    return { shift, employee, description: `${CONSTRAINTS[id].name}: shift '${shift}'.` };
  }

  overlapJustification(a: number, b: number, e: number, minutes: number): Justification {
    const employee = this.employeeId(e);
    return {
      shift1: this.shiftId(a),
      shift2: this.shiftId(b),
      employee,
      description: `Employee '${employee}' works overlapping shifts '${this.shiftId(a)}' and '${this.shiftId(b)}' (${minutes} minutes).`,
    };
  }

  balanceJustification(rule: number, loads: number[]): Justification {
    const info = this.problem.balanceRules[rule];
    const members = this.problem.sections.balanceMembers;
    const E = this.problem.employeeIds.length;
    // fromEntries defines own members, so an employee id "__proto__" is a key like any other (an assignment would set
    // the prototype); the object keeps Object.prototype, which Durable Object RPC needs to serialize it.
    const byEmployee: Record<string, number> = Object.fromEntries(
      loads.flatMap((load, e) => (members[rule * E + e] ? [[this.employeeId(e), load] as const] : [])),
    );
    return info.kind === "TIME"
      ? { employeeToMinutesWorked: byEmployee, balanceTimeWorkedRule: info.id, description: `Time worked is unevenly spread over the employees of rule '${info.id}'.` }
      : { employeeToShiftsWorked: byEmployee, balanceShiftCountRule: info.id, description: `Shift counts are unevenly spread over the employees of rule '${info.id}'.` };
  }
}

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
};
const ROLLING_VALUE: Record<number, string> = {
  [K_ROLLING_MINUTES]: "minutesWorked",
  [K_ROLLING_SHIFTS]: "shiftsWorked",
  [K_ROLLING_DAYS]: "daysWorked",
  [K_ROLLING_WEEKENDS]: "weekendsWorked",
};

function limits(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${min} to ${max}`;
  if (max !== null) return `at most ${max}`;
  if (min !== null) return `at least ${min}`;
  return "unlimited";
}

/** LOCAL constraints (assembly/constraints/index.ts kinds): a penalty per (shift, employee). */
function isLocal(id: number): boolean {
  return !isContractConstraint(id) && !isCostAggregate(id) && !isDemandConstraint(id) && !isPairingConstraint(id) && id !== CONSTRAINT_ID.OVERLAP && id !== CONSTRAINT_ID.BALANCE_TIME && id !== CONSTRAINT_ID.BALANCE_COUNT;
}

/** Hourly demand constraints (ids 70-72, assembly/constraints/demand.ts): a penalty per demand interval. */
export function isDemandConstraint(id: number): boolean {
  return id >= DEMAND_REQUIRED_ID && id <= DEMAND_BALANCE_ID;
}

/** The justification of one demand interval match (reference `*HourlyDemand*Justification` shapes). */
export function demandJustification(demand: EncodedDemand, id: number, interval: number, shiftsWorked: number): Justification {
  const i = demand.intervals[interval];
  const base = { hourlyDemandRule: i.ruleId, startDateTime: i.startDateTime, endDateTime: i.endDateTime, shiftsWorked };
  const span = `${i.startDateTime} to ${i.endDateTime}`;
  if (id === DEMAND_BALANCE_ID) {
    return { ...base, targetDemand: i.target ?? 0, description: `${shiftsWorked} shift(s) worked from ${span} for hourly demand rule '${i.ruleId}', short of its demand of ${i.target}.` };
  }
  const range = limits(i.min, i.max);
  const kind = id === DEMAND_REQUIRED_ID ? "required" : "preferred";
  return { ...base, description: `${shiftsWorked} shift(s) worked from ${span}; hourly demand rule '${i.ruleId}' ${kind} ${range}.` };
}

export function isContractConstraint(id: number): boolean {
  return isRuleConstraint(id);
}

/** The justification of one contract rule match (reference `*ForEmployeeJustification` shapes). */
export function contractJustification(problem: EncodedProblem, m: ContractMatch): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const shift = (s: number) => problem.shiftIds[s] ?? "";
  const required = CONSTRAINTS[rule.constraintId].level === "HARD" ? "required" : "preferred";
  const where = `rule '${rule.ruleId}' of contract '${rule.contractId}'`;
  if (rule.kind === K_PERIOD_COST) return costDefinitionJustification(problem, m);
  switch (rule.kind) {
    case K_SCOPED_DISRUPTION:
      return scopedDisruptionJustification(problem, [m]);
    case K_MINUTES_BETWEEN:
      return {
        employee, shift1: shift(m.a), shift2: shift(m.b), minutesBetweenShiftsRule: rule.ruleId, violationInMinutes: m.penalty,
        description: `Employee '${employee}' rests ${m.c} minutes between shifts '${shift(m.a)}' and '${shift(m.b)}'; ${where} requires ${rule.min}.`,
      };
    case K_GAPS:
      return {
        employee, shift1: shift(m.a), shift2: shift(m.b), minimizeGapsBetweenShiftsRule: rule.ruleId, minutesBetweenShifts: m.c,
        description: `Employee '${employee}' has a gap of ${m.c} minutes between shifts '${shift(m.a)}' and '${shift(m.b)}' (${where}).`,
      };
    case K_CONSECUTIVE_DAYS:
      return {
        employee, consecutiveDaysWorkedRule: rule.ruleId, sequenceStartDate: isoDate(m.a), sequenceEndDate: isoDate(m.b),
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
  return {
    employee, rollingWindowRule: rule.ruleId, dateTimeSpan: { start: `${isoDate(m.a)}T00:00:00`, end: `${isoDate(m.b + 1)}T00:00:00` },
    ...(field ? {} : { minutesMissing: m.penalty }),
    description: `Employee '${employee}' is ${m.penalty} outside the limits of ${where} in the window ${isoDate(m.a)} to ${isoDate(m.b)} (${rule.scope}).`,
  };
}

/**
 * Scoped disruption: a REQUIRED rule's match groups an employee's outgoing shifts that are not wholly covered
 * (reference `RequiredScopedDisruptionPerEmployeeJustification`); a PREFERRED rule's match is one outgoing shift and
 * its uncovered minutes (`MinimizePreferredScopedDisruptionPerEmployeeJustification`). Core records: [shift, minutes].
 */
function scopedDisruptionJustification(problem: EncodedProblem, group: ContractMatch[]): Justification {
  const rule = problem.contractRules[group[0].rule];
  const employee = problem.employeeIds[group[0].employee];
  const where = `rule '${rule.ruleId}' of contract '${rule.contractId}' (scope ${rule.scope})`;
  const shifts = group.map((m) => problem.shiftIds[m.a] ?? "");
  if (CONSTRAINTS[rule.constraintId].level === "HARD") {
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
function groupContractMatches(problem: EncodedProblem, matches: ContractMatch[]): ContractMatch[][] {
  const out: ContractMatch[][] = [];
  const byOwner = new Map<string, ContractMatch[]>();
  for (const m of matches) {
    const rule = problem.contractRules[m.rule];
    if (rule.kind !== K_SCOPED_DISRUPTION || CONSTRAINTS[rule.constraintId].level !== "HARD") {
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

function list(values: string[]): string {
  return values.length === 0 ? "(none)" : values.map((v) => `'${v}'`).join(", ");
}

/** Leaf ids (`skillId` or `tagId`) of an AND/OR expression. */
function collectLeaves(node: unknown, key: "skillId" | "tagId", into: Set<string>): void {
  if (node == null || typeof node !== "object") return;
  const n = node as Record<string, unknown>;
  if (typeof n[key] === "string") into.add(n[key] as string);
  if (Array.isArray(n.operands)) for (const child of n.operands) collectLeaves(child, key, into);
}

/** Matches of constraint `id` in the session's current solution, each with its score and justification. */
function matchesOf(session: SolverSession, ctx: Context, id: number, weight: number, assignment: Int32Array, contract: () => ContractMatch[]): ConstraintMatch[] {
  if (isContractConstraint(id)) {
    const rules = session.problem.contractRules;
    const matches = contract().filter((m) => rules[m.rule].constraintId === id);
    return groupContractMatches(session.problem, matches).map((group) => ({
      score: matchScore(id, weight, group.reduce((sum, m) => sum + m.penalty, 0)),
      justification: group.length > 1 ? scopedDisruptionJustification(session.problem, group) : contractJustification(session.problem, group[0]),
    }));
  }
  if (isDemandConstraint(id)) {
    const demand = session.problem.demand;
    if (!demand) return [];
    return session.demandMatches(id).map((m) => ({ score: matchScore(id, weight, m.penalty), justification: demandJustification(demand, id, m.interval, m.shiftsWorked) }));
  }
  if (isPairingConstraint(id)) {
    return session
      .pairingMatches()
      .filter((m) => m.constraintId === id)
      .map((m) => ({ score: matchScore(id, weight, m.penalty), justification: pairingJustification(session.problem, m) }));
  }
  if (id === CONSTRAINT_ID.OVERLAP) {
    return session.overlapMatches().map(([a, b, minutes]) => ({
      score: matchScore(id, weight, minutes),
      justification: ctx.overlapJustification(a, b, assignment[a], minutes),
    }));
  }
  if (isCostAggregate(id)) {
    return costAggregateMatches(session, id).map((m) => ({ score: matchScore(id, weight, m.raw), justification: m.justification }));
  }
  if (id === CONSTRAINT_ID.BALANCE_TIME || id === CONSTRAINT_ID.BALANCE_COUNT) {
    const out: ConstraintMatch[] = [];
    session.problem.balanceRules.forEach((rule, r) => {
      if ((rule.kind === "TIME") !== (id === CONSTRAINT_ID.BALANCE_TIME)) return;
      const state = session.balanceRuleState(r);
      if (state.penalty === 0) return;
      out.push({ score: matchScore(id, weight, state.penalty), justification: ctx.balanceJustification(r, state.loads) });
    });
    return out;
  }
  const out: ConstraintMatch[] = [];
  for (let s = 0; s < assignment.length; s++) {
    const e = assignment[s];
    const unassignedKind = id === CONSTRAINT_ID.UNASSIGNED || id === CONSTRAINT_ID.UNASSIGNED_OPTIONAL;
    // Disruption counts whether the shift went to someone else or to nobody.
    const eitherKind = id === CONSTRAINT_ID.OUTGOING_DISRUPTION || id === CONSTRAINT_ID.DISRUPTED;
    if (!eitherKind && unassignedKind !== e < 0) continue;
    const raw = session.localPenalty(id, s, e);
    if (raw !== 0) out.push({ score: matchScore(id, weight, raw), justification: ctx.justification(id, s, e) });
  }
  return out;
}

/**
 * Score analysis of the session's current solution: per constraint (every constraint of the catalogue, in id order:
 * hard, medium, soft) its name, weight, score, match count and, with `includeJustifications`, its matches.
 */
export function scoreAnalysis(session: SolverSession, options: { includeJustifications?: boolean } = {}): ScoreAnalysisResult {
  const ctx = new Context(session.problem);
  const assignment = session.currentAssignment();
  let contract: ContractMatch[] | undefined;
  const contractOnce = () => (contract ??= session.contractMatches());
  const constraints = session.constraintScores().map((c): ConstraintAnalysis => {
    const entry: ConstraintAnalysis = {
      name: c.name,
      constraintName: c.name,
      weight: formatScore(atLevel(c.level, BigInt(c.weight))),
      score: formatScore(c.scoreExact),
      matchCount: c.matchCount,
    };
    if (options.includeJustifications) entry.matches = c.weight === 0 ? [] : matchesOf(session, ctx, c.id, c.weight, assignment, contractOnce);
    return entry;
  });
  return { score: formatScore(session.currentScoreExact()), constraints };
}

export interface ConstraintDiff {
  constraintName: string;
  /** Score change of this constraint, e.g. "0hard/0medium/-120soft". */
  score: string;
  matchCountDiff: number;
  matchesDiff?: ConstraintMatch[];
}

export interface AssignmentEvaluation {
  employeeIndex: number;
  employeeId: string;
  /** Total score change of moving the shift to this employee (exactly the real change: applied, read, undone). */
  scoreDiff: Score;
  scoreDiffText: string;
  constraintDiffs: ConstraintDiff[];
}

function subtract(a: ExactScore, b: ExactScore): ExactScore {
  return { hard: a.hard - b.hard, medium: a.medium - b.medium, soft: a.soft - b.soft };
}

const isZero = (s: ExactScore) => s.hard === 0n && s.medium === 0n && s.soft === 0n;

/**
 * For each employee index (or -1, unassign), the effect of moving shift `shiftIndex` (not pinned) to that employee
 * in the session's current solution: the score difference, and per constraint that changes its score difference,
 * match count difference and (with `includeJustifications`) the matches gained (score as gained) and lost (score
 * negated). Each candidate is applied with `trialChange`, read and undone, so the session ends as it began and the
 * best solution of a run is never touched; scoreDiff is the real score change by construction. O(constraints) per
 * candidate plus the overlap scans of the two employees involved.
 */
export function evaluateAssignments(
  session: SolverSession,
  shiftIndex: number,
  employeeIndexes: readonly number[],
  options: { includeJustifications?: boolean } = {},
): AssignmentEvaluation[] {
  const ctx = options.includeJustifications ? new Context(session.problem) : undefined;
  const before = session.constraintScores({ matchCounts: false });
  const totalBefore = session.currentScoreExact();
  const balanceBefore = session.balanceRulePenalties();
  const from = session.currentAssignment()[shiftIndex];
  const results: AssignmentEvaluation[] = [];
  for (const to of employeeIndexes) {
    const weights = before.map((c) => c.weight);
    // Match count differences, read before the change: local matches of this shift, overlapping partners.
    const localBefore = CONSTRAINTS.map((c) => (weights[c.id] === 0 || !isLocal(c.id) ? 0 : session.localPenalty(c.id, shiftIndex, from)));
    const localAfter = CONSTRAINTS.map((c) => (weights[c.id] === 0 || !isLocal(c.id) ? 0 : session.localPenalty(c.id, shiftIndex, to)));
    const partnersBefore = from >= 0 ? session.overlapPartners(shiftIndex, from) : 0;
    const partnersAfter = to >= 0 ? session.overlapPartners(shiftIndex, to) : 0;
    const overlapGained = ctx && to >= 0 ? overlapPairs(session, shiftIndex, to) : [];
    const overlapLost = ctx && from >= 0 ? overlapPairs(session, shiftIndex, from) : [];

    const contractBefore = CONSTRAINTS.map((c) => (isContractConstraint(c.id) && weights[c.id] !== 0 ? session.contractMatchCount(c.id) : 0));
    const costBefore = costAggregateCounts(session);
    const demanded = session.problem.demand !== undefined;
    const demandBefore = CONSTRAINTS.map((c) => (demanded && isDemandConstraint(c.id) && weights[c.id] !== 0 ? session.demandMatches(c.id) : []));
    const pairingCount = (id: number) => (isPairingConstraint(id) && weights[id] !== 0 && session.problem.pairings.buffer.length > 0 ? session.matchCount(id) : 0);
    const pairingBefore = CONSTRAINTS.map((c) => pairingCount(c.id));
    const pairingMatchesBefore = ctx && session.problem.pairings.buffer.length > 0 ? session.pairingMatches() : [];
    const previous = session.trialChange(shiftIndex, to);
    const costAfter = costAggregateCounts(session);
    const demandAfter = CONSTRAINTS.map((c) => (demanded && isDemandConstraint(c.id) && weights[c.id] !== 0 ? session.demandMatches(c.id) : []));
    const after = session.constraintScores({ matchCounts: false });
    const contractAfter = CONSTRAINTS.map((c) => (isContractConstraint(c.id) && weights[c.id] !== 0 ? session.contractMatchCount(c.id) : 0));
    const pairingAfter = CONSTRAINTS.map((c) => pairingCount(c.id));
    const pairingMatchesAfter = ctx && session.problem.pairings.buffer.length > 0 ? session.pairingMatches() : [];
    const totalAfter = session.currentScoreExact();
    const balanceAfter = session.balanceRulePenalties();
    const balanceStates = ctx ? session.problem.balanceRules.map((_, r) => session.balanceRuleState(r)) : [];
    session.trialChange(shiftIndex, previous);

    const constraintDiffs: ConstraintDiff[] = [];
    for (const c of CONSTRAINTS) {
      const diff = subtract(after[c.id].scoreExact, before[c.id].scoreExact);
      let matchCountDiff: number;
      const matchesDiff: ConstraintMatch[] = [];
      const weight = weights[c.id];
      if (c.id === CONSTRAINT_ID.OVERLAP) {
        matchCountDiff = weight === 0 ? 0 : partnersAfter - partnersBefore;
        if (ctx && weight !== 0) {
          for (const [t, minutes] of overlapGained) matchesDiff.push({ score: matchScore(c.id, weight, minutes), justification: ctx.overlapJustification(shiftIndex, t, to, minutes) });
          for (const [t, minutes] of overlapLost) matchesDiff.push({ score: matchScore(c.id, weight, -minutes), justification: ctx.overlapJustification(shiftIndex, t, from, minutes) });
        }
      } else if (c.id === CONSTRAINT_ID.BALANCE_TIME || c.id === CONSTRAINT_ID.BALANCE_COUNT) {
        const mine = (r: number) => (session.problem.balanceRules[r].kind === "TIME") === (c.id === CONSTRAINT_ID.BALANCE_TIME);
        matchCountDiff = 0;
        session.problem.balanceRules.forEach((_, r) => {
          if (!mine(r) || weight === 0) return;
          matchCountDiff += Number(balanceAfter[r] !== 0) - Number(balanceBefore[r] !== 0);
          if (ctx && balanceAfter[r] !== balanceBefore[r]) {
            matchesDiff.push({ score: matchScore(c.id, weight, balanceAfter[r] - balanceBefore[r]), justification: ctx.balanceJustification(r, balanceStates[r].loads) });
          }
        });
      } else if (isCostAggregate(c.id)) {
        matchCountDiff = weight === 0 ? 0 : costAfter[c.id] - costBefore[c.id];
        if (ctx && !isZero(diff)) matchesDiff.push({ score: formatScore(diff), justification: { description: `${c.name}: the cost totals change by ${formatScore(diff)}.` } });
      } else if (isDemandConstraint(c.id)) {
        matchCountDiff = demandAfter[c.id].length - demandBefore[c.id].length;
        const demand = session.problem.demand;
        if (ctx && demand) {
          // Intervals whose penalty changed: the new match (score as gained) and the old one (negated).
          const old = new Map(demandBefore[c.id].map((m) => [m.interval, m]));
          const now = new Map(demandAfter[c.id].map((m) => [m.interval, m]));
          for (const m of demandAfter[c.id]) {
            if (old.get(m.interval)?.penalty === m.penalty && old.get(m.interval)?.shiftsWorked === m.shiftsWorked) continue;
            matchesDiff.push({ score: matchScore(c.id, weight, m.penalty), justification: demandJustification(demand, c.id, m.interval, m.shiftsWorked) });
          }
          for (const m of demandBefore[c.id]) {
            if (now.get(m.interval)?.penalty === m.penalty && now.get(m.interval)?.shiftsWorked === m.shiftsWorked) continue;
            matchesDiff.push({ score: matchScore(c.id, weight, -m.penalty), justification: demandJustification(demand, c.id, m.interval, m.shiftsWorked) });
          }
        }
      } else if (isPairingConstraint(c.id)) {
        matchCountDiff = pairingAfter[c.id] - pairingBefore[c.id];
        if (ctx && weight !== 0) {
          // The matches gained (as scored) and lost (negated): a match whose penalty changes is one of each.
          const key = (m: PairingMatch) => `${m.constraintId}/${m.rule}/${m.shift}/${m.pairedShift}/${m.employee}/${m.partner}/${m.penalty}`;
          const mine = (list: PairingMatch[]) => list.filter((m) => m.constraintId === c.id);
          const was = new Set(mine(pairingMatchesBefore).map(key));
          const now = new Set(mine(pairingMatchesAfter).map(key));
          for (const m of mine(pairingMatchesAfter)) if (!was.has(key(m))) matchesDiff.push({ score: matchScore(c.id, weight, m.penalty), justification: pairingJustification(session.problem, m) });
          for (const m of mine(pairingMatchesBefore)) if (!now.has(key(m))) matchesDiff.push({ score: matchScore(c.id, weight, -m.penalty), justification: pairingJustification(session.problem, m) });
        }
      } else if (isContractConstraint(c.id)) {
        matchCountDiff = contractAfter[c.id] - contractBefore[c.id];
        if (ctx && !isZero(diff)) {
          const who = [from, to].filter((e) => e >= 0).map((e) => `'${session.problem.employeeIds[e]}'`).join(" and ");
          matchesDiff.push({ score: formatScore(diff), justification: { description: `${c.name}: the contract rules of ${who} change by ${formatScore(diff)}.` } });
        }
      } else {
        matchCountDiff = Number(localAfter[c.id] !== 0) - Number(localBefore[c.id] !== 0);
        if (ctx) {
          if (localAfter[c.id] !== 0) matchesDiff.push({ score: matchScore(c.id, weight, localAfter[c.id]), justification: ctx.justification(c.id, shiftIndex, to) });
          if (localBefore[c.id] !== 0) matchesDiff.push({ score: matchScore(c.id, weight, -localBefore[c.id]), justification: ctx.justification(c.id, shiftIndex, from) });
        }
      }
      if (isZero(diff) && matchCountDiff === 0) continue;
      const entry: ConstraintDiff = { constraintName: c.name, score: formatScore(diff), matchCountDiff };
      if (ctx) entry.matchesDiff = matchesDiff;
      constraintDiffs.push(entry);
    }
    const total = subtract(totalAfter, totalBefore);
    results.push({
      employeeIndex: to,
      employeeId: to >= 0 ? session.problem.employeeIds[to] : "",
      scoreDiff: { hard: Number(total.hard), medium: Number(total.medium), soft: Number(total.soft) },
      scoreDiffText: formatScore(total),
      constraintDiffs,
    });
  }
  return results;
}

/**
 * Shifts of employee e that shift s overlaps (penalized pairs), with the minutes: for justifications only (the
 * counts and scores come from the core). Mirrors the core's exemptions: both historic, or either shift allowed to
 * overlap by the employee's allow-overlap group.
 */
function overlapPairs(session: SolverSession, s: number, e: number): Array<[number, number]> {
  const p = session.problem;
  const assignment = session.currentAssignment();
  const S = p.shiftIds.length;
  const g = p.sections.overlapGroup[e];
  const allowed = (t: number) => g > 0 && p.sections.overlapAllowed[(g - 1) * S + t] === 1;
  const out: Array<[number, number]> = [];
  if (allowed(s)) return out;
  for (let t = 0; t < S; t++) {
    if (t === s || assignment[t] !== e) continue;
    const minutes = Math.max(0, Math.min(p.shiftEnd[s], p.shiftEnd[t]) - Math.max(p.shiftStart[s], p.shiftStart[t]));
    if (minutes === 0 || allowed(t) || (p.shiftHistoric[s] && p.shiftHistoric[t])) continue;
    out.push([t, minutes]);
  }
  return out;
}
