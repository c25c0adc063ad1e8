/**
 * Contract rules as EMPLOYEE-SCOPED units (constraints/catalog.ts describes the kinds): each compiled rule of an
 * employee (a *slot*: one entry of the employee's rule list) has a cached penalty, the rule evaluated over the
 * employee's whole time-ordered list. A change is scored without applying it: for each employee it touches, the
 * rules that can see a moved shift are evaluated on a *window* of the list around the move (view.ts: the list as it
 * is, and as the move would leave it: without the shift that leaves, with the one that arrives), and the new value
 * is (pending or cached) + (window after − window before). A rule's penalty and matches are sums of terms (periods,
 * pairs, runs, windows of days); each family's `*Window` function picks a window holding every term the move can
 * change, so the difference is exact while a move's cost no longer grows with the employee's horizon. Windowed:
 * every period rule (cost definitions included), every sequence rule, shift sequence patterns, rolling
 * windows except minutes off and ABSENCE_AWARE maximums; those and scoped disruption are evaluated over the whole
 * list (the new value directly). Period and rolling window rules counting a shift on its start day (no
 * START_AND_END, no rolling `condition`) evaluate the window once: the per-day aggregation of the window as it is is
 * patched with the moved shifts and scored again (period-rules.ts / rolling-window.ts `patchMove`, `evaluatePatched`).
 * A period rule whose one period is the whole schedule and whose value is a sum (minutes, shifts, a cost's minutes,
 * weekends worked: period-rules.ts `runningTotal`) would have the whole list as its window: its value is kept per
 * slot instead, and a move adds the moved shifts' contributions (`totalDelta`) to it.
 *
 * Values of a move in progress are *pending* until the move commits; a compound move (ruin and recreate) reads its
 * earlier changes' pending values as the current ones. `evalChange` probes collect their values in the *probe*
 * buffer, which `addChangeDelta` merges into pending; a rejected move's pending values are dropped by the next
 * resetDelta. The from-scratch score re-evaluates every slot from the solution's lists, never the cache, so the
 * incremental-vs-from-scratch fuzz test covers every rule like any other constraint.
 *
 * The rules themselves: period-rules.ts (with period-limits.ts), sequence-rules.ts (rest, gaps, sequences), rolling-window.ts,
 * shift-patterns.ts.
 * Match counts are cached per slot too, so each constraint's match count is kept current at commit (O(1) to read).
 * The from-scratch score (`penaltyFull`), `rebuild` and the explanations (`recordMatches`) evaluate whole lists.
 */
import {
  RW_KIND, RW_CONSTRAINT, RW_FILTER, RW_FILTER2, RW_FILTER3, RW_P3, K_PERIOD_CONSECUTIVE_WEEKENDS_OFF,
  K_MINUTES_BETWEEN, K_GAPS, K_ROLLING_MINUTES, K_ROLLING_MINUTES_OFF, K_SCOPED_DISRUPTION, CONDITION_NONE, K_PERIOD_COST,
  RW_P1, K_PERIOD_DAYS_OFF_RUN, K_PERIOD_MINUTES_LOGGED, K_ROLLING_DAYS_OFF_RUN, K_CONSECUTIVE_DAYS, K_CONSECUTIVE_SHIFTS,
  K_TIME_OFF_AFTER_SEQUENCE, RUNS_COMPACT, RUNS_BETWEEN,
} from "../layout";
import { MatchRecords, RECORD_WORDS } from "../match-records";
import { employeeCount, ruleCount, employeeRulesOff, employeeRules, employeeTz } from "../problem";
import { listLength } from "../state";
import {
  buildView, buildWholeView, rw, passes, initView, startRecording, stopRecording, setRecordOwner, contractRecords, startDay,
  locateMove, windowFrom, windowTo, viewSerial, termDayFrom, termDayTo, ALL_DAYS_FROM, ALL_DAYS_TO,
} from "./view";
import * as period from "./period-rules";
import * as sequence from "./sequence-rules";
import * as rolling from "./rolling-window";
import * as scoped from "./scoped-disruption";
import * as patterns from "./shift-patterns";
import * as rotation from "./rotation";
import { MASK_CAPACITY, newMask, markId, clearMask, orMask } from "../id-mask";
import { enabled, touched, isRuleConstraint, constraintLevel, isReward } from "./catalog";
import * as limits from "./period-limits";
import { LEVEL_HARD, LEVEL_SOFT, K_MULTI_DAY_PATTERN, K_SINGLE_DAY_PATTERN, K_ROTATION } from "../layout";

