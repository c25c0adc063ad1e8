/**
 * What-if in the browser (issue 6): for one shift, the exact score change of giving it to each employee, with the
 * reasons (per-constraint diffs) and, for employees who would break hard rules, which rules and why.
 *
 * Each candidate is applied with `trialChange` (the exact incremental score change, leaving the best solution and
 * the search state alone), read, and undone; so a scoreDiff is the real score change of that move by construction,
 * exactly as the API's recommendations (solver/recommendations.ts) compute it for unassigned shifts.
 *
 * The per-constraint diffs take one of two paths:
 * - exact slow path: every constraint's score and match count before and after (`constraintScores()`, which counts
 *   matches from scratch: ~0.6 ms on LARGE, so ~30 ms for 50 employees);
 * - fast path, for the constraint catalogue this module knows (solver/constraints.ts) when no balance rule is set:
 *   LOCAL constraints concern only the (shift, employee) pair, so their diff is the change of `localPenalty` times
 *   the weight (assembly/constraints/index.ts), and their match count changes with whether that penalty is zero;
 *   the one PAIRWISE constraint, "Overlapping shift", takes the rest of the hard diff, its match count from
 *   `overlapPartners`. Any level whose diff the local constraints do not add up to falls back to the slow path.
 * test/browser/planner-units.test.ts checks that both paths agree on random moves.
 */
import { CONSTRAINTS, CONSTRAINT_ID } from "../../../solver/constraints";
import type { ConstraintScore } from "../../../solver/session";
import { compareScores, formatScore, type Score } from "../../../solver/score";
import type { PlannerSession } from "./planner-session";
import { hardReasons } from "./explain";

export type ConstraintLevel = ConstraintScore["level"];

export interface ConstraintChange {
  constraintId: number;
  constraintName: string;
  level: ConstraintLevel;
  score: Score;
  /** e.g. "-1hard/0medium/0soft" (the API's form). */
  scoreText: string;
  matchCountDiff: number;
}

export type Fit = "GOOD" | "BREAKS_HARD";

export interface Option {
  /** -1: leave the shift unassigned. */
  employeeIndex: number;
  employeeId: string | null;
  scoreDiff: Score;
  changes: ConstraintChange[];
  fit: Fit;
  /** Why the hard rules break, one sentence per broken rule (empty for a good fit). */
  reasons: string[];
}

export interface WhatIf {
  shiftIndex: number;
  currentEmployee: number;
  /** Every other employee (and "unassigned" for an assigned shift), best first; ties keep the employee order. */
  options: Option[];
  elapsedMs: number;
}

function subtract(a: Score, b: Score): Score {
  return { hard: a.hard - b.hard, medium: a.medium - b.medium, soft: a.soft - b.soft };
}

export function isZero(s: Score): boolean {
  return s.hard === 0 && s.medium === 0 && s.soft === 0;
}

/** Signed form for diffs: "+10medium", "-1hard"; levels that did not change are left out ("±0" when none did). */
export function formatDiff(s: Score): string {
  const parts: string[] = [];
  for (const level of ["hard", "medium", "soft"] as const) {
    if (s[level] !== 0) parts.push(`${s[level] > 0 ? "+" : ""}${s[level]}${level}`);
  }
  return parts.length > 0 ? parts.join(" ") : "±0";
}

export function constraintChanges(before: ConstraintScore[], after: ConstraintScore[]): ConstraintChange[] {
  const changes: ConstraintChange[] = [];
  for (let i = 0; i < after.length; i++) {
    const score = subtract(after[i].score, before[i].score);
    const matchCountDiff = after[i].matchCount - before[i].matchCount;
    if (matchCountDiff === 0 && isZero(score)) continue;
    changes.push({
      constraintId: after[i].id,
      constraintName: after[i].name,
      level: after[i].level,
      score,
      scoreText: formatScore(score),
      matchCountDiff,
    });
  }
  return changes;
}

/** The score change of shift -> employee (-1 unassigns) from the current state, without keeping it. */
export function evaluate(planner: PlannerSession, shiftIndex: number, employeeIndex: number): Option {
  return evaluateFrom(planner, shiftIndex, employeeIndex, baseline(planner, shiftIndex));
}

/** The state every candidate for one shift is compared with. */
interface Baseline {
  score: Score;
  constraints: ConstraintScore[];
  assignment: Int32Array;
  /** Null: use the exact slow path. */
  fast: FastBaseline | null;
}

interface FastBaseline {
  local: ConstraintScore[];
  /** localPenalty of each local constraint for the shift with its current employee (same order as `local`). */
  localBefore: number[];
  overlap: ConstraintScore;
  overlapBefore: number;
}

