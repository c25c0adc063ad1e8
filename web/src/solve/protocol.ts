/** Messages between the page and the solver Web Worker (solve/solver-worker.ts). */
import type { Score } from "../../../solver/score";
import type { SolvingRequest } from "../../../schemas/solving-request";
import type { StopReason } from "../../../solver/termination";

export interface StartMessage {
  type: "start";
  /** The compiled core, shared with the page (a WebAssembly.Module is cloned to workers, not recompiled). */
  module: WebAssembly.Module;
  /** The working state: shifts carry their employee (warm start) and pins. */
  request: SolvingRequest;
  timeLimitMs: number;
  seed: number;
}

export interface StopMessage {
  type: "stop";
}

export type ToWorker = StartMessage | StopMessage;

export interface ProgressMessage {
  type: "progress";
  elapsedMs: number;
  best: Score;
  current: Score;
  steps: number;
  phase: "CONSTRUCTION" | "LOCAL_SEARCH";
}

export interface DoneMessage {
  type: "done";
  reason: StopReason | "STOPPED";
  elapsedMs: number;
  best: Score;
  steps: number;
  /** Employee index per shift of the best solution. */
  assignment: Int32Array;
}

export interface ErrorMessage {
  type: "error";
  message: string;
}

export type FromWorker = ProgressMessage | DoneMessage | ErrorMessage;
