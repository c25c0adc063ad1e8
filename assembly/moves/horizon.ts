/**
 * Horizon re-roster (README "Nurse rostering benchmark"): one employee's days over a window of HORIZON_DAYS days
 * (two weeks: the whole horizon of the small benchmark instances, half of it on the four-week ones) are cleared and
 * chosen again by a beam search over the days, each day off or one of the day's open shifts. A partial roster (a
 * node: its choices for the days so far) is scored by the core's own incremental scorer, never by a copy of a
 * rule: its changes are applied on top of the cleared window (compound.ts compoundChange) and each option of the
 * next day scored against that (score.ts evalChange); the next node's path then replaces it from the last day the
 * two share (switchTo: the later changes taken back, compoundPop, and the other node's applied). From each node the
 * children are the day off and the best open shift of each kind (same length, key skill and tags: on the
 * benchmark a shift type, or its over-cover copy) among up to DAY_EVALS open shifts of the day, at most
 * BRANCH of them; of all children only the best per state is kept (the kind worked on the last day, or off, and
 * how long the current run of work or of days off is, capped: what the sequence rules read next), then the
 * BEAM best. The remaining rules (weekends, minutes, shifts per kind) are in the exact score of each partial
 * roster but not in the state. The best complete roster is applied and scored change by change as one compound
 * move, accepted or undone like the others; where the short windows of the re-roster (reroster.ts) re-cut at
 * most a week, this re-plans two weeks of one employee at once (a run moved and another retyped in one move).
 */
import { isPinned, sf, SR_START, SR_END, SR_KEY_SKILL, SR_TAGS, shiftTags, shiftsByStart, shiftCount, firstRankFrom } from "../problem";
import { assignment } from "../state";
import { evalChange, pHard, pMedium, pSoft, dHard, dMedium, dSoft, isBetter } from "../score";
import { rngBelow } from "../rng";
import { compoundBegin, compoundChange, compoundCount, compoundFrom, compoundPop, compoundShift, compoundUndo } from "./compound";
import { clearWindow, holdsIn } from "./run";
import { DAY_MINUTES } from "../calendar";

/** Days of the window (at most this many cleared and as many taken: within compound.ts COMPOUND_MAX). */
export const HORIZON_DAYS: i32 = 14;
/** Days of a pair re-roster's window (two employees: at most 4 × this many changes, within COMPOUND_MAX). */
const PAIR_DAYS: i32 = 7;
/** Nodes kept per day, and children per node besides the day off. */
const BEAM: i32 = 4;
const BRANCH: i32 = 2;
/** Open shifts of a day scored per node (from a random start-order position of the day). */
const DAY_EVALS: i32 = 8;
/** Runs of work, and of days off, longer than these count as these in a node's state. */
const RUN_CAP: i32 = 6;
const OFF_CAP: i32 = 3;
const CHILDREN: i32 = BEAM * (BRANCH + 1);

// The nodes of every day: node i of day d at d * BEAM + i (its parent at (d - 1) * BEAM + nodeParent).
const nodeParent = new StaticArray<i32>(HORIZON_DAYS * BEAM);
const nodeShift = new StaticArray<i32>(HORIZON_DAYS * BEAM);
const nodeKind = new StaticArray<i32>(HORIZON_DAYS * BEAM);
const nodeRun = new StaticArray<i32>(HORIZON_DAYS * BEAM);
const nodeOff = new StaticArray<i32>(HORIZON_DAYS * BEAM);
// The children of one day, before the selection.
const childParent = new StaticArray<i32>(CHILDREN);
const childShift = new StaticArray<i32>(CHILDREN);
const childKind = new StaticArray<i32>(CHILDREN);
const childRun = new StaticArray<i32>(CHILDREN);
const childOff = new StaticArray<i32>(CHILDREN);
const childScore = new StaticArray<i64>(3 * CHILDREN);
const childAlive = new StaticArray<bool>(CHILDREN);
// The best option per kind of one node's day.
const optShift = new StaticArray<i32>(DAY_EVALS);
const optKind = new StaticArray<i32>(DAY_EVALS);
const optScore = new StaticArray<i64>(3 * DAY_EVALS);
// The applied path (switchTo): its node per day up to pathDay (-1: none), and the day of each of its changes.
const pathNode = new StaticArray<i32>(HORIZON_DAYS);
const changeDay = new StaticArray<i32>(HORIZON_DAYS);
const target = new StaticArray<i32>(HORIZON_DAYS);
let pathDay = -1;
let pathChanges = 0;

/** The kind of shift s (its length, key skill and tags), 0 for none: two shifts of one kind read alike to the rules. */
function kindOf(s: i32): i32 {
  let k = (sf(s, SR_END) - sf(s, SR_START)) * 31 + sf(s, SR_KEY_SKILL) + 2;
  for (let i = sf(s, SR_TAGS), end = sf(s + 1, SR_TAGS); i < end; i++) k = k * 131 + unchecked(shiftTags[i]) + 1;
  return k == 0 ? 1 : k;
}

