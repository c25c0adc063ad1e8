/**
 * One slice of search and the calibration of the next, for every host of a SolverSession: the DatasetObject, the
 * SearchObject and the browser's solver worker (README "Slices and checkpoints").
 *
 * A slice is synchronous: it holds its thread (under `wrangler dev` every Durable Object shares one) for its whole
 * length, so requests and messages wait behind it. It is bounded by work units, never by reading the clock inside
 * the engine, and the units of the next slice come from the wall time of this one. In production Workers the clock
 * only advances across I/O, so two reads around synchronous code measure 0: the runner yields a turn of the event
 * loop on both sides of the slice and, when the clock did not move during the slice, reads it again after the turn.
 */
import type { SolverSession } from "./session";

/** Search time one slice should take: short enough that requests (or a Stop button) wait at most about this long. */
export const SLICE_TARGET_MS = 50;
/** Units of a run's first slice, before any calibration. */
export const FIRST_SLICE_UNITS = 20_000;
export const MIN_SLICE_UNITS = 1_000;
export const MAX_SLICE_UNITS = 50_000_000;
/** The next slice does at most this many times the units of the last: one fast reading cannot make it huge. */
export const MAX_SLICE_GROWTH = 4;

/** Units for the next slice, given what the last one did in how long. */
export function nextSliceUnits(units: number, unitsDone: number, elapsedMs: number, targetMs = SLICE_TARGET_MS): number {
  // A slice that did nothing (its budget was capped to 0, or the run is over) says nothing about the speed.
  if (unitsDone <= 0) return units;
  const calibrated = Math.round((unitsDone / Math.max(1, elapsedMs)) * targetMs);
  return Math.min(MAX_SLICE_UNITS, units * MAX_SLICE_GROWTH, Math.max(MIN_SLICE_UNITS, calibrated));
}

export interface SliceOutcome {
  unitsDone: number;
  /** Wall time of the slice (with the turn after it where the clock stands still in synchronous code). */
  elapsedMs: number;
  /** Units for the next slice. */
  nextUnits: number;
}

export interface SliceOptions {
  /** At most this many units, e.g. what is left of a step count limit. @default no cap */
  cap?: number;
  /** Wall time the next slice should take. @default SLICE_TARGET_MS */
  targetMs?: number;
  /** One turn of the host's event loop. @default a 0 ms timer */
  turn?: () => Promise<void>;
  /** The host's clock in ms. @default performance.now */
  now?: () => number;
}

const timerTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Yields one turn (the runtime reads its sockets, a worker its messages), runs at most `units` (or `cap`) units, yields
 * again and calibrates the next slice from the slice's time.
 */
export async function runSlice(session: SolverSession, units: number, options: SliceOptions = {}): Promise<SliceOutcome> {
  const turn = options.turn ?? timerTurn;
  const now = options.now ?? (() => performance.now());
  await turn();
  const startedAt = now();
  const budget = Math.max(0, Math.min(units, options.cap ?? Infinity));
  const { unitsDone } = budget > 0 ? session.runSlice(budget) : { unitsDone: 0 };
  let elapsedMs = now() - startedAt;
  await turn();
  if (elapsedMs <= 0) elapsedMs = now() - startedAt;
  return { unitsDone, elapsedMs, nextUnits: nextSliceUnits(units, unitsDone, elapsedMs, options.targetMs) };
}