function baseline(planner: PlannerSession, shiftIndex: number, useFastPath = true): Baseline {
  const session = planner.session;
  const constraints = session.constraintScores();
  const assignment = session.currentAssignment();
  const base = { score: session.currentScore(), constraints, assignment, fast: null };
  const known = constraints.length === CONSTRAINTS.length && constraints.every((c, i) => c.id === i && c.name === CONSTRAINTS[i].name);
  if (!useFastPath || !known || session.problem.balanceRules.length > 0) return base;
  const current = assignment[shiftIndex];
  const nonLocal = new Set<number>([CONSTRAINT_ID.OVERLAP, CONSTRAINT_ID.BALANCE_TIME, CONSTRAINT_ID.BALANCE_COUNT]);
  const local = constraints.filter((c) => !nonLocal.has(c.id) && c.weight !== 0);
  return {
    ...base,
    fast: {
      local,
      localBefore: local.map((c) => session.localPenalty(c.id, shiftIndex, current)),
      overlap: constraints[CONSTRAINT_ID.OVERLAP],
      overlapBefore: session.overlapPartners(shiftIndex, current),
    },
  };
}

function atLevel(level: ConstraintLevel, value: number): Score {
  return { hard: level === "HARD" ? value : 0, medium: level === "MEDIUM" ? value : 0, soft: level === "SOFT" ? value : 0 };
}

function change(c: ConstraintScore, value: number, matchCountDiff: number): ConstraintChange {
  const score = atLevel(c.level, value);
  return { constraintId: c.id, constraintName: c.name, level: c.level, score, scoreText: formatScore(score), matchCountDiff };
}

/** The fast path's constraint changes, or null when they do not add up to the exact score diff. */
function fastChanges(planner: PlannerSession, shiftIndex: number, employeeIndex: number, fast: FastBaseline, scoreDiff: Score): ConstraintChange[] | null {
  const session = planner.session;
  const changes: ConstraintChange[] = [];
  const sum = { hard: 0, medium: 0, soft: 0 };
  fast.local.forEach((c, k) => {
    const before = fast.localBefore[k];
    const after = session.localPenalty(c.id, shiftIndex, employeeIndex);
    if (after === before) return;
    const value = (c.reward ? 1 : -1) * c.weight * (after - before);
    const matches = Number(after !== 0) - Number(before !== 0);
    sum[c.level === "HARD" ? "hard" : c.level === "MEDIUM" ? "medium" : "soft"] += value;
    changes.push(change(c, value, matches));
  });
  if (sum.medium !== scoreDiff.medium || sum.soft !== scoreDiff.soft) return null;
  const overlapValue = scoreDiff.hard - sum.hard;
  const overlapMatches = session.overlapPartners(shiftIndex, employeeIndex) - fast.overlapBefore;
  if (overlapValue !== 0 || overlapMatches !== 0) {
    if (fast.overlap.weight === 0) return null;
    changes.push(change(fast.overlap, overlapValue, overlapMatches));
  }
  // The slow path lists constraints in id order.
  return changes.sort((a, b) => a.constraintId - b.constraintId);
}

function evaluateFrom(planner: PlannerSession, shiftIndex: number, employeeIndex: number, base: Baseline): Option {
  const session = planner.session;
  const previous = session.trialChange(shiftIndex, employeeIndex);
  let scoreDiff: Score;
  let changes: ConstraintChange[] | null = null;
  try {
    scoreDiff = subtract(session.currentScore(), base.score);
    if (!base.fast) changes = constraintChanges(base.constraints, session.constraintScores());
  } finally {
    session.trialChange(shiftIndex, previous);
  }
  if (base.fast) changes = fastChanges(planner, shiftIndex, employeeIndex, base.fast, scoreDiff);
  if (!changes) {
    // Exact fallback: apply the change again and compare every constraint.
    session.trialChange(shiftIndex, employeeIndex);
    try {
      changes = constraintChanges(base.constraints, session.constraintScores());
    } finally {
      session.trialChange(shiftIndex, previous);
    }
  }
  const broken = changes.filter((c) => c.level === "HARD" && c.score.hard < 0);
  return {
    employeeIndex,
    employeeId: employeeIndex >= 0 ? planner.input.employees[employeeIndex].id : null,
    scoreDiff,
    changes,
    fit: broken.length > 0 ? "BREAKS_HARD" : "GOOD",
    reasons: broken.length > 0 ? hardReasons(planner, base.assignment, shiftIndex, employeeIndex, broken) : [],
  };
}

/**
 * Every employee evaluated for the shift, best first. The shift must not be pinned. `exact` forces the slow path
 * (every constraint recounted), for tests that compare both.
 */
export function whatIf(planner: PlannerSession, shiftIndex: number, options: { exact?: boolean } = {}): WhatIf {
  const started = performance.now();
  const base = baseline(planner, shiftIndex, !options.exact);
  const current = base.assignment[shiftIndex];
  const candidates: Option[] = [];
  for (let e = 0; e < planner.employeeCount; e++) {
    if (e === current) continue;
    candidates.push(evaluateFrom(planner, shiftIndex, e, base));
  }
  if (current >= 0) candidates.push(evaluateFrom(planner, shiftIndex, -1, base));
  // Array.prototype.sort is stable (ES2019): equal score changes keep the employee order.
  candidates.sort((a, b) => compareScores(b.scoreDiff, a.scoreDiff));
  return { shiftIndex, currentEmployee: current, options: candidates, elapsedMs: performance.now() - started };
}
