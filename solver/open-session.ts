/**
 * The one way a host opens the solver on a solving request: the DatasetObject, the SearchObject and the browser (its
 * planner and its solver worker). The model input is encoded, then the session continues from a checkpoint when
 * one is given, else starts with the request's weights (`config.model.overrides`) and the seed; then the sections
 * the host no longer reads are released (loaded-problem.ts).
 */
import type { SolvingRequest } from "../schemas/solving-request";
import { encodeProblem } from "./encode";
import { releaseLoadedSections } from "./loaded-problem";
import { SolverSession } from "./session";

export interface OpenOptions {
  /** RNG seed of a new session. @default 0 */
  seed?: number;
  /** `SolverSession.checkpoint()` bytes to continue from (taken on the same request). */
  checkpoint?: Uint8Array | null;
}

export async function openSession(
  module: WebAssembly.Module,
  request: Pick<SolvingRequest, "modelInput" | "config">,
  options: OpenOptions = {},
): Promise<SolverSession> {
  const problem = encodeProblem(request.modelInput);
  const session = options.checkpoint
    ? await SolverSession.restore(module, problem, options.checkpoint)
    : await SolverSession.create(module, problem, { seed: options.seed, weights: request.config?.model?.overrides ?? undefined });
  // The core holds the problem now: what the host no longer reads goes (loaded-problem.ts).
  releaseLoadedSections(problem);
  return session;
}
