/**
 * Contract rules as EMPLOYEE-SCOPED units (constraints/index.ts describes the pattern): each compiled rule of an
 * employee (a *slot*: one entry of the employee's rule list) has a cached penalty, the rule evaluated over the
 * employee's whole time-ordered list. A change is scored without applying it: the employees it touches are viewed
 * as the move would leave them (view.ts: the list without the shift that leaves, with the one that arrives), the
 * rules that can see the moved shift are re-evaluated, and the delta is new - (pending or cached).
 *
 * Values of a move in progress are *pending* until the move commits; a compound move (ruin and recreate) reads its
 * earlier changes' pending values as the current ones. `evalChange` probes collect their values in the *probe*
 * buffer, which `addChangeDelta` merges into pending; a rejected move's pending values are dropped by the next
 * resetDelta. The from-scratch score re-evaluates every slot from the solution's lists, never the cache, so the
 * incremental-vs-from-scratch fuzz test covers every rule like any other constraint.
 *
 * The rules themselves: period-rules.ts, sequence-rules.ts (rest, gaps, sequences), rolling-window.ts.
 * Match counts are cached per slot too, so each constraint's match count is kept current at commit (O(1) to read).
 */
import {
  RW_KIND, RW_CONSTRAINT, RW_FILTER, RW_FILTER2, RW_FILTER3, RW_P3, K_PERIOD_CONSECUTIVE_WEEKENDS_OFF,
  K_MINUTES_BETWEEN, K_GAPS, K_ROLLING_MINUTES, K_ROLLING_MINUTES_OFF, K_SCOPED_DISRUPTION, CONDITION_NONE, K_PERIOD_COST,
} from "../layout";
import { employeeCount, ruleCount, employeeRulesOff, employeeRules, employeeTz } from "../problem";
import { buildView, rw, passes, initView, startRecording, stopRecording, setRecordOwner, contractRecords } from "./view";
import * as period from "./period-rules";
import * as sequence from "./sequence-rules";
import * as rolling from "./rolling-window";
import * as scoped from "./scoped-disruption";
import { MASK_CAPACITY, newMask, markId, clearMask } from "../id-mask";

/** Whether any employee has a contract rule (everything here is skipped otherwise). */
export let active = false;
/** Per slot (index into employeeRules): committed penalty and match count. */
let slotPenalty = new StaticArray<i64>(0);
let slotMatches = new StaticArray<i32>(0);
/** Per slot: its entry in the pending buffer, or -1. */
let slotPending = new StaticArray<i32>(0);
let pendSlot = new StaticArray<i32>(0);
let pendPenalty = new StaticArray<i64>(0);
let pendMatches = new StaticArray<i32>(0);
let pendCount = 0;
let probeSlot = new StaticArray<i32>(0);
let probePenalty = new StaticArray<i64>(0);
let probeMatches = new StaticArray<i32>(0);
let probeCount = 0;
/** Constraint ids whose raw delta the last add* call wrote (index.ts ORs it into `touched`). */
export const touchedMask = newMask();
/** Current match count per constraint id (contract constraints only), kept at commit. */
export let matchTotals = new StaticArray<i64>(MASK_CAPACITY);

let evPenalty: i64 = 0;
let evMatches: i32 = 0;

/** Evaluates rule r over the view (employee e, time zone group g) into evPenalty / evMatches. */
function evaluate(r: i32, g: i32, e: i32): void {
  const kind = rw(r, RW_KIND);
  if (kind <= K_PERIOD_CONSECUTIVE_WEEKENDS_OFF || kind == K_PERIOD_COST) {
    period.evaluatePeriodRule(r, g);
    evPenalty = period.evPenalty;
    evMatches = period.evMatches;
  } else if (kind >= K_MINUTES_BETWEEN && kind <= K_GAPS) {
    sequence.evaluateSequenceRule(r, g);
    evPenalty = sequence.evPenalty;
    evMatches = sequence.evMatches;
  } else if (kind >= K_ROLLING_MINUTES && kind <= K_ROLLING_MINUTES_OFF) {
    rolling.evaluateRollingRule(r, g, e);
    evPenalty = rolling.evPenalty;
    evMatches = rolling.evMatches;
  } else if (kind == K_SCOPED_DISRUPTION) {
    scoped.evaluateScopedDisruption(r, g, e);
    evPenalty = scoped.evPenalty;
    evMatches = scoped.evMatches;
  } else {
    evPenalty = 0;
    evMatches = 0;
  }
}

