/**
 * Geometry of the board, kept free of the DOM so it can be tested in Node: the time range and scale of a zoom
 * level, and the packing of each row's shifts into lanes (shifts that overlap in time go on separate lanes, so an
 * employee's double booking and the unassigned pile stay visible).
 */
import { MINUTES_PER_DAY, type Clock } from "../state/time";

export type Zoom = "day" | "week";

/** Pixels per hour: "day" shows about one day on a screen, "week" about seven. */
export const PX_PER_HOUR: Record<Zoom, number> = { day: 56, week: 8 };

export interface TimeRange {
  /** Epoch minutes of the first local midnight shown. */
  start: number;
  days: number;
}

export function timeRange(clock: Clock, starts: ArrayLike<number>, ends: ArrayLike<number>): TimeRange {
  if (starts.length === 0) return { start: clock.dayStart(Math.floor(Date.now() / 60_000)), days: 7 };
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < starts.length; i++) {
    min = Math.min(min, starts[i]);
    max = Math.max(max, ends[i]);
  }
  const start = clock.dayStart(min);
  return { start, days: Math.max(1, Math.ceil((max - start) / MINUTES_PER_DAY)) };
}

export function xOf(minutes: number, range: TimeRange, zoom: Zoom): number {
  return ((minutes - range.start) / 60) * PX_PER_HOUR[zoom];
}

export function widthOf(range: TimeRange, zoom: Zoom): number {
  return range.days * 24 * PX_PER_HOUR[zoom];
}

/**
 * Greedy interval packing: shifts by start time, each on the first lane free at its start. Returns the lane of each
 * given shift (same order as `shifts`) and the number of lanes (at least 1).
 */
export function packLanes(shifts: readonly number[], starts: ArrayLike<number>, ends: ArrayLike<number>): { lane: Map<number, number>; lanes: number } {
  const order = [...shifts].sort((a, b) => starts[a] - starts[b] || ends[a] - ends[b] || a - b);
  const laneEnds: number[] = [];
  const lane = new Map<number, number>();
  for (const s of order) {
    let l = laneEnds.findIndex((end) => end <= starts[s]);
    if (l < 0) {
      l = laneEnds.length;
      laneEnds.push(0);
    }
    laneEnds[l] = ends[s];
    lane.set(s, l);
  }
  return { lane, lanes: Math.max(1, laneEnds.length) };
}
