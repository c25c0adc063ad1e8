/**
 * When a search of a `maxThreadCount` > 1 run continues from the shared best instead of its own (README "Solving
 * runs", the threads): only once its own best has not improved for ADOPT_AFTER_UNITS units. A search that took the
 * shared best whenever it was better followed the best search within a slice or two, so the run was one search
 * restarted from its best over and over, with less work done per search: on the nurse rostering benchmark it ended
 * worse than one search alone (README "Nurse rostering benchmark"). Searches that keep to their own trajectories
 * while they improve give the best of several, and a stalled one restarts from the best anyone found.
 */
import { compareScores, type Score } from "./score";
import type { SolverSession } from "./session";

/** Units (construction placements + local search steps) without a better own best before a search adopts. */
export const ADOPT_AFTER_UNITS = 300_000;

export class AdoptionPolicy {
  private best: Score;
  private improvedAt: number;

  /** `session` starts (or resumes) its search now; `afterUnits` is for experiments (bench/portfolio-steps.ts). */
  constructor(
    session: SolverSession,
    private readonly afterUnits = ADOPT_AFTER_UNITS,
  ) {
    this.best = session.bestScore();
    this.improvedAt = session.unitsDone;
  }

  /** At a slice boundary: whether the search has gone `afterUnits` units without improving its own best. */
  stalled(session: SolverSession): boolean {
    const best = session.bestScore();
    if (compareScores(best, this.best) > 0) {
      this.best = best;
      this.improvedAt = session.unitsDone;
    }
    return session.unitsDone - this.improvedAt >= this.afterUnits;
  }

  /** The search took the shared best: its own trajectory starts again from there. */
  adopted(session: SolverSession): void {
    this.best = session.bestScore();
    this.improvedAt = session.unitsDone;
  }
}