/** Whether any employee has a contract rule (everything here is skipped otherwise). */
export let active = false;
/**
 * Per slot: whether the next slot of the same employee is a consecutive days rule counting the same runs
 * (sequence-rules.ts sameRuns), so that side() scores the two in one walk (sequence-rules.ts runPair). Each slot
 * pairs with one other at most.
 */
let slotPaired = new StaticArray<bool>(0);
/** Per slot (index into employeeRules): committed penalty and match count. */
let slotPenalty = new StaticArray<i64>(0);
let slotMatches = new StaticArray<i32>(0);
/**
 * Whether a slot's rule is a running total (period-rules.ts `runningTotal`); then per slot its committed value (the
 * arrays of totals are empty when no slot is one).
 */
let anyTotals = false;
let slotTotalled = new StaticArray<bool>(0);
let slotTotal = new StaticArray<i64>(0);
/** Per slot: its entry in the pending buffer, or -1. */
let slotPending = new StaticArray<i32>(0);
let pendSlot = new StaticArray<i32>(0);
let pendPenalty = new StaticArray<i64>(0);
let pendMatches = new StaticArray<i32>(0);
let pendTotal = new StaticArray<i64>(0);
let pendCount = 0;
let probeSlot = new StaticArray<i32>(0);
let probePenalty = new StaticArray<i64>(0);
let probeMatches = new StaticArray<i32>(0);
let probeTotal = new StaticArray<i64>(0);
let probeCount = 0;
/** Constraint ids whose raw delta the last add* call wrote (index.ts ORs it into `touched`). */
export const touchedMask = newMask();
/** Current match count per constraint id (contract constraints only), kept at commit. */
export let matchTotals = new StaticArray<i64>(MASK_CAPACITY);

let evPenalty: i64 = 0;
let evMatches: i32 = 0;

// @ts-ignore: decorator
@inline
function isPeriodRule(kind: i32): bool {
  return kind <= K_PERIOD_CONSECUTIVE_WEEKENDS_OFF || kind == K_PERIOD_COST ||
    (kind >= K_PERIOD_DAYS_OFF_RUN && kind <= K_PERIOD_MINUTES_LOGGED);
}

// @ts-ignore: decorator
@inline
function isSequenceRule(kind: i32): bool {
  return kind >= K_MINUTES_BETWEEN && kind <= K_GAPS;
}

// @ts-ignore: decorator
@inline
function isPatternRule(kind: i32): bool {
  return kind == K_MULTI_DAY_PATTERN || kind == K_SINGLE_DAY_PATTERN;
}

// @ts-ignore: decorator
@inline
function isRollingRule(kind: i32): bool {
  return (kind >= K_ROLLING_MINUTES && kind <= K_ROLLING_MINUTES_OFF) || kind == K_ROLLING_DAYS_OFF_RUN;
}

/** Evaluates rule r over the whole view (employee e, time zone group g) into evPenalty / evMatches. */
function evaluate(r: i32, g: i32, e: i32): void {
  evaluateTerms(r, g, e, ALL_DAYS_FROM, ALL_DAYS_TO, false);
}

/**
 * Evaluates rule r over the view into evPenalty / evMatches: of period and rolling window rules only the terms
 * reaching days [dayFrom, dayTo]; `plannedElsewhere`: the employee has planned work outside the view (rolling windows).
 */
function evaluateTerms(r: i32, g: i32, e: i32, dayFrom: i32, dayTo: i32, plannedElsewhere: bool): void {
  const kind = rw(r, RW_KIND);
  if (isPeriodRule(kind)) {
    period.evaluatePeriodRule(r, g, dayFrom, dayTo);
    evPenalty = period.evPenalty;
    evMatches = period.evMatches;
  } else if (isSequenceRule(kind)) {
    sequence.evaluateSequenceRule(r, g, e);
    evPenalty = sequence.evPenalty;
    evMatches = sequence.evMatches;
  } else if (isRollingRule(kind)) {
    rolling.evaluateRollingRule(r, g, e, dayFrom, dayTo, plannedElsewhere);
    evPenalty = rolling.evPenalty;
    evMatches = rolling.evMatches;
  } else if (isPatternRule(kind)) {
    patterns.evaluatePatternRule(r, g, dayFrom, dayTo);
    evPenalty = patterns.evPenalty;
    evMatches = patterns.evMatches;
  } else if (kind == K_ROTATION) {
    rotation.evaluateRotationRule(r, g, dayFrom, dayTo);
    evPenalty = rotation.evPenalty;
    evMatches = rotation.evMatches;
  } else if (kind == K_SCOPED_DISRUPTION) {
    scoped.evaluateScopedDisruption(r, g, e);
    evPenalty = scoped.evPenalty;
    evMatches = scoped.evMatches;
  } else {
    evPenalty = 0;
    evMatches = 0;
  }
}

