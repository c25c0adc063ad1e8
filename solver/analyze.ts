/**
 * Score analysis and assignability of one assignment (GET <root>/{id}/score-analysis, POST <root>/score-analysis,
 * GET <root>/{id}/assignability-analysis), on a session whose current solution is that assignment, so the analysis
 * always adds up to its score (README "Score analysis and assignability in the Durable Object"). Two ways to have one:
 * - a session of its own (`sessionWithAssignment`), opened the one way a host opens the solver (open-session.ts: its
 *   host copy narrowed and released once the core holds it), when no run holds a core;
 * - a live run's session, which holds the assignment only for the length of one synchronous call (`holding`): trial
 *   changes take its current solution there and back, so its search state (best, journal, history, pool, RNG) is
 *   never touched and the run goes on exactly as without the analysis. No second core beside the live one.
 */
import type { ScoreAnalysis } from "../schemas/score-analysis";
import type { SolvingRequest } from "../schemas/solving-request";
import { scoreAnalysis } from "./explain";
import { openSession } from "./open-session";
import type { SolverSession } from "./session";

/** A session of its own on `request` whose current solution is `assignment` (employee index per shift, -1 unassigned). */
export async function sessionWithAssignment(
  module: WebAssembly.Module,
  request: Pick<SolvingRequest, "modelInput" | "config">,
  assignment: Int32Array,
): Promise<SolverSession> {
  const session = await openSession(module, request);
  session.applyAssignment(assignment);
  return session;
}

/**
 * Runs `read` while the session's current solution is `assignment` (pinned shifts keep their employee), then takes
 * it back to what it was: each shift that differs is moved by a trial change (session.ts `trialChange`: exact score,
 * the best solution and the search state left alone) and moved back in reverse order, also when `read` throws.
 * `read` must be synchronous: nothing else may run on the session meanwhile.
 */
export function holding<T>(session: SolverSession, assignment: Int32Array, read: () => T): T {
  const current = session.currentAssignment();
  if (assignment.length !== current.length) throw new Error(`assignment has ${assignment.length} entries, expected ${current.length}`);
  const pinned = session.problem.shiftPinned;
  const moved: number[] = [];
  const previous: number[] = [];
  try {
    for (let s = 0; s < current.length; s++) {
      const to = assignment[s] < -1 ? -1 : assignment[s];
      if (to === current[s] || pinned[s] === 1) continue;
      previous.push(session.trialChange(s, to));
      moved.push(s);
    }
    return read();
  } finally {
    for (let i = moved.length - 1; i >= 0; i--) session.trialChange(moved[i], previous[i]);
  }
}

export function analyzeSession(session: SolverSession, options: { includeJustifications?: boolean } = {}): ScoreAnalysis {
  return scoreAnalysis(session, options);
}
