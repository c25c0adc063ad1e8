/**
 * Assignability analysis (reference `AssignabilityReport`, `AssignabilityDetail`): for a shift, which employees could
 * take it without breaking a hard rule and, for the others, the hard rules that stop them with their score change.
 *
 * Every employee is evaluated by the engine's `evaluateAssignments` (solver/explain.ts), the primitive behind the
 * API's recommendations (recommendations.ts) and the browser planner's what-if (web/src/engine/what-if.ts), so the
 * API and the planner's "why not" agree by construction. An assigned shift is evaluated from unassigned (its employee
 * taken off first), so the question is the same for every shift: could this employee take it?
 */
import type { AssignabilityDetail, AssignabilityReport } from "../schemas/assignability";
import { CONSTRAINTS } from "./constraints";
import { evaluateAssignments, type ConstraintDiff } from "./explain";
import { parseScore } from "./score";
import type { SolverSession } from "./session";

export type { AssignabilityDetail, AssignabilityReport };

const LEVEL = new Map(CONSTRAINTS.map((c) => [c.name, c.level]));

/** The hard rules a change breaks: the constraint diffs that lower the hard score (as the planner's what-if). */
export function brokenHardRules(diffs: readonly ConstraintDiff[]): ConstraintDiff[] {
  return diffs.filter((d) => LEVEL.get(d.constraintName) === "HARD" && parseScore(d.score).hard < 0);
}

/** `Required skill missing: -1hard/0medium/0soft (+1 match)`. */
function failure(d: ConstraintDiff): string {
  const n = d.matchCountDiff;
  return `${d.constraintName}: ${d.score} (${n >= 0 ? "+" : ""}${n} match${Math.abs(n) === 1 ? "" : "es"})`;
}

/** Whether the shift is a planning variable (pinned and historic shifts keep their employee). */
export function isAnalyzable(session: SolverSession, shiftIndex: number): boolean {
  return session.problem.shiftPinned[shiftIndex] !== 1;
}

/** Every employee evaluated for one shift that is not pinned, in the input order of employees. */
export function analyzeShift(session: SolverSession, shiftIndex: number): AssignabilityDetail {
  const employees = session.problem.employeeIds.map((_, e) => e);
  const current = session.currentAssignment()[shiftIndex];
  const previous = current >= 0 ? session.trialChange(shiftIndex, -1) : -1;
  try {
    const assignments = evaluateAssignments(session, shiftIndex, employees).map((r) => ({
      value: r.employeeId,
      assignmentFailures: brokenHardRules(r.constraintDiffs).map(failure),
    }));
    return {
      shift: session.problem.shiftIds[shiftIndex],
      validAssignments: assignments.filter((a) => a.assignmentFailures.length === 0).length,
      totalValues: assignments.length,
      assignments,
    };
  } finally {
    if (current >= 0) session.trialChange(shiftIndex, previous);
  }
}

/**
 * Bounded work per request: one report evaluates at most this many (shift, employee) pairs, about 1.5 s of CPU at the
 * measured 0.15 ms per evaluation (README "Assignability analysis"). Larger schedules are read page by page.
 */
export const MAX_EVALUATIONS_PER_REPORT = 10_000;

/** The most shifts one report page may analyze for this many employees. */
export function maxReportPageSize(employeeCount: number): number {
  return Math.max(1, Math.floor(MAX_EVALUATIONS_PER_REPORT / Math.max(1, employeeCount)));
}

/** The shifts a report covers, in input order: not pinned and, with `unassignedOnly`, without an employee. */
export function reportShifts(session: SolverSession, unassignedOnly: boolean): number[] {
  const assignment = session.currentAssignment();
  const shifts: number[] = [];
  for (let s = 0; s < assignment.length; s++) {
    if (isAnalyzable(session, s) && (!unassignedOnly || assignment[s] < 0)) shifts.push(s);
  }
  return shifts;
}

/** The report over the given shifts (the caller bounds their number with `maxReportPageSize`). */
export function assignabilityReport(session: SolverSession, shiftIndexes: readonly number[]): AssignabilityReport {
  const report: AssignabilityReport = { totalAnalyzed: 0, totalUnassignable: 0, totalAssignable: 0, unassignable: [], assignable: [] };
  for (const s of shiftIndexes) {
    const { shift, validAssignments, totalValues } = analyzeShift(session, s);
    (validAssignments > 0 ? report.assignable : report.unassignable).push({ entityId: shift, validAssignments, totalValues });
  }
  report.totalAnalyzed = shiftIndexes.length;
  report.totalAssignable = report.assignable.length;
  report.totalUnassignable = report.unassignable.length;
  return report;
}