/** Whether rule r is scored on a window of the list around a move, else over the whole list (module header). */
function windowed(r: i32): bool {
  const kind = rw(r, RW_KIND);
  return isPeriodRule(kind) || isSequenceRule(kind) || isPatternRule(kind) ||
    (isRollingRule(kind) && rolling.rollingWindowed(r)) || (kind == K_ROTATION && rotation.rotationWindowed(r));
}

/**
 * Sets the window of windowed rule r for the move locateMove recorded (view.ts windowFrom / windowTo, termDayFrom /
 * termDayTo); false when the move changes none of its terms.
 */
function setWindowFor(r: i32, g: i32): bool {
  const kind = rw(r, RW_KIND);
  if (isPeriodRule(kind)) return period.periodWindow(r, g);
  if (isSequenceRule(kind)) return sequence.sequenceWindow(r, g);
  if (isPatternRule(kind)) return patterns.patternWindow(r, g);
  if (kind == K_ROTATION) return rotation.rotationWindow(r, g);
  rolling.rollingWindow(r, g);
  return true;
}

/** Whether moving shift s can change rule r's value: s passes one of the filters the rule reads. */
// @ts-ignore: decorator
@inline
function sees(r: i32, s: i32): bool {
  const kind = rw(r, RW_KIND);
  // Scoped disruption reads the employee's submitted shifts and whatever it receives: any shift. Gaps pair
  // neighbours and chains of previous shifts are neighbours too: any shift in between breaks them.
  if (kind == K_SCOPED_DISRUPTION || kind == K_GAPS || (kind == K_MINUTES_BETWEEN && rw(r, RW_P1) > 1)) return true;
  if (kind == K_MINUTES_BETWEEN) return passes(rw(r, RW_FILTER2), s) || passes(rw(r, RW_FILTER3), s);
  if (passes(rw(r, RW_FILTER), s)) return true;
  return rw(r, RW_P3) != CONDITION_NONE && passes(rw(r, RW_FILTER2), s);
}

/** Sizes the caches; called when a solve starts (the lists are empty). */
export function initContracts(): void {
  const slots = employeeRules.length;
  active = slots > 0;
  slotPenalty = new StaticArray<i64>(slots);
  slotMatches = new StaticArray<i32>(slots);
  anyTotals = false;
  for (let e = 0; e < employeeCount && !anyTotals; e++) {
    for (let k = employeeRulesOff[e]; k < employeeRulesOff[e + 1]; k++) if (period.runningTotal(employeeRules[k], employeeTz[e])) anyTotals = true;
  }
  const totals = anyTotals ? slots : 0;
  slotTotalled = new StaticArray<bool>(totals);
  slotTotal = new StaticArray<i64>(totals);
  for (let e = 0; e < employeeCount && anyTotals; e++) {
    for (let k = employeeRulesOff[e]; k < employeeRulesOff[e + 1]; k++) slotTotalled[k] = period.runningTotal(employeeRules[k], employeeTz[e]);
  }
  slotPending = new StaticArray<i32>(slots);
  for (let i = 0; i < slots; i++) slotPending[i] = -1;
  slotPaired = new StaticArray<bool>(slots);
  for (let e = 0; e < employeeCount; e++) {
    for (let k = employeeRulesOff[e]; k + 1 < employeeRulesOff[e + 1]; k++) {
      if (sequence.sameRuns(employeeRules[k], employeeRules[k + 1])) slotPaired[k++] = true;
    }
  }
  breachCache = new StaticArray<i64>(3 * employeeCount);
  breachFresh = new StaticArray<bool>(employeeCount);
  // A move touches at most two employees: their slots bound the buffers.
  let widest = 0;
  for (let e = 0; e < employeeCount; e++) widest = max(widest, employeeRulesOff[e + 1] - employeeRulesOff[e]);
  pendSlot = new StaticArray<i32>(max(8, slots));
  pendPenalty = new StaticArray<i64>(max(8, slots));
  pendMatches = new StaticArray<i32>(max(8, slots));
  pendTotal = new StaticArray<i64>(anyTotals ? max(8, slots) : 0);
  probeSlot = new StaticArray<i32>(max(8, 2 * widest));
  probePenalty = new StaticArray<i64>(max(8, 2 * widest));
  probeMatches = new StaticArray<i32>(max(8, 2 * widest));
  probeTotal = new StaticArray<i64>(anyTotals ? max(8, 2 * widest) : 0);
  pendCount = 0;
  probeCount = 0;
  for (let i = 0; i < matchTotals.length; i++) matchTotals[i] = 0;
  if (active && ruleCount > 0) {
    initView();
    sequence.resetSequenceStarts();
    scoped.initScopedDisruption();
  }
}

