/**
 * What-if in the browser: for one shift, the exact score change of giving it to each employee, with the
 * reasons (per-constraint diffs) and, for employees who would break hard rules, which rules and why.
 *
 * The candidates are evaluated by the engine's `evaluateAssignments` (solver/explain.ts), the same primitive as the
 * API's recommendations: each change is applied with `trialChange`, read and undone, so a scoreDiff is the real score
 * change by construction, and the per-constraint diffs cost O(constraints) per candidate. `exact: true` instead
 * recounts every constraint before and after each change (`constraintScores()`), which the tests use as the
 * reference the engine's diffs must equal.
 */
import { CONSTRAINTS } from "../../../solver/constraints";
import { evaluateAssignments } from "../../../solver/explain";
import type { ConstraintScore } from "../../../solver/session";
import { compareScores, formatScore, parseScore, type Score } from "../../../solver/score";
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

/** Per-constraint changes between two full recounts (the reference path). */
export function constraintChanges(before: ConstraintScore[], after: ConstraintScore[]): ConstraintChange[] {
  const changes: ConstraintChange[] = [];
  for (let i = 0; i < after.length; i++) {
    const score = subtract(after[i].score, before[i].score);
    const matchCountDiff = after[i].matchCount - before[i].matchCount;
    if (matchCountDiff === 0 && isZero(score)) continue;
    changes.push({ constraintId: after[i].id, constraintName: after[i].name, level: after[i].level, score, scoreText: formatScore(score), matchCountDiff });
  }
  return changes;
}

const BY_NAME = new Map(CONSTRAINTS.map((c) => [c.name, c]));

function option(planner: PlannerSession, assignment: Int32Array, shiftIndex: number, employeeIndex: number, scoreDiff: Score, changes: ConstraintChange[]): Option {
  const broken = changes.filter((c) => c.level === "HARD" && c.score.hard < 0);
  return {
    employeeIndex,
    employeeId: employeeIndex >= 0 ? planner.input.employees[employeeIndex].id : null,
    scoreDiff,
    changes,
    fit: broken.length > 0 ? "BREAKS_HARD" : "GOOD",
    reasons: broken.length > 0 ? hardReasons(planner, assignment, shiftIndex, employeeIndex, broken) : [],
  };
}

/** The candidates for one shift evaluated by the engine, in the order given. */
function evaluateAll(planner: PlannerSession, shiftIndex: number, employees: number[]): Option[] {
  const session = planner.session;
  const assignment = session.currentAssignment();
  return evaluateAssignments(session, shiftIndex, employees).map((r) =>
    option(
      planner,
      assignment,
      shiftIndex,
      r.employeeIndex,
      r.scoreDiff,
      r.constraintDiffs
        .map((d) => {
          const info = BY_NAME.get(d.constraintName);
          const score = parseScore(d.score);
          return { constraintId: info?.id ?? -1, constraintName: d.constraintName, level: info?.level ?? "SOFT", score, scoreText: d.score, matchCountDiff: d.matchCountDiff };
        })
        .sort((a, b) => a.constraintId - b.constraintId),
    ),
  );
}

/** The reference path: apply, recount every constraint, undo. */
function evaluateByRecount(planner: PlannerSession, shiftIndex: number, employees: number[]): Option[] {
  const session = planner.session;
  const assignment = session.currentAssignment();
  const before = session.constraintScores();
  const base = session.currentScore();
  return employees.map((e) => {
    const previous = session.trialChange(shiftIndex, e);
    try {
      return option(planner, assignment, shiftIndex, e, subtract(session.currentScore(), base), constraintChanges(before, session.constraintScores()));
    } finally {
      session.trialChange(shiftIndex, previous);
    }
  });
}

/** The score change of shift -> employee (-1 unassigns) from the current state, without keeping it. */
export function evaluate(planner: PlannerSession, shiftIndex: number, employeeIndex: number): Option {
  return evaluateAll(planner, shiftIndex, [employeeIndex])[0];
}

/**
 * Every employee evaluated for the shift, best first. The shift must not be pinned. `exact` recounts every
 * constraint instead (slower), for tests that compare both.
 */
export function whatIf(planner: PlannerSession, shiftIndex: number, options: { exact?: boolean } = {}): WhatIf {
  const started = performance.now();
  const current = planner.session.currentAssignment()[shiftIndex];
  const candidates: number[] = [];
  for (let e = 0; e < planner.employeeCount; e++) if (e !== current) candidates.push(e);
  if (current >= 0) candidates.push(-1);
  const evaluated = options.exact ? evaluateByRecount(planner, shiftIndex, candidates) : evaluateAll(planner, shiftIndex, candidates);
  // Array.prototype.sort is stable (ES2019): equal score changes keep the employee order.
  evaluated.sort((a, b) => compareScores(b.scoreDiff, a.scoreDiff));
  return { shiftIndex, currentEmployee: current, options: evaluated, elapsedMs: performance.now() - started };
}