/** Whether moving shift s can change rule r's value: s passes one of the filters the rule reads. */
// @ts-ignore: decorator
@inline
function sees(r: i32, s: i32): bool {
  const kind = rw(r, RW_KIND);
  // Scoped disruption reads the employee's submitted shifts and whatever it receives: any shift.
  if (kind == K_SCOPED_DISRUPTION) return true;
  if (kind == K_MINUTES_BETWEEN || kind == K_GAPS) return passes(rw(r, RW_FILTER2), s) || passes(rw(r, RW_FILTER3), s);
  if (passes(rw(r, RW_FILTER), s)) return true;
  return rw(r, RW_P3) != CONDITION_NONE && passes(rw(r, RW_FILTER2), s);
}

/** Sizes the caches; called when a solve starts (the lists are empty). */
export function initContracts(): void {
  const slots = employeeRules.length;
  active = slots > 0;
  slotPenalty = new StaticArray<i64>(slots);
  slotMatches = new StaticArray<i32>(slots);
  slotPending = new StaticArray<i32>(slots);
  for (let i = 0; i < slots; i++) slotPending[i] = -1;
  // A move touches at most two employees: their slots bound the buffers.
  let widest = 0;
  for (let e = 0; e < employeeCount; e++) widest = max(widest, employeeRulesOff[e + 1] - employeeRulesOff[e]);
  pendSlot = new StaticArray<i32>(max(8, slots));
  pendPenalty = new StaticArray<i64>(max(8, slots));
  pendMatches = new StaticArray<i32>(max(8, slots));
  probeSlot = new StaticArray<i32>(max(8, 2 * widest));
  probePenalty = new StaticArray<i64>(max(8, 2 * widest));
  probeMatches = new StaticArray<i32>(max(8, 2 * widest));
  pendCount = 0;
  probeCount = 0;
  for (let i = 0; i < matchTotals.length; i++) matchTotals[i] = 0;
  if (active && ruleCount > 0) {
    initView();
    scoped.initScopedDisruption();
  }
}

/** Recomputes every slot from the solution's lists (after loading or replacing a solution). */
export function rebuild(): void {
  dropPending();
  for (let i = 0; i < matchTotals.length; i++) matchTotals[i] = 0;
  if (!active) return;
  for (let e = 0; e < employeeCount; e++) {
    const from = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]);
    if (from == to) continue;
    const g = unchecked(employeeTz[e]);
    buildView(e, g, -1, -1);
    for (let k = from; k < to; k++) {
      const r = unchecked(employeeRules[k]);
      evaluate(r, g, e);
      unchecked(slotPenalty[k] = evPenalty);
      unchecked(slotMatches[k] = evMatches);
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
        buildView(e, g, -1, -1);
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

function probe(k: i32, penalty: i64, matches: i32): void {
  unchecked(probeSlot[probeCount] = k);
  unchecked(probePenalty[probeCount] = penalty);
  unchecked(probeMatches[probeCount] = matches);
  probeCount++;
}

/** Re-evaluates employee e's rules that see s1 or s2 over its view without `remove` and with `add`. */
function side(e: i32, remove: i32, add: i32, s1: i32, s2: i32, raw: StaticArray<i64>): void {
  if (e < 0) return;
  const from = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]);
  if (from == to) return;
  const g = unchecked(employeeTz[e]);
  let viewed = false;
  for (let k = from; k < to; k++) {
    const r = unchecked(employeeRules[k]);
    if (!sees(r, s1) && (s2 < 0 || !sees(r, s2))) continue;
    if (!viewed) {
      buildView(e, g, remove, add);
      viewed = true;
    }
    evaluate(r, g, e);
    const before = currentPenalty(k);
    if (evPenalty == before && evMatches == currentMatches(k)) continue;
    probe(k, evPenalty, evMatches);
    const id = rw(r, RW_CONSTRAINT);
    unchecked(raw[id] += evPenalty - before);
    markId(touchedMask, id);
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
  }
  probeCount = 0;
}

/** The move commits: pending values become the cached ones. */
export function commitPending(): void {
  for (let p = 0; p < pendCount; p++) {
    const k = unchecked(pendSlot[p]);
    const id = rw(unchecked(employeeRules[k]), RW_CONSTRAINT);
    unchecked(matchTotals[id] += <i64>(unchecked(pendMatches[p]) - unchecked(slotMatches[k])));
    unchecked(slotPenalty[k] = pendPenalty[p]);
    unchecked(slotMatches[k] = pendMatches[p]);
    unchecked(slotPending[k] = -1);
  }
  pendCount = 0;
}

export function dropPending(): void {
  for (let p = 0; p < pendCount; p++) unchecked(slotPending[pendSlot[p]] = -1);
  pendCount = 0;
  probeCount = 0;
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
  startRecording();
  if (active) {
    for (let e = 0; e < employeeCount; e++) {
      const from = unchecked(employeeRulesOff[e]), to = unchecked(employeeRulesOff[e + 1]);
      if (from == to) continue;
      const g = unchecked(employeeTz[e]);
      buildView(e, g, -1, -1);
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