/** Recomputes every slot from the solution's lists (after loading or replacing a solution). */
export function rebuild(): void {
  dropPending();
  for (let e = 0; e < breachFresh.length; e++) unchecked(breachFresh[e] = false);
  for (let i = 0; i < matchTotals.length; i++) matchTotals[i] = 0;
  if (!active) return;
  for (let e = 0; e < employeeCount; e++) {
    const from = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]);
    if (from == to) continue;
    const g = unchecked(employeeTz[e]);
    buildWholeView(e, g);
    for (let k = from; k < to; k++) {
      const r = unchecked(employeeRules[k]);
      evaluate(r, g, e);
      unchecked(slotPenalty[k] = evPenalty);
      unchecked(slotMatches[k] = evMatches);
      if (anyTotals) unchecked(slotTotal[k] = unchecked(slotTotalled[k]) ? period.evValue : 0);
      matchTotals[rw(r, RW_CONSTRAINT)] += evMatches;
    }
  }
}

/** Raw penalty of constraint `id` from scratch (independent of the caches); with `countMatches`, its matches. */
export function penaltyFull(id: i32, countMatches: bool): i64 {
  if (!active) return 0;
  let total: i64 = 0;
  for (let e = 0; e < employeeCount; e++) {
    const from = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]);
    let viewed = false;
    const g = unchecked(employeeTz[e]);
    for (let k = from; k < to; k++) {
      const r = unchecked(employeeRules[k]);
      if (rw(r, RW_CONSTRAINT) != id) continue;
      if (!viewed) {
        buildWholeView(e, g);
        viewed = true;
      }
      evaluate(r, g, e);
      total += countMatches ? <i64>evMatches : evPenalty;
    }
  }
  return total;
}

// @ts-ignore: decorator
@inline
function currentPenalty(k: i32): i64 {
  const p = unchecked(slotPending[k]);
  return p >= 0 ? unchecked(pendPenalty[p]) : unchecked(slotPenalty[k]);
}

// @ts-ignore: decorator
@inline
function currentMatches(k: i32): i32 {
  const p = unchecked(slotPending[k]);
  return p >= 0 ? unchecked(pendMatches[p]) : unchecked(slotMatches[k]);
}

// @ts-ignore: decorator
@inline
function currentTotal(k: i32): i64 {
  if (!anyTotals) return 0;
  const p = unchecked(slotPending[k]);
  return p >= 0 ? unchecked(pendTotal[p]) : unchecked(slotTotal[k]);
}

function probe(k: i32, penalty: i64, matches: i32, total: i64): void {
  unchecked(probeSlot[probeCount] = k);
  unchecked(probePenalty[probeCount] = penalty);
  unchecked(probeMatches[probeCount] = matches);
  if (anyTotals) unchecked(probeTotal[probeCount] = total);
  probeCount++;
}

/** Probes slot k (rule r) at its new value, when it differs from the current one (a running total's too). */
function change(k: i32, r: i32, penalty: i64, matches: i32, raw: StaticArray<i64>, total: i64 = 0): void {
  const before = currentPenalty(k);
  if (penalty == before && matches == currentMatches(k) && total == currentTotal(k)) return;
  probe(k, penalty, matches, total);
  const id = rw(r, RW_CONSTRAINT);
  unchecked(raw[id] += penalty - before);
  markId(touchedMask, id);
}

