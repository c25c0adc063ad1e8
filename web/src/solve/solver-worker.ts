/**
 * The local solver: a Web Worker running the same SolverSession the Durable Objects run, opened the same way
 * (solver/open-session.ts), in the same calibrated slices (solver/slices.ts), with the termination rules of the API
 * (solver/termination.ts) checked between slices and the time limit the user chose as the spent limit. A slice yields
 * to the event loop around itself, so a stop message is seen within one slice (~50 ms).
 */
import { openSession } from "../../../solver/open-session";
import { submittedAssignment } from "../../../solver/output";
import { compareScores } from "../../../solver/score";
import { FIRST_SLICE_UNITS, runSlice } from "../../../solver/slices";
import { checkTermination, startProgress, terminationPolicy } from "../../../solver/termination";
import type { FromWorker, StartMessage, ToWorker } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

let stopRequested = false;

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

async function solve(start: StartMessage): Promise<void> {
  const input = start.request.modelInput;
  const session = await openSession(start.module, start.request, { seed: start.seed });
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
    const slice = await runSlice(session, units);
    units = slice.nextUnits;
    const elapsedMs = performance.now() - began;
    const best = session.bestScore();
    post({ type: "progress", elapsedMs, best, current: session.currentScore(), steps: session.steps, phase: session.phase });
    if (stopRequested) reason = "STOPPED";
    else if (slice.unitsDone === 0) reason = "STEP_COUNT_LIMIT";
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
