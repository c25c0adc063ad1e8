/**
 * Cover move (README "Nurse rostering benchmark"): an open shift that costs (an under-covered day and type) is
 * taken by one employee, who leaves what overlaps it that day (a day's shift type changed), or, on a day off, half
 * of the time gives up one of its shifts within a week (a day of work moved; chain.ts drawNearby); a released
 * shift that costs when open is then taken over by the holder of an equivalent shift that costs less when open
 * (same start and end, the same key skill, every tag of the released one: on the benchmark an over-cover copy of
 * the same day and type), who leaves that one. Without this hand-over, moving an employee from an over-covered type
 * to an under-covered one leaves a regular copy open and an over-cover copy held, which the score sees as no change
 * (one open copy for another) where the benchmark's cover counts one slot more; with it the move is scored as it
 * counts. Scored change by change and accepted or undone as one (compound.ts).
 */
import {
  isPinned, sf, SR_START, SR_END, SR_WEIGHT, SR_KEY_SKILL, SR_TAGS, shiftTags, shiftsByStart, firstRankFrom, intersectionSize,
  holdsSkillFor, maxShiftDuration,
} from "../problem";
import { assignment } from "../state";
import { rngBelow } from "../rng";
import { compoundBegin, compoundChange, compoundCount, compoundRoom, compoundUndo } from "./compound";
import { costsOpen, take, released, drawNearby } from "./chain";

/** Start-order positions of the released shift's start scanned for an equivalent held shift. */
const TWIN_SCAN: i32 = 256;

/** Whether shift y can stand for x: same start, end and key skill, and every tag of x. */
function twinOf(x: i32, y: i32): bool {
  if (sf(y, SR_END) != sf(x, SR_END) || sf(y, SR_KEY_SKILL) != sf(x, SR_KEY_SKILL)) return false;
  const xFrom = sf(x, SR_TAGS), xTo = sf(x + 1, SR_TAGS);
  return intersectionSize(shiftTags, xFrom, xTo, shiftTags, sf(y, SR_TAGS), sf(y + 1, SR_TAGS)) == xTo - xFrom;
}

/**
 * A held, unpinned shift that costs less open than open shift x, its holder not `e`, drawn uniformly among the
 * first TWIN_SCAN start-order positions of those it may be: with `twin`, one that can stand for x (twinOf),
 * starting when x does; else one overlapping x whose holder holds x's key skill. -1 when there is none.
 */
function cheaperHeld(x: i32, e: i32, twin: bool): i32 {
  const start = sf(x, SR_START), weight = sf(x, SR_WEIGHT), key = sf(x, SR_KEY_SKILL);
  const from = firstRankFrom(twin ? start : start - maxShiftDuration + 1);
  const to = min(from + TWIN_SCAN, firstRankFrom(twin ? start + 1 : sf(x, SR_END)));
  let found = -1, seen = 0;
  for (let p = from; p < to; p++) {
    const y = unchecked(shiftsByStart[p]);
    const f = unchecked(assignment[y]);
    if (f < 0 || f == e || sf(y, SR_WEIGHT) >= weight || isPinned(y)) continue;
    if (twin ? !twinOf(x, y) : sf(y, SR_END) <= start || (key >= 0 && !holdsSkillFor(f, key, x))) continue;
    if (rngBelow(++seen) == 0) found = y;
  }
  return found;
}

/**
 * The holder of a cheaper shift overlapping open shift x who holds x's key skill (cheaperHeld), -1 when there is
 * none. The cover move's employee half of the time: someone at work then on something that matters less (on the
 * benchmark, an over-cover copy of an over-covered type that day) works x instead, a day's shift type changed. A
 * sampled employee finds such a move about once in a few hundred tries where a day has a few such holders among a
 * hundred employees.
 */
export function cheaperHolder(x: i32): i32 {
  const y = cheaperHeld(x, -1, false);
  return y < 0 ? -1 : unchecked(assignment[y]);
}

/**
 * Builds and applies a cover move: employee e takes open shift s, and each released shift that costs open is
 * taken over by the holder of a cheaper twin (handOver). Returns the number of changes (0: nothing applied).
 */
export function applyCoverMove(s: i32, e: i32): i32 {
  compoundBegin();
  if (e < 0 || unchecked(assignment[s]) >= 0) return 0;
  const n = take(s, e);
  if (n < 0) return compoundUndo();
  for (let j = 0; j < n; j++) handOver(unchecked(released[j]), e);
  if (n == 0 && rngBelow(2) == 0) {
    // A day off turned into a day of work: half of the time e gives up one of its shifts within a week instead
    // (a day of work moved to where it is missing, the minutes and the number of days kept).
    const x = drawNearby(e, sf(s, SR_START), s);
    if (x >= 0 && compoundRoom(1)) {
      compoundChange(x, e, -1);
      handOver(x, e);
    }
  }
  return compoundCount;
}

/**
 * Released shift x, when it costs open, is taken over by the holder of a cheaper twin (cheaperHeld), not e (also
 * for the shifts a run relocation gives up, relocate.ts).
 */
export function handOver(x: i32, e: i32): void {
  if (!costsOpen(x) || !compoundRoom(2)) return;
  const y = cheaperHeld(x, e, true);
  if (y < 0) return;
  const f = unchecked(assignment[y]);
  compoundChange(y, f, -1);
  compoundChange(x, -1, f);
}