/**
 * Makes the path of node `i` of day `d` (d = -1: the empty path) the applied one for e: takes back the applied
 * path's changes after the last day on which the two agree (the same node), then applies the target's shifts of
 * the days after it, oldest first. The beam's nodes of one day mostly share their early days, so moving from one
 * node to the next changes a few days instead of replaying the whole path.
 */
function switchTo(e: i32, d: i32, i: i32): void {
  for (let day = d; day >= 0; day--) {
    unchecked(target[day] = i);
    i = unchecked(nodeParent[day * BEAM + i]);
  }
  let agree = min(d, pathDay);
  while (agree >= 0 && unchecked(pathNode[agree]) != unchecked(target[agree])) agree--;
  while (pathChanges > 0 && unchecked(changeDay[pathChanges - 1]) > agree) {
    compoundPop();
    pathChanges--;
  }
  for (let day = agree + 1; day <= d; day++) {
    const node = unchecked(target[day]);
    unchecked(pathNode[day] = node);
    const s = unchecked(nodeShift[day * BEAM + node]);
    if (s < 0) continue;
    compoundChange(s, -1, e);
    unchecked(changeDay[pathChanges++] = day);
  }
  pathDay = d;
}

function addChild(n: i32, parent: i32, s: i32, kind: i32, run: i32, off: i32, h: i64, m: i64, sc: i64): i32 {
  unchecked(childParent[n] = parent);
  unchecked(childShift[n] = s);
  unchecked(childKind[n] = kind);
  unchecked(childRun[n] = run);
  unchecked(childOff[n] = off);
  unchecked(childScore[3 * n] = h);
  unchecked(childScore[3 * n + 1] = m);
  unchecked(childScore[3 * n + 2] = sc);
  unchecked(childAlive[n] = true);
  return n + 1;
}

function childBetter(a: i32, b: i32): bool {
  return isBetter(unchecked(childScore[3 * a]), unchecked(childScore[3 * a + 1]), unchecked(childScore[3 * a + 2]),
    unchecked(childScore[3 * b]), unchecked(childScore[3 * b + 1]), unchecked(childScore[3 * b + 2]));
}

/**
 * The children of node `i` of day `d - 1` (i = -1: the root) on the day starting at dayLo, from index n on; returns
 * the new count. The node's path is applied (switchTo) while its options are scored, and stays applied.
 */
function expand(e: i32, d: i32, i: i32, dayLo: i32, n: i32): i32 {
  switchTo(e, d - 1, i);
  const h0 = dHard, m0 = dMedium, s0 = dSoft;
  const prevKind = d > 0 ? unchecked(nodeKind[(d - 1) * BEAM + i]) : 0;
  const run = d > 0 ? unchecked(nodeRun[(d - 1) * BEAM + i]) : 0, off = d > 0 ? unchecked(nodeOff[(d - 1) * BEAM + i]) : 0;
  // The day off.
  n = addChild(n, i, -1, 0, 0, min(OFF_CAP, off + 1), h0, m0, s0);
  // The best open shift of each kind among up to DAY_EVALS of the day.
  let kinds = 0;
  if (!holdsIn(e, dayLo, dayLo + DAY_MINUTES)) {
    const r0 = firstRankFrom(dayLo), count = firstRankFrom(dayLo + DAY_MINUTES) - r0;
    let p = count > 0 ? rngBelow(count) : 0, done = 0;
    for (let j = 0; j < count && done < DAY_EVALS; j++) {
      const s = unchecked(shiftsByStart[r0 + p]);
      if (++p == count) p = 0;
      if (unchecked(assignment[s]) >= 0 || isPinned(s)) continue;
      evalChange(s, -1, e);
      done++;
      const k = kindOf(s);
      let o = 0;
      while (o < kinds && unchecked(optKind[o]) != k) o++;
      if (o == kinds) {
        kinds++;
        unchecked(optKind[o] = k);
      } else if (!isBetter(pHard, pMedium, pSoft, unchecked(optScore[3 * o]), unchecked(optScore[3 * o + 1]), unchecked(optScore[3 * o + 2]))) continue;
      unchecked(optShift[o] = s);
      unchecked(optScore[3 * o] = pHard);
      unchecked(optScore[3 * o + 1] = pMedium);
      unchecked(optScore[3 * o + 2] = pSoft);
    }
  }
  // The BRANCH best kinds (selection by repeated scans: a few of at most DAY_EVALS).
  for (let b = 0; b < BRANCH && b < kinds; b++) {
    let best = -1;
    for (let o = 0; o < kinds; o++) {
      if (unchecked(optShift[o]) < 0) continue;
      if (best < 0 || isBetter(unchecked(optScore[3 * o]), unchecked(optScore[3 * o + 1]), unchecked(optScore[3 * o + 2]),
        unchecked(optScore[3 * best]), unchecked(optScore[3 * best + 1]), unchecked(optScore[3 * best + 2]))) best = o;
    }
    if (best < 0) break;
    const k = unchecked(optKind[best]);
    n = addChild(n, i, unchecked(optShift[best]), k, prevKind != 0 ? min(RUN_CAP, run + 1) : 1, 0,
      h0 + unchecked(optScore[3 * best]), m0 + unchecked(optScore[3 * best + 1]), s0 + unchecked(optScore[3 * best + 2]));
    unchecked(optShift[best] = -1);
  }
  return n;
}

