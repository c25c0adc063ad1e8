/**
 * Employee recommendations for unassigned shifts (spec §2.8). Each candidate is evaluated by making the assignment
 * on the session, reading the score and the per-constraint scores, and undoing it: the reported scoreDiff is the
 * real score change of that assignment, by construction. Used by the API and, unchanged, by the browser planner.
 */
import type { ConstraintScore, SolverSession } from "./session";
import { compareScores, formatScore, type Score } from "./score";

export interface ConstraintDiff {
  constraintName: string;
  score: string;
  matchCountDiff: number;
  matchesDiff?: Array<{ score: string; justification: Record<string, unknown> }>;
}

export interface Recommendation {
  employeeId: string;
  /** Index of the employee in the input, for callers that work on indexes (the browser board). */
  employeeIndex: number;
  scoreDiff: Score;
  constraintDiffs: ConstraintDiff[];
}

function subtract(a: Score, b: Score): Score {
  return { hard: a.hard - b.hard, medium: a.medium - b.medium, soft: a.soft - b.soft };
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
  const { employeeIds, shiftIds } = session.problem;
  const baseScore = session.currentScore();
  const baseConstraints = session.constraintScores();
  const results: Recommendation[] = [];
  for (let e = 0; e < employeeIds.length; e++) {
    session.move(shiftIndex, e);
    const scoreDiff = subtract(session.currentScore(), baseScore);
    const after = session.constraintScores();
    session.move(shiftIndex, -1);
    results.push({
      employeeId: employeeIds[e],
      employeeIndex: e,
      scoreDiff,
      constraintDiffs: diffConstraints(baseConstraints, after, options.includeJustifications ?? false, {
        shift: shiftIds[shiftIndex],
        employee: employeeIds[e],
      }),
    });
  }
  // Stable sort: Array.prototype.sort is stable (ES2019), so equal scores keep the employee order.
  return results.sort((a, b) => compareScores(b.scoreDiff, a.scoreDiff));
}

function diffConstraints(
  before: ConstraintScore[],
  after: ConstraintScore[],
  includeJustifications: boolean,
  entities: { shift: string; employee: string },
): ConstraintDiff[] {
  const diffs: ConstraintDiff[] = [];
  for (let i = 0; i < after.length; i++) {
    const score = subtract(after[i].score, before[i].score);
    const matchCountDiff = after[i].matchCount - before[i].matchCount;
    if (matchCountDiff === 0 && score.hard === 0 && score.medium === 0 && score.soft === 0) continue;
    const diff: ConstraintDiff = { constraintName: after[i].name, score: formatScore(score), matchCountDiff };
    if (includeJustifications) {
      diff.matchesDiff = [
        {
          score: formatScore(score),
          justification: {
            shift: entities.shift,
            employee: entities.employee,
            description: `${after[i].name}: ${matchCountDiff >= 0 ? "+" : ""}${matchCountDiff} match(es) when shift '${entities.shift}' is assigned to '${entities.employee}'.`,
          },
        },
      ];
    }
    diffs.push(diff);
  }
  return diffs;
}
