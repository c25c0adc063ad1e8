/**
 * When a run stops (spec §2.1). Evaluated by the host (Durable Object or browser worker) at slice boundaries only:
 * the solver never reads a clock (TOOLCHAIN.md: in production the clock does not advance inside synchronous code).
 *
 * - spentLimit: wall time since solving became active.
 * - unimprovedSpentLimit: wall time since the best score last improved.
 * - stepCountLimit: local-search steps (hardware independent; benchmarking).
 * - otherwise diminished returns (the default): after a first sliding window has measured the initial rate of
 *   improvement, stop when the improvement over the last window falls below `minimumImprovementRatio` of it.
 * A platform cap bounds every run.
 */
import type { Termination } from "../schemas/solving-request";
import { parseDurationMs } from "./duration";
import type { Score } from "./score";

/** Platform limit on any run's solving time when the request sets none (spec §2.1 "platform limits apply"). */
export const PLATFORM_MAX_SPENT_MS = 30 * 60_000;
export const DEFAULT_SLIDING_WINDOW_MS = 30_000;
export const DEFAULT_MINIMUM_IMPROVEMENT_RATIO = 0.0001;
/** Diminished returns keeps at most about this many samples of the best score per sliding window. */
export const SAMPLES_PER_WINDOW = 100;

export interface TerminationPolicy {
  spentLimitMs: number;
  unimprovedSpentLimitMs: number | null;
  stepCountLimit: number | null;
  /** Null when an explicit unimproved or step limit disables diminished returns. */
  diminishedReturns: { slidingWindowMs: number; minimumImprovementRatio: number } | null;
}

export function terminationPolicy(t: Termination | undefined | null): TerminationPolicy {
  const spent = t?.spentLimit ? parseDurationMs(t.spentLimit) : PLATFORM_MAX_SPENT_MS;
  const unimproved = t?.unimprovedSpentLimit ? parseDurationMs(t.unimprovedSpentLimit) : null;
  const steps = t?.stepCountLimit ?? null;
  return {
    spentLimitMs: Math.min(spent, PLATFORM_MAX_SPENT_MS),
    unimprovedSpentLimitMs: unimproved,
    stepCountLimit: steps,
    diminishedReturns:
      unimproved === null && steps === null
        ? {
            slidingWindowMs: t?.slidingWindowDuration
              ? parseDurationMs(t.slidingWindowDuration)
              : DEFAULT_SLIDING_WINDOW_MS,
            minimumImprovementRatio: t?.minimumImprovementRatio ?? DEFAULT_MINIMUM_IMPROVEMENT_RATIO,
          }
        : null,
  };
}

/** What the host remembers between slices (serializable: it is checkpointed with the run). */
export interface TerminationProgress {
  /** Wall time when solving became active (ms since epoch). */
  activeAtMs: number;
  /** Wall time of the last improvement of the best score. */
  lastImprovementAtMs: number;
  /** Best score at slice boundaries, oldest first, for diminished returns. */
  samples: Array<{ atMs: number; best: Score }>;
  /** Improvement over the first sliding window, once measured. */
  initialImprovement: Score | null;
}

export function startProgress(nowMs: number, best: Score): TerminationProgress {
  return { activeAtMs: nowMs, lastImprovementAtMs: nowMs, samples: [{ atMs: nowMs, best }], initialImprovement: null };
}

export type StopReason = "SPENT_LIMIT" | "UNIMPROVED_SPENT_LIMIT" | "STEP_COUNT_LIMIT" | "DIMINISHED_RETURNS";

/**
 * Record the state at a slice boundary and decide whether to stop. Mutates `progress`.
 * `improved` says whether the best score improved during the slice that just ended.
 */
export function checkTermination(
  policy: TerminationPolicy,
  progress: TerminationProgress,
  nowMs: number,
  steps: number,
  best: Score,
  improved: boolean,
): StopReason | null {
  if (improved) progress.lastImprovementAtMs = nowMs;
  if (policy.stepCountLimit !== null && steps >= policy.stepCountLimit) return "STEP_COUNT_LIMIT";
  if (nowMs - progress.activeAtMs >= policy.spentLimitMs) return "SPENT_LIMIT";
  if (policy.unimprovedSpentLimitMs !== null && nowMs - progress.lastImprovementAtMs >= policy.unimprovedSpentLimitMs) {
    return "UNIMPROVED_SPENT_LIMIT";
  }
  const dr = policy.diminishedReturns;
  if (!dr) return null;

  const window = dr.slidingWindowMs;
  // Samples at least 1/SAMPLES_PER_WINDOW of the window apart: the progress is stored with the run after every slice
  // (Durable Object storage), so it stays a few kB; the window then starts at most that much earlier than exact.
  const last = progress.samples[progress.samples.length - 1];
  if (!last || nowMs - last.atMs >= window / SAMPLES_PER_WINDOW) progress.samples.push({ atMs: nowMs, best });
  if (progress.initialImprovement === null) {
    if (nowMs - progress.activeAtMs < window) return null;
    progress.initialImprovement = subtract(best, progress.samples[0].best);
  }
  // Keep one sample at or before the window start, drop older ones.
  while (progress.samples.length > 2 && progress.samples[1].atMs <= nowMs - window) progress.samples.shift();
  const windowStart = progress.samples[0];
  if (nowMs - windowStart.atMs < window) return null;
  const recent = subtract(best, windowStart.best);
  return belowRatio(recent, progress.initialImprovement, dr.minimumImprovementRatio) ? "DIMINISHED_RETURNS" : null;
}

function subtract(a: Score, b: Score): Score {
  return { hard: a.hard - b.hard, medium: a.medium - b.medium, soft: a.soft - b.soft };
}

/**
 * Compare improvements level by level (hard before medium before soft): any improvement on a level above the first
 * level the initial window improved keeps the run going; otherwise the ratio on that level decides.
 */
function belowRatio(recent: Score, initial: Score, ratio: number): boolean {
  for (const level of ["hard", "medium", "soft"] as const) {
    if (initial[level] !== 0) return recent[level] / initial[level] < ratio;
    if (recent[level] > 0) return false;
  }
  return true; // No improvement at all in the first window: more time will not help.
}