/**
 * Lists up to this long are scored whole: two evaluations of a window (before and after the move) then cost more
 * than one of the whole list (on the bench's S and M, 9 and 20 shifts per employee, windows made a move 45% and 15%
 * slower). Both ways are exact; the fuzz test sets 0 for half of its inputs so that short lists take windows too.
 */
let windowedMinList: i32 = 32;
/**
 * Shift sequence patterns take windows from lists this long: their window is the few days a match reads around the
 * move, where the whole list is every day of the horizon (README "Solver performance").
 */
const PATTERN_MIN_LIST: i32 = 4;

export function setWindowedMinList(n: i32): void {
  windowedMinList = max(0, n);
}

/** The view of the list as it is that side() built last: its serial (view.ts viewSerial) and window. */
let beforeSerial = -1, beforeFrom = 0, beforeTo = 0, beforeEmployee = -1;

/**
 * Re-evaluates employee e's rules that see s1 or s2 for its list without `remove` and with `add`: on the window of
 * the move (setWindowFor), or over the whole list when the list is short, the rule is not windowed or its window is
 * the whole list (one evaluation instead of two; those rules share one view of the list as the move leaves it).
 */
function side(e: i32, remove: i32, add: i32, s1: i32, s2: i32, raw: StaticArray<i64>): void {
  if (e < 0) return;
  const from = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]);
  if (from == to) return;
  const g = unchecked(employeeTz[e]);
  const n = unchecked(listLength[e]);
  const windows = n > windowedMinList;
  // The move is located (view.ts locateMove) for the first rule that reads a window.
  let located = false;
  let wholeView = false;
  // Lists change between moves: a view built for an earlier one is never reused.
  beforeSerial = -1;
  for (let k = from; k < to; k++) {
    const r = unchecked(employeeRules[k]);
    if (!sees(r, s1) && (s2 < 0 || !sees(r, s2))) continue;
    if (anyTotals && unchecked(slotTotalled[k])) {
      if (period.totalWindowed(r)) {
        if (!located) locateMove(e, remove, add);
        located = true;
        // It builds a view of its own window.
        wholeView = false;
      }
      const total = currentTotal(k) + period.totalDelta(r, g, remove, add);
      const penalty = period.totalPenalty(r, total);
      change(k, r, penalty, penalty != 0 ? 1 : 0, raw, total);
      continue;
    }
    if ((windows || (n > PATTERN_MIN_LIST && isPatternRule(rw(r, RW_KIND)))) && windowed(r)) {
      if (!located) locateMove(e, remove, add);
      located = true;
      if (!setWindowFor(r, g)) continue;
      const lo = windowFrom, hi = windowTo;
      if (lo > 0 || hi < n) {
        const dayFrom = termDayFrom, dayTo = termDayTo, plannedElsewhere = rolling.plannedOutside;
        // The window as it is: still in the view when the last rule had the same window.
        if (viewSerial != beforeSerial || lo != beforeFrom || hi != beforeTo || e != beforeEmployee) {
          buildView(e, g, -1, -1, lo, hi);
          beforeSerial = viewSerial;
          beforeFrom = lo;
          beforeTo = hi;
          beforeEmployee = e;
        }
        const kind = rw(r, RW_KIND);
        if (isPeriodRule(kind) && period.patchable(r)) {
          // One view and one aggregation: the per-day scratch is patched with the move and the periods scored again.
          period.evaluatePeriodRule(r, g, dayFrom, dayTo);
          const oldPenalty = period.evPenalty, oldMatches = period.evMatches;
          period.patchMove(r, g, remove, add);
          period.scorePeriods(r, g, dayFrom, dayTo);
          period.patchMove(r, g, add, remove);
          change(k, r, currentPenalty(k) + period.evPenalty - oldPenalty, currentMatches(k) + period.evMatches - oldMatches, raw);
          wholeView = false;
          continue;
        }
        if (isRollingRule(kind) && rolling.patchable(r)) {
          rolling.evaluateRollingRule(r, g, e, dayFrom, dayTo, plannedElsewhere);
          const oldPenalty = rolling.evPenalty, oldMatches = rolling.evMatches;
          rolling.evaluatePatched(r, g, e, dayFrom, dayTo, plannedElsewhere, remove, add);
          change(k, r, currentPenalty(k) + rolling.evPenalty - oldPenalty, currentMatches(k) + rolling.evMatches - oldMatches, raw);
          wholeView = false;
          continue;
        }
        if (unchecked(slotPaired[k])) {
          // Its pair has the same window: both scored in one walk, before and after the move.
          const r2 = unchecked(employeeRules[k + 1]);
          sequence.runPair(r, r2, g);
          const oldPenalty = sequence.evPenalty, oldMatches = sequence.evMatches;
          const oldPenalty2 = sequence.evPenalty2, oldMatches2 = sequence.evMatches2;
          buildView(e, g, remove, add, lo, hi);
          sequence.runPair(r, r2, g);
          change(k, r, currentPenalty(k) + sequence.evPenalty - oldPenalty, currentMatches(k) + sequence.evMatches - oldMatches, raw);
          k++;
          change(k, r2, currentPenalty(k) + sequence.evPenalty2 - oldPenalty2, currentMatches(k) + sequence.evMatches2 - oldMatches2, raw);
          wholeView = false;
          continue;
        }
        evaluateTerms(r, g, e, dayFrom, dayTo, plannedElsewhere);
        const oldPenalty = evPenalty, oldMatches = evMatches;
        buildView(e, g, remove, add, lo, hi);
        evaluateTerms(r, g, e, dayFrom, dayTo, plannedElsewhere);
        change(k, r, currentPenalty(k) + evPenalty - oldPenalty, currentMatches(k) + evMatches - oldMatches, raw);
        wholeView = false;
        continue;
      }
    }
    if (!wholeView) {
      buildView(e, g, remove, add, 0, n);
      wholeView = true;
    }
    if (unchecked(slotPaired[k])) {
      sequence.runPair(r, unchecked(employeeRules[k + 1]), g);
      change(k, r, sequence.evPenalty, sequence.evMatches, raw);
      k++;
      change(k, unchecked(employeeRules[k]), sequence.evPenalty2, sequence.evMatches2, raw);
      continue;
    }
    evaluate(r, g, e);
    change(k, r, evPenalty, evMatches, raw);
  }
}

