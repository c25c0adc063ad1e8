/**
 * Score analysis of one assignment (GET <root>/{id}/score-analysis, POST <root>/score-analysis): per constraint its
 * name, weight, score and match count, and with justifications its matches (explain.ts). Built on a fresh session
 * holding exactly that assignment, so the analysis always adds up to the score.
 */
import type { ModelInput } from "../schemas/model-input";
import type { ScoreAnalysis } from "../schemas/score-analysis";
import { encodeProblem } from "./encode";
import { scoreAnalysis } from "./explain";
import { SolverSession } from "./session";

/** A session on `input` whose current solution is `assignment` (employee index per shift, -1 unassigned). */
export async function sessionWithAssignment(
  module: WebAssembly.Module,
  input: ModelInput,
  assignment: Int32Array,
  weights?: Partial<Record<string, number>>,
): Promise<SolverSession> {
  const session = await SolverSession.create(module, encodeProblem(input), { weights });
  session.applyAssignment(assignment);
  return session;
}

export function analyzeSession(session: SolverSession, options: { includeJustifications?: boolean } = {}): ScoreAnalysis {
  return scoreAnalysis(session, options);
}
