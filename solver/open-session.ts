/**
 * The one way a host opens the solver on a solving request: the DatasetObject, the SearchObject and the browser (its
 * planner and its solver worker). The model input is encoded, then the session continues from a checkpoint when
 * one is given, else starts with the request's weights (`config.model.overrides`) and the seed; the sections the host
 * no longer reads are released as soon as the core holds them (loaded-problem.ts).
 */
import type { SolvingRequest } from "../schemas/solving-request";
import { encodeProblem } from "./encode";
import { releaseOnceLoaded } from "./loaded-problem";
import { SolverSession } from "./session";

export interface OpenOptions {
  /** RNG seed of a new session. @default 0 */
  seed?: number;
  /** `SolverSession.checkpoint()` bytes to continue from (taken on the same request). */
  checkpoint?: Uint8Array | null;
  /**
   * Called once the problem is encoded and once its sections are written into the core, before the host's copy is
   * released: where the memory figures sample the load's peaks (bench/memory.ts).
   */
  onStage?: (stage: "encoded" | "written") => void;
}

export async function openSession(
  module: WebAssembly.Module,
  request: Pick<SolvingRequest, "modelInput" | "config">,
  options: OpenOptions = {},
): Promise<SolverSession> {
  const problem = encodeProblem(request.modelInput);
  // What the host no longer reads goes once the core holds it, before the core's records join it (loaded-problem.ts).
  options.onStage?.("encoded");
  releaseOnceLoaded(problem, options.onStage && (() => options.onStage!("written")));
  const session = options.checkpoint
    ? await SolverSession.restore(module, problem, options.checkpoint)
    : await SolverSession.create(module, problem, { seed: options.seed, weights: request.config?.model?.overrides ?? undefined });
  return session;
}
