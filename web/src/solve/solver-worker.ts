/**
 * The local solver: a Web Worker running the same SolverSession the Durable Objects run, in slices budgeted by work
 * units (never by reading the clock inside the engine, TOOLCHAIN.md), with the termination rules of the API
 * (solver/termination.ts) checked between slices and the time limit the user chose as the spent limit. Between
 * slices it yields to its event loop so that a stop message is seen within one slice (~50 ms).
 */
import { encodeProblem } from "../../../solver/encode";
import { submittedAssignment } from "../../../solver/output";
import { compareScores } from "../../../solver/score";
import { SolverSession } from "../../../solver/session";
import { checkTermination, startProgress, terminationPolicy } from "../../../solver/termination";
import { weightsOf } from "../engine/planner-session";
import type { FromWorker, StartMessage, ToWorker } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

/** Target wall time of one slice: short enough for a responsive stop button and a smooth chart. */
const SLICE_TARGET_MS = 50;
const FIRST_SLICE_UNITS = 20_000;

let stopRequested = false;

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function solve(start: StartMessage): Promise<void> {
  const input = start.request.modelInput;
  const session = await SolverSession.create(start.module, encodeProblem(input), {
    seed: start.seed,
    weights: weightsOf(start.request),
  });
  session.applyAssignment(submittedAssignment(input));

  const policy = { ...terminationPolicy(start.request.config?.run?.termination), spentLimitMs: start.timeLimitMs };
  const began = performance.now();
  const progress = startProgress(0, session.bestScore());
  let units = FIRST_SLICE_UNITS;
  let reason: ReturnType<typeof checkTermination> | "STOPPED" = null;
  // The starting point of the chart: the score of the state the solve starts from.
  post({ type: "progress", elapsedMs: 0, best: session.bestScore(), current: session.currentScore(), steps: 0, phase: session.phase });

  while (reason === null) {
    const before = session.bestScore();
    const sliceStart = performance.now();
    const { unitsDone } = session.runSlice(units);
    const sliceMs = performance.now() - sliceStart;
    // Calibrate the next slice from this one (bounded growth, so one slow slice cannot make the next huge).
    if (sliceMs > 0) units = Math.max(1_000, Math.min(units * 4, Math.round((units * SLICE_TARGET_MS) / sliceMs)));
    const elapsedMs = performance.now() - began;
    const best = session.bestScore();
    post({ type: "progress", elapsedMs, best, current: session.currentScore(), steps: session.steps, phase: session.phase });
    await yieldToEvents();
    if (stopRequested) reason = "STOPPED";
    else if (unitsDone === 0) reason = "STEP_COUNT_LIMIT";
    else reason = checkTermination(policy, progress, elapsedMs, session.steps, best, compareScores(best, before) > 0);
  }
  const assignment = session.bestAssignment();
  post(
    { type: "done", reason, elapsedMs: performance.now() - began, best: session.bestScore(), steps: session.steps, assignment },
    [assignment.buffer],
  );
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === "stop") {
    stopRequested = true;
    return;
  }
  stopRequested = false;
  solve(message).catch((err: unknown) => post({ type: "error", message: err instanceof Error ? err.message : String(err) }));
};