/** Starts collecting a change's values (evalChange). */
export function clearProbe(): void {
  probeCount = 0;
  clearMask(touchedMask);
}

/** Raw deltas of moving s from `from` to `to` (under the current solution and pending values) into raw[]. */
export function addChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  side(from, s, -1, s, -1, raw);
  side(to, -1, s, s, -1, raw);
}

/** Raw deltas of the swap s1: a -> b, s2: b -> a (a != b), both changes at once. */
export function addSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  side(a, s1, s2, s1, s2, raw);
  side(b, s2, s1, s1, s2, raw);
}

/** The probe's values become pending values of the move in progress. */
export function mergeProbe(): void {
  for (let i = 0; i < probeCount; i++) {
    const k = unchecked(probeSlot[i]);
    let p = unchecked(slotPending[k]);
    if (p < 0) {
      p = pendCount++;
      unchecked(slotPending[k] = p);
      unchecked(pendSlot[p] = k);
    }
    unchecked(pendPenalty[p] = probePenalty[i]);
    unchecked(pendMatches[p] = probeMatches[i]);
    if (anyTotals) unchecked(pendTotal[p] = probeTotal[i]);
  }
  probeCount = 0;
}

/** The move commits: pending values become the cached ones. */
export function commitPending(): void {
  for (let p = 0; p < pendCount; p++) {
    const k = unchecked(pendSlot[p]);
    const id = rw(unchecked(employeeRules[k]), RW_CONSTRAINT);
    unchecked(matchTotals[id] += <i64>(unchecked(pendMatches[p]) - unchecked(slotMatches[k])));
    if (unchecked(slotPenalty[k]) != unchecked(pendPenalty[p])) unchecked(breachFresh[employeeOfSlot(k)] = false);
    unchecked(slotPenalty[k] = pendPenalty[p]);
    unchecked(slotMatches[k] = pendMatches[p]);
    if (anyTotals) unchecked(slotTotal[k] = pendTotal[p]);
    unchecked(slotPending[k] = -1);
  }
  pendCount = 0;
}

export function dropPending(): void {
  for (let p = 0; p < pendCount; p++) unchecked(slotPending[pendSlot[p]] = -1);
  pendCount = 0;
  probeCount = 0;
}

/** Weighted committed penalty of one employee's contract rules per level (breachOf); rewards are left out. */
export let breachHard: i64 = 0;
export let breachMedium: i64 = 0;
export let breachSoft: i64 = 0;

