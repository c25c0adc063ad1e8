/**
 * Which shifts each penalty of the current solution concerns, so the board can mark the blocks .
 *
 * - LOCAL constraints (one shift and its employee): `localPenalty(id, shift, employee)` of every shift; a constraint
 *   counts as local when those penalties add up to its whole score.
 * - "Overlapping shift": the penalized pairs (`overlapMatches`), both shifts of each pair.
 * - Any other constraint with a penalty (a rule over an employee's shifts that the engine may add): each movable
 *   assigned shift whose removal would reduce that penalty takes part in it (one trial change per shift).
 * - The balance rules are about the whole schedule, not about particular shifts: shown in the score breakdown only.
 * Rewards (met preferences) are not violations.
 */
import { CONSTRAINT_ID } from "../../../solver/constraints";
import type { ConstraintScore } from "../../../solver/session";
import type { PlannerSession } from "./planner-session";

export interface Violation {
  constraintId: number;
  name: string;
  level: ConstraintScore["level"];
  /** Extra detail, e.g. the other shift of an overlap. */
  detail?: string;
}

const WHOLE_SCHEDULE = new Set<number>([CONSTRAINT_ID.BALANCE_TIME, CONSTRAINT_ID.BALANCE_COUNT]);

function levelValue(c: ConstraintScore): number {
  return c.level === "HARD" ? c.score.hard : c.level === "MEDIUM" ? c.score.medium : c.score.soft;
}

/** Per shift index, the penalties it takes part in (most shifts: none). */
export function violationsByShift(planner: PlannerSession): Violation[][] {
  const session = planner.session;
  const n = planner.shiftCount;
  const out: Violation[][] = Array.from({ length: n }, () => []);
  const assignment = session.currentAssignment();
  const constraints = session.constraintScores();
  const pending: ConstraintScore[] = [];

  for (const c of constraints) {
    const value = levelValue(c);
    if (c.reward || value >= 0 || WHOLE_SCHEDULE.has(c.id)) continue;
    if (c.id === CONSTRAINT_ID.OVERLAP) {
      for (const [a, b, minutes] of session.overlapMatches()) {
        // Shifts generated from demand rules (after the input's, not on the board) are named but not marked.
        const ids = session.problem.shiftIds;
        if (a < n) out[a].push({ constraintId: c.id, name: c.name, level: c.level, detail: `with ${ids[b]} (${minutes} min)` });
        if (b < n) out[b].push({ constraintId: c.id, name: c.name, level: c.level, detail: `with ${ids[a]} (${minutes} min)` });
      }
      continue;
    }
    let total = 0;
    const hits: number[] = [];
    for (let s = 0; s < n; s++) {
      const p = session.localPenalty(c.id, s, assignment[s]);
      if (p !== 0) {
        total += p;
        hits.push(s);
      }
    }
    if (total * c.weight === -value) {
      for (const s of hits) out[s].push({ constraintId: c.id, name: c.name, level: c.level });
    } else {
      pending.push(c);
    }
  }

  if (pending.length > 0) {
    for (let s = 0; s < n; s++) {
      if (assignment[s] < 0 || planner.isPinned(s)) continue;
      const previous = session.trialChange(s, -1);
      const after = session.constraintScores();
      session.trialChange(s, previous);
      for (const c of pending) {
        if (levelValue(after[c.id]) > levelValue(c)) out[s].push({ constraintId: c.id, name: c.name, level: c.level });
      }
    }
  }
  return out;
}
