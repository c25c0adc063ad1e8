/**
 * Score analysis of one assignment (spec: GET <root>/{id}/score-analysis, POST <root>/score-analysis): per constraint
 * its name, weight, score and match count, and with justifications the matches. Built on a fresh session holding
 * exactly that assignment, so the analysis always adds up to the score.
 */
import type { ModelInput } from "../schemas/model-input";
import type { ScoreAnalysis } from "../schemas/score-analysis";
import { encodeProblem } from "./encode";
import { formatScore, type Score } from "./score";
import { SolverSession, type ConstraintLevel } from "./session";

export interface AnalyzeOptions {
  weights?: Partial<Record<string, number>>;
  includeJustifications?: boolean;
}

function atLevel(level: ConstraintLevel, value: number): Score {
  return { hard: level === "HARD" ? value : 0, medium: level === "MEDIUM" ? value : 0, soft: level === "SOFT" ? value : 0 };
}

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

export function analyzeSession(session: SolverSession, options: AnalyzeOptions = {}): ScoreAnalysis {
  const constraints = session.constraintScores().map((c) => {
    const weight = options.weights?.[c.name] ?? 1;
    const entry: ScoreAnalysis["constraints"][number] = {
      name: c.name,
      weight: formatScore(atLevel(c.level, weight)),
      score: formatScore(c.score),
      matchCount: c.matchCount,
    };
    return entry;
  });
  return { score: formatScore(session.currentScore()), constraints };
}
