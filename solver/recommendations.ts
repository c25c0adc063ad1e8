/**
 * Employee recommendations for unassigned shifts (spec §2.8), on the engine's `evaluateAssignments`: each candidate
 * is applied on the session, read and undone, so the reported scoreDiff is the real score change of that
 * assignment, by construction. Used by the API and, unchanged, by the browser planner.
 */
import { evaluateAssignments, type ConstraintDiff } from "./explain";
import { compareScores, type Score } from "./score";
import type { SolverSession } from "./session";

export type { ConstraintDiff };

export interface Recommendation {
  employeeId: string;
  /** Index of the employee in the input, for callers that work on indexes (the browser board). */
  employeeIndex: number;
  scoreDiff: Score;
  constraintDiffs: ConstraintDiff[];
}

/**
 * Every employee evaluated for `shiftIndex` (which must be unassigned and not pinned), best fit first: employees
 * who would break hard constraints are still listed, ranked lower. Ties keep the input order of employees.
 */
export function recommendEmployees(
  session: SolverSession,
  shiftIndex: number,
  options: { includeJustifications?: boolean } = {},
): Recommendation[] {
  const employees = session.problem.employeeIds.map((_, e) => e);
  const evaluations = evaluateAssignments(session, shiftIndex, employees, options);
  const results = evaluations.map((r) => ({
    employeeId: r.employeeId,
    employeeIndex: r.employeeIndex,
    scoreDiff: r.scoreDiff,
    constraintDiffs: r.constraintDiffs,
  }));
  // Array.prototype.sort is stable (ES2019): equal scores keep the employee order.
  return results.sort((a, b) => compareScores(b.scoreDiff, a.scoreDiff));
}