/** Keeps the best child per state, then the BEAM best, as the nodes of day d; returns how many. */
function select(d: i32, n: i32): i32 {
  for (let a = 0; a < n; a++) {
    if (!unchecked(childAlive[a])) continue;
    for (let b = a + 1; b < n; b++) {
      if (!unchecked(childAlive[b]) || unchecked(childKind[a]) != unchecked(childKind[b]) ||
        unchecked(childRun[a]) != unchecked(childRun[b]) || unchecked(childOff[a]) != unchecked(childOff[b])) continue;
      if (childBetter(b, a)) {
        unchecked(childAlive[a] = false);
        break;
      }
      unchecked(childAlive[b] = false);
    }
  }
  let kept = 0;
  while (kept < BEAM) {
    let best = -1;
    for (let a = 0; a < n; a++) if (unchecked(childAlive[a]) && (best < 0 || childBetter(a, best))) best = a;
    if (best < 0) break;
    unchecked(childAlive[best] = false);
    const at = d * BEAM + kept;
    unchecked(nodeParent[at] = childParent[best]);
    unchecked(nodeShift[at] = childShift[best]);
    unchecked(nodeKind[at] = childKind[best]);
    unchecked(nodeRun[at] = childRun[best]);
    unchecked(nodeOff[at] = childOff[best]);
    kept++;
  }
  return kept;
}

/**
 * The first minute of a window of `days` days around shift `anchor`'s start, at a random offset, kept within the
 * schedule's days.
 */
function windowAround(anchor: i32, days: i32): i32 {
  const first = sf(unchecked(shiftsByStart[0]), SR_START), last = sf(unchecked(shiftsByStart[shiftCount - 1]), SR_START);
  let lo = sf(anchor, SR_START) - rngBelow(days) * DAY_MINUTES;
  while (lo + DAY_MINUTES <= first) lo += DAY_MINUTES;
  while (lo > first && lo + (days - 1) * DAY_MINUTES > last) lo -= DAY_MINUTES;
  return lo;
}

/**
 * Chooses employee e's days of the (cleared) window of `days` days from minute lo again by the beam search and
 * applies the best roster (there always is one: every node has the day off among its children).
 */
function rosterWindow(e: i32, lo: i32, days: i32): void {
  pathDay = -1;
  pathChanges = 0;
  let alive = 0;
  for (let d = 0; d < days; d++) {
    const dayLo = lo + d * DAY_MINUTES;
    let n = 0;
    if (d == 0) n = expand(e, 0, -1, dayLo, 0);
    else for (let i = 0; i < alive; i++) n = expand(e, d, i, dayLo, n);
    alive = select(d, n);
  }
  // Node 0 of the last day is the best complete roster (select keeps the best first).
  switchTo(e, days - 1, 0);
}

/** Whether every shift the move cleared first (its first `cleared` changes) is back with its holder: no move. */
function unchanged(cleared: i32): bool {
  if (compoundCount != 2 * cleared) return false;
  for (let j = 0; j < cleared; j++) if (unchecked(assignment[compoundShift(j)]) != compoundFrom(j)) return false;
  return true;
}

/**
 * Builds and applies a horizon re-roster of employee e over HORIZON_DAYS days around the start of shift `anchor`
 * (the window kept within the schedule's days), as a compound move (compound.ts); returns the number of changes
 * (0: nothing applied, or the best roster found is the one e had).
 */
export function applyHorizonReroster(e: i32, anchor: i32): i32 {
  compoundBegin();
  if (e < 0 || shiftCount == 0) return 0;
  const lo = windowAround(anchor, HORIZON_DAYS);
  clearWindow(e, lo, lo + HORIZON_DAYS * DAY_MINUTES, HORIZON_DAYS);
  const nCleared = compoundCount;
  rosterWindow(e, lo, HORIZON_DAYS);
  if (unchanged(nCleared)) return compoundUndo();
  return compoundCount;
}

/**
 * Builds and applies a pair re-roster: employees e and f both cleared over PAIR_DAYS days around the start of shift
 * `anchor`, then e's days chosen again by the beam search (f's shifts of the window among its options), then f's
 * from what e left; a two-employee exchange over a week (on the benchmark: one takes the other's weekend day and
 * gives it a weekday) scored as one compound move. Returns the number of changes (0: nothing applied or no change).
 */
export function applyPairReroster(e: i32, f: i32, anchor: i32): i32 {
  compoundBegin();
  if (e < 0 || f < 0 || e == f || shiftCount == 0) return 0;
  const lo = windowAround(anchor, PAIR_DAYS), hi = lo + PAIR_DAYS * DAY_MINUTES;
  clearWindow(e, lo, hi, PAIR_DAYS);
  clearWindow(f, lo, hi, PAIR_DAYS);
  const nCleared = compoundCount;
  rosterWindow(e, lo, PAIR_DAYS);
  rosterWindow(f, lo, PAIR_DAYS);
  if (unchanged(nCleared)) return compoundUndo();
  return compoundCount;
}