/**
 * Sums employee e's committed contract penalties per level, each times its constraint's weight (`weight`, score.ts
 * constraintWeight), into breachHard / breachMedium / breachSoft: how badly e's rules are broken, which the
 * breach-aimed run move (local-search.ts) reads to pick its employee.
 */
export function breachOf(e: i32, weight: StaticArray<i64>): void {
  if (unchecked(breachFresh[e])) {
    breachHard = unchecked(breachCache[3 * e]);
    breachMedium = unchecked(breachCache[3 * e + 1]);
    breachSoft = unchecked(breachCache[3 * e + 2]);
    return;
  }
  breachHard = 0;
  breachMedium = 0;
  breachSoft = 0;
  for (let k = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]); k < to; k++) {
    const w = slotBreach(k, weight);
    if (w == 0) continue;
    if (slotLevel == LEVEL_HARD) breachHard += w;
    else if (slotLevel == LEVEL_SOFT) breachSoft += w;
    else breachMedium += w;
  }
  unchecked(breachCache[3 * e] = breachHard);
  unchecked(breachCache[3 * e + 1] = breachMedium);
  unchecked(breachCache[3 * e + 2] = breachSoft);
  unchecked(breachFresh[e] = true);
}

/**
 * breachOf's sums per employee (three per employee), valid while breachFresh: a commit that changes one of the
 * employee's slots, and a rebuild, make them stale (the weights are fixed once a solve starts). The breach-aimed
 * moves scan up to 64 employees per step; on a year-long roster summing their slots was a tenth of the run's time.
 */
let breachCache = new StaticArray<i64>(0);
let breachFresh = new StaticArray<bool>(0);
/** The employee whose rules slot k holds: a binary search of employeeRulesOff, not an array as long as the slots. */
function employeeOfSlot(k: i32): i32 {
  let lo = 0, hi = employeeCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (unchecked(employeeRulesOff[mid]) <= k) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Employees whose cached breachOf sums differ from their slots summed again (0: the cache is right); for tests. */
export function staleBreachSums(weight: StaticArray<i64>): i32 {
  let stale = 0;
  for (let e = 0; e < breachFresh.length; e++) {
    if (!unchecked(breachFresh[e])) continue;
    const h = unchecked(breachCache[3 * e]), m = unchecked(breachCache[3 * e + 1]);
    const s = unchecked(breachCache[3 * e + 2]);
    unchecked(breachFresh[e] = false);
    breachOf(e, weight);
    if (breachHard != h || breachMedium != m || breachSoft != s) stale++;
  }
  return stale;
}

/** The level of the slot slotBreach last weighed. */
let slotLevel = 0;

/** Slot k's committed penalty times its constraint's weight (0 for a reward), its level into slotLevel. */
function slotBreach(k: i32, weight: StaticArray<i64>): i64 {
  const p = unchecked(slotPenalty[k]);
  if (p == 0) return 0;
  const id = rw(unchecked(employeeRules[k]), RW_CONSTRAINT);
  if (isReward(id)) return 0;
  slotLevel = constraintLevel(id);
  return p * unchecked(weight[id]);
}

/** The local days of a match breachDays found (of the employee's time zone group). */
export let breachFrom: i32 = 0;
export let breachTo: i32 = 0;
/** The search's own match buffer (breachDays): the explanations' (view.ts contractRecords) stays as it was. */
const breachRecords = new MatchRecords();

/**
 * Where employee e's contract rules are broken worst: of its rules broken at the worst level (breachOf's levels),
 * the one with the largest weighted penalty is evaluated over e's whole list with its matches recorded, and the
 * local days of the `pick`-th (modulo their count) go to breachFrom / breachTo: a run of days or a window (runs of
 * consecutive days, shift patterns, periods, rolling windows) or the start days of a pair's or a sequence's first
 * and last shifts (rest and sequence rules). False when no rule of e is broken or its matches name no days (a
 * rotation, a scoped disruption). The breach-aimed moves (local-search.ts) anchor there: on a year-long roster a
 * random shift of the employee is rarely near its one short run.
 */
export function breachDays(e: i32, weight: StaticArray<i64>, pick: u32): bool {
  let worst = -1, worstLevel = 3, worstWeight: i64 = 0;
  for (let k = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]); k < to; k++) {
    const w = slotBreach(k, weight);
    if (w == 0) continue;
    if (slotLevel < worstLevel || (slotLevel == worstLevel && w > worstWeight)) {
      worst = k;
      worstLevel = slotLevel;
      worstWeight = w;
    }
  }
  if (worst < 0) return false;
  const r = unchecked(employeeRules[worst]), kind = rw(r, RW_KIND);
  if (kind == K_ROTATION || kind == K_SCOPED_DISRUPTION) return false;
  // Rest and sequence rules record shifts (view.ts's record layout); the others days.
  const byShifts = kind == K_MINUTES_BETWEEN || kind == K_GAPS || kind == K_CONSECUTIVE_SHIFTS || kind == K_TIME_OFF_AFTER_SEQUENCE ||
    (kind == K_CONSECUTIVE_DAYS && (rw(r, RW_P1) == RUNS_COMPACT || rw(r, RW_P1) == RUNS_BETWEEN));
  const g = unchecked(employeeTz[e]);
  buildWholeView(e, g);
  startRecording(unchecked(slotMatches[worst]), breachRecords);
  setRecordOwner(e, r);
  evaluate(r, g, e);
  stopRecording();
  const n = breachRecords.count;
  if (n == 0) return false;
  const at = <i32>(pick % <u32>n) * RECORD_WORDS;
  const a = breachRecords.words[at + 4], b = breachRecords.words[at + 5];
  if (byShifts) {
    if (a < 0 || b < 0) return false;
    breachFrom = startDay(g, a);
    breachTo = startDay(g, b);
  } else {
    breachFrom = a;
    breachTo = b;
  }
  if (breachTo < breachFrom) {
    const t = breachFrom;
    breachFrom = breachTo;
    breachTo = t;
  }
  return true;
}

