/**
 * When a host writes a solver checkpoint (README "Slices and checkpoints"): the checkpoint is what a run
 * resumes from after an eviction or a restart, and at 100,000 shifts it is about a megabyte. Writing one after every
 * 50 ms slice wrote tens of megabytes per minute to Durable Object storage; now a checkpoint is written
 *   - when the phase changed (construction ended) since the last one,
 *   - when CHECKPOINT_INTERVAL_MS have passed since the last one and, in local search, the best score changed since
 *     then (every construction slice assigns shifts: progress a restart would otherwise redo),
 *   - and by the host when a run stops, before it completes, so that a retried completion reports the same best.
 * A restart resumes from the last checkpoint: it redoes at most CHECKPOINT_INTERVAL_MS of search that improved the
 * best, plus any search since then that did not. The search is deterministic from a checkpoint, so a run that ends
 * on a step count ends exactly as an uninterrupted one; the time limits keep counting wall time.
 */
import { compareScores, type Score } from "./score";
import type { SolverPhase, SolverSession } from "./session";

/** At most one checkpoint per this many milliseconds of solving, phase ends and the final one aside. */
export const CHECKPOINT_INTERVAL_MS = 5_000;

export class CheckpointPolicy {
  private at: number;
  private best: Score;
  private phase: SolverPhase;

  /** `session` is in the state storage holds (just restored from, or written to, a checkpoint) at `nowMs`. */
  constructor(session: SolverSession, nowMs: number) {
    this.at = nowMs;
    this.best = session.bestScore();
    this.phase = session.phase;
  }

  /** Whether the session's state should be written now. */
  due(session: SolverSession, nowMs: number): boolean {
    if (session.phase !== this.phase) return true;
    if (nowMs - this.at < CHECKPOINT_INTERVAL_MS) return false;
    return session.phase === "CONSTRUCTION" || compareScores(session.bestScore(), this.best) !== 0;
  }

  /** The session's state was written at `nowMs`. */
  written(session: SolverSession, nowMs: number): void {
    this.at = nowMs;
    this.best = session.bestScore();
    this.phase = session.phase;
  }
}
