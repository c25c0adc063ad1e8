/**
 * A `maxThreadCount` > 1 run in one process, for bench/quality.ts: searches 1 .. count - 1 run as worker threads
 * (bench/quality-search.ts, seeds seed + 1, seed + 2, ...), each on its own core, and exchange their best as the
 * service's searches do (durable-objects/dataset-object.ts `exchange` and `shareBest`): after each of its slices a
 * search reports its best; the portfolio keeps the best of all and answers a search whose best is worse and has
 * stalled (solver/adoption-policy.ts) with the shared one, which it adopts. Search 0 is the caller's own session (the
 * DatasetObject's): at its slice boundaries it adopts the shared best when better and its own has stalled, else
 * offers its own at most every CHECKPOINT_INTERVAL_MS.
 */
import { Worker } from "node:worker_threads";
import { AdoptionPolicy } from "../solver/adoption-policy";
import { CHECKPOINT_INTERVAL_MS } from "../solver/checkpoint-policy";
import { compareScores, type Score, type SolverSession } from "../solver/index";

export interface SearchOptions {
  /** Training instance number. */
  n: number;
  seed: number;
  lahcLength?: number;
  wasmPath: string;
}

/** What a search reports after a slice, and what it is answered with. */
export interface Best {
  score: Score;
  assignment: Int32Array;
}

/** A search's report: its best, and whether its own best has stalled (it takes a better shared best only then). */
export interface Report extends Best {
  stalled: boolean;
}

export class Portfolio {
  /** The best any search reported (or search 0 offered). */
  shared: Best | null = null;
  /** Reports received from the searches, answers sent to them, shared bests search 0 adopted. */
  readonly counts = { reports: 0, answers: 0, adopted: 0 };
  private readonly workers: Worker[];
  private sharedAt = -Infinity;
  /** Search 0's (made at its first exchange). */
  private adoption: AdoptionPolicy | null = null;

  constructor(count: number, options: SearchOptions) {
    const url = new URL("./quality-search.ts", import.meta.url).href;
    // Worker threads do not inherit tsx's loader for .ts files: the thread registers it, then imports the search.
    const boot = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(url)}); })`;
    this.workers = Array.from({ length: count - 1 }, (_, i) => {
      const worker = new Worker(boot, { eval: true, workerData: { ...options, seed: options.seed + i + 1 } });
      worker.on("message", (report: Report) => this.offer(worker, report));
      worker.on("error", (err) => console.error(`search ${i + 1} failed`, err));
      return worker;
    });
  }

  /** A search's report (DatasetObject.exchange). */
  private offer(worker: Worker, report: Report): void {
    this.counts.reports++;
    if (!this.shared || compareScores(report.score, this.shared.score) > 0) this.shared = { score: report.score, assignment: report.assignment };
    else if (report.stalled && compareScores(this.shared.score, report.score) > 0) {
      worker.postMessage(this.shared);
      this.counts.answers++;
    }
  }

  /** Search 0 at a slice boundary (DatasetObject.shareBest). Call after yielding a turn, so reports are received. */
  exchange(session: SolverSession, nowMs: number): void {
    const own = session.bestScore();
    this.adoption ??= new AdoptionPolicy(session);
    const stalled = this.adoption.stalled(session);
    if (this.shared && compareScores(this.shared.score, own) > 0) {
      if (!stalled) return;
      session.applyAssignment(this.shared.assignment);
      this.adoption.adopted(session);
      this.counts.adopted++;
    } else if ((!this.shared || compareScores(own, this.shared.score) > 0) && nowMs - this.sharedAt >= CHECKPOINT_INTERVAL_MS) {
      this.shared = { score: own, assignment: session.bestAssignment() };
      this.sharedAt = nowMs;
    }
  }

  /** The best of search 0's and the shared one: the run's result once the searches stop. */
  best(session: SolverSession): Best {
    const own = session.bestScore();
    return this.shared && compareScores(this.shared.score, own) > 0 ? this.shared : { score: own, assignment: session.bestAssignment() };
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