/** Committed penalty and matches of a slot (explanations). */
export function slotValue(k: i32): i64 {
  return slotPenalty[k];
}

export function slotMatchCount(k: i32): i32 {
  return slotMatches[k];
}

/** Records every match of the current solution (view.ts `record`); returns how many. */
export function recordMatches(): i32 {
  // Every committed match is recorded once: their total is the buffer's size.
  let expected: i64 = 0;
  for (let i = 0; i < matchTotals.length; i++) expected += unchecked(matchTotals[i]);
  startRecording(<i32>min<i64>(expected, 1 << 26));
  if (active) {
    for (let e = 0; e < employeeCount; e++) {
      const from = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]);
      if (from == to) continue;
      const g = unchecked(employeeTz[e]);
      buildWholeView(e, g);
      for (let k = from; k < to; k++) {
        const r = unchecked(employeeRules[k]);
        setRecordOwner(e, r);
        evaluate(r, g, e);
      }
    }
  }
  stopRecording();
  return contractRecords.count;
}

// ---- family entry points (constraints/index.ts) ----------------------------------------------------------------------

/**
 * The contract rules, and the other constraints scored by compiled rules (scoped disruption, cost definitions): each
 * kind's module declares its own constraints (id, name, level, reward), beside their evaluation.
 */
export function declare(family: i32): void {
  period.declare(family);
  limits.declare(family);
  sequence.declare(family);
  rolling.declare(family);
  scoped.declare(family);
  patterns.declare(family);
  rotation.declare(family);
}

export function initFamily(): void {
  initContracts();
}

/** Every level at once (one view per employee serves them all); the values go to the probe buffer. */
export function scoreChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  clearProbe();
  if (!active) return;
  addChange(s, from, to, raw);
  orMask(touched, touchedMask);
}

export function scoreSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  clearProbe();
  if (!active) return;
  addSwap(s1, s2, a, b, raw);
  orMask(touched, touchedMask);
}

/** The change just scored joins the move in progress: its probed values become pending. */
export function keepChange(): void {
  mergeProbe();
}

export function commitMove(): void {
  commitPending();
}

export function dropMove(): void {
  dropPending();
}

export function rebuildState(): void {
  rebuild();
}

export function fullPenalty(id: i32): i64 {
  return penaltyFull(id, false);
}

export function fullMatchCount(id: i32): i32 {
  return <i32>penaltyFull(id, true);
}

/** Counts from the caches (kept at every commit). */
export function matchCountsInto(counts: StaticArray<i32>): void {
  for (let id = 0; id < counts.length; id++) {
    if (isRuleConstraint(id) && enabled[id]) counts[id] = <i32>unchecked(matchTotals[id]);
  }
}
