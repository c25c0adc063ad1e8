/**
 * Time-span queries of one employee's span list (layout.ts: SPAN_WORDS words per span, sorted by start). Spans may
 * overlap (weighted and tag-filtered spans are not merged), so a query scans back to the first span that can still
 * reach the shift: start >= shiftStart - longest span of the list. Spans whose tag filter rejects the shift are
 * skipped (reference `TagAwareDateTimeSpan`).
 */
import { SPAN_WORDS } from "./layout";
import { filterMatches, overlapMinutes, SR_END, SR_START, sf, ef } from "./problem";

/** First span index in [from, to) whose start is >= minute. */
function lowerBound(spans: StaticArray<i32>, from: i32, to: i32, minute: i32): i32 {
  let lo = from, hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (unchecked(spans[mid * SPAN_WORDS]) < minute) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** `field` is the employee-record field of the span list (ER_UNAVAILABLE ...). Σ over matching spans of (minutes of shift s inside the span) × (span weight when `weighted`, else 1). */
export function overlapWeighted(spans: StaticArray<i32>, field: i32, e: i32, s: i32, longest: i32, weighted: bool): i64 {
  const from = ef(e, field), to = ef(e + 1, field);
  if (from == to) return 0;
  const start = sf(s, SR_START), end = sf(s, SR_END);
  let total: i64 = 0;
  for (let i = lowerBound(spans, from, to, start - longest); i < to; i++) {
    const at = i * SPAN_WORDS;
    const spanStart = unchecked(spans[at]);
    if (spanStart >= end) break;
    const minutes = overlapMinutes(start, end, spanStart, unchecked(spans[at + 1]));
    if (minutes == 0 || !filterMatches(unchecked(spans[at + 3]), s)) continue;
    total += weighted ? <i64>minutes * <i64>unchecked(spans[at + 2]) : <i64>minutes;
  }
  return total;
}

/** Minutes of shift s covered by the union of the matching spans (each minute once). */
export function coveredMinutes(spans: StaticArray<i32>, field: i32, e: i32, s: i32, longest: i32): i32 {
  const from = ef(e, field), to = ef(e + 1, field);
  const start = sf(s, SR_START), end = sf(s, SR_END);
  let frontier = start;
  let covered = 0;
  for (let i = lowerBound(spans, from, to, start - longest); i < to; i++) {
    const at = i * SPAN_WORDS;
    const spanStart = unchecked(spans[at]);
    if (spanStart >= end) break;
    const spanEnd = min(unchecked(spans[at + 1]), end);
    if (spanEnd <= frontier || !filterMatches(unchecked(spans[at + 3]), s)) continue;
    // Sorted by start, so the union grows left to right: count only what lies beyond the frontier.
    covered += spanEnd - max(frontier, spanStart);
    frontier = spanEnd;
  }
  return covered;
}
