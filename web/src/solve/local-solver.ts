/** The page's side of a local solve: starts the solver Web Worker, relays its progress, stops it on request. */
import type { SolvingRequest } from "../../../schemas/solving-request";
import type { DoneMessage, FromWorker, ProgressMessage, ToWorker } from "./protocol";

export const WORKER_URL = "solver-worker.js";

export interface SolveOptions {
  module: WebAssembly.Module;
  request: SolvingRequest;
  timeLimitMs: number;
  seed?: number;
  onProgress: (p: ProgressMessage) => void;
}

export class LocalSolve {
  private readonly worker: Worker;
  readonly done: Promise<DoneMessage>;

  constructor(options: SolveOptions) {
    this.worker = new Worker(WORKER_URL, { type: "module", name: "rota-solver" });
    this.done = new Promise<DoneMessage>((resolve, reject) => {
      this.worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const m = event.data;
        if (m.type === "progress") options.onProgress(m);
        else if (m.type === "done") resolve(m);
        else reject(new Error(m.message));
      };
      this.worker.onerror = (event) => reject(new Error(event.message || "the solver worker failed"));
    }).finally(() => this.worker.terminate());
    this.send({
      type: "start",
      module: options.module,
      request: options.request,
      timeLimitMs: options.timeLimitMs,
      seed: options.seed ?? 0,
    });
  }

  private send(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  /** The worker finishes its current slice and reports the best solution so far. */
  stop(): void {
    this.send({ type: "stop" });
  }
}
