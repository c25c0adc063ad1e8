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
 * Both analyze the session's *current* solution. To analyze the best solution of a run without disturbing it, hold
 * it in the run's session for the length of the analysis (analyze.ts `holding`), or open a session of its own holding
 * it (analyze.ts `sessionWithAssignment`).
 */
import { CONSTRAINTS, FAMILY_OF } from "./constraints";
import { FAMILIES } from "./families/index";
import { atLevel, isZero, ExplainContext, type ConstraintMatch } from "./explain-context";
import { formatScore, type ExactScore, type Score } from "./score";
import type { SolverSession } from "./session";
import { isRuleConstraint } from "./layout";
import { DEMAND_BALANCE_ID, DEMAND_REQUIRED_ID } from "./encode-demand";
import type { TrialReader } from "./families/types";

export type { ConstraintMatch, Justification } from "./explain-context";
export { contractJustification } from "./families/contracts/explain";
export { demandJustification } from "./families/demand/index";

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

/** Hourly demand constraints (ids 70-72, assembly/constraints/demand.ts): a penalty per demand interval. */
export function isDemandConstraint(id: number): boolean {
  return id >= DEMAND_REQUIRED_ID && id <= DEMAND_BALANCE_ID;
}

export function isContractConstraint(id: number): boolean {
  return isRuleConstraint(id);
}

/**
 * Score analysis of the session's current solution: per constraint (every constraint of the catalogue, in id order:
 * hard, medium, soft) its name, weight, score, match count and, with `includeJustifications`, its matches (built by
 * the constraint's family, solver/families/*).
 */
export function scoreAnalysis(session: SolverSession, options: { includeJustifications?: boolean } = {}): ScoreAnalysisResult {
  const lazy = lazyScoreAnalysis(session, options);
  return {
    score: lazy.score,
    constraints: lazy.constraints.map(({ matches, ...c }) => (matches ? { ...c, matches: Array.from(matches) } : c)),
  };
}

/** A score analysis whose matches are made as they are read (an iterator per constraint; output-json.ts writes it). */
export interface LazyScoreAnalysis {
  score: string;
  constraints: Array<Omit<ConstraintAnalysis, "matches"> & { matches?: IterableIterator<ConstraintMatch> }>;
}

/**
 * `scoreAnalysis` with each constraint's matches made only when they are read, constraint after constraint, so that
 * the analysis of 400,000 shifts is serialized in pieces without holding its matches (README "Score analysis and
 * assignability in the Durable Object"). The scores and counts are read now; the matches when iterated, from the
 * session's current solution then: the caller keeps it the same (analyze.ts `holding` around each read). `current`:
 * that solution's assignment when the caller holds it (the one `holding` holds), so that it is not copied again.
 */
export function lazyScoreAnalysis(
  session: SolverSession,
  options: { includeJustifications?: boolean; current?: Int32Array } = {},
): LazyScoreAnalysis {
  const x = new ExplainContext(session, options.includeJustifications === true, options.current);
  const constraints = session.constraintScores().map((c): LazyScoreAnalysis["constraints"][number] => {
    const entry: LazyScoreAnalysis["constraints"][number] = {
      name: c.name,
      constraintName: c.name,
      weight: formatScore(atLevel(c.level, BigInt(c.weight))),
      score: formatScore(c.scoreExact),
      matchCount: c.matchCount,
    };
    if (options.includeJustifications) entry.matches = matchesOf(x, c.id, c.weight);
    return entry;
  });
  return { score: formatScore(session.currentScoreExact()), constraints };
}

function* matchesOf(x: ExplainContext, id: number, weight: number): IterableIterator<ConstraintMatch> {
  if (weight !== 0) yield* FAMILY_OF[id].matches(x, id, weight);
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

/**
 * For each employee index (or -1, unassign), the effect of moving shift `shiftIndex` (not pinned) to that employee
 * in the session's current solution: the score difference, and per constraint that changes its score difference,
 * match count difference and (with `includeJustifications`) the matches gained (score as gained) and lost (score
 * negated). Each candidate is applied with `trialChange`, read and undone, so the session ends as it began and the
 * best solution of a run is never touched; scoreDiff is the real score change by construction. Each family reads
 * its state before and after the change (solver/families/* `trial`). O(constraints) per candidate plus the overlap
 * scans of the two employees involved.
 */
export function evaluateAssignments(
  session: SolverSession,
  shiftIndex: number,
  employeeIndexes: readonly number[],
  options: { includeJustifications?: boolean } = {},
): AssignmentEvaluation[] {
  const x = new ExplainContext(session, options.includeJustifications === true);
  const before = session.constraintScores({ matchCounts: false });
  const totalBefore = session.currentScoreExact();
  const weights = before.map((c) => c.weight);
  const from = session.currentAssignment()[shiftIndex];
  const results: AssignmentEvaluation[] = [];
  for (const to of employeeIndexes) {
    const trial = { shift: shiftIndex, from, to, weights };
    const readers = new Map<string, TrialReader>(FAMILIES.map((f) => [f.name, f.trial(x, trial)]));
    const previous = session.trialChange(shiftIndex, to);
    for (const reader of readers.values()) reader.after();
    const after = session.constraintScores({ matchCounts: false });
    const totalAfter = session.currentScoreExact();
    session.trialChange(shiftIndex, previous);

    const constraintDiffs: ConstraintDiff[] = [];
    for (const c of CONSTRAINTS) {
      const diff = subtract(after[c.id].scoreExact, before[c.id].scoreExact);
      const { matchCountDiff, matchesDiff } = readers.get(FAMILY_OF[c.id].name)!.diff(c.id, diff, c.name);
      if (isZero(diff) && matchCountDiff === 0) continue;
      const entry: ConstraintDiff = { constraintName: c.name, score: formatScore(diff), matchCountDiff };
      if (x.justify) entry.matchesDiff = matchesDiff;
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
