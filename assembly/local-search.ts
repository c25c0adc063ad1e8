/**
 * Local search. One step = pick a move, score it, accept or undo, then the bookkeeping; the order is written once
 * here and followed by every move: (1) pick and score - changes and swaps hard level first, rejected as soon as their
 * hard score is certainly below the acceptor's threshold (score.ts moveHardUntil), (2) accept -> apply, commit, note
 * the change for the best-solution journal, refresh the violation pool; reject -> undo what was applied, (3) the
 * late-acceptance history slot takes the current score, (4) the step counter advances, (5) the best solution is
 * updated.
 *
 * Moves, chosen per step by the one seeded generator (rng.ts):
 *   change   one shift to another employee (a holder of its rarest required skill 3 times in 4, when it has one)
 *            or to nobody;
 *   swap     two shifts close in start order exchange employees (what untangles overlaps and unavailability);
 *            scored without applying it (the one interaction of the two changes is corrected for);
 *   ruin and recreate  (Schrimpf et al. 2000, "Record breaking optimization results using the ruin and recreate
 *            principle", J. Comput. Phys. 159(2)) a few shifts around a random one are unassigned, then re-placed
 *            one by one, each on the best of a small candidate sample (their previous employees among them), and the
 *            compound move is accepted or undone as one.
 *   block swap  two employees exchange every shift they hold starting in a range of 1 to BLOCK_DAYS days around a
 *            random shift (the nurse rostering benchmark's "block swap" of Burke et al.; what moves a whole run of
 *            days between employees without breaking the sequence rules on the way); a compound move like ruin
 *            and recreate, scored change by change and accepted or undone as one.
 *   run move  (moves/run.ts) one employee's days as a block: fill a window of 2-7 days with open shifts, clear it,
 *            or move one shift's worth of work up to 7 days away (or to another shift the same day); what changes
 *            a day from off to on, or from one shift to another, where an employee works one shift a day, and keeps
 *            minimum runs and minutes; or slide the run holding a shift by one day (moves/slide.ts: one end's
 *            shift given up, the day past the other end taken).
 *   cover chain  (moves/chain.ts) an ejection chain from an open shift that costs: an employee (half of the time
 *            the best taker of 32 free then, as the cover move's) takes it, leaving what overlaps it or giving up a
 *            nearby shift, which the next employee takes, up to 3 links.
 *   breach   a run move (a rebuild of its window among them), run slide, block swap or horizon re-roster of an
 *            employee whose contract rules are broken at the worst level (hard, medium, soft in that order; soft
 *            rules included, which the violation pool leaves out), around one of its shifts.
 *   cover    (moves/cover.ts) an open shift that costs is taken by the holder of a shift at its time that costs
 *            less open (half of the time, when there is one), by the best taker of 32 employees free then (one time
 *            in eight, when there is one) or by a sampled employee, who leaves its shift that
 *            day or gives up a day within a week, and a released shift that costs open goes to the holder of a
 *            cheaper twin (on the benchmark, an over-cover copy of the same day and type); or (a quarter of the
 *            time, when there is one) an employee at work the day next to it and off that day slides its run
 *            onto it, giving up the run's other end (a cover slide), or, once `deep` or no contract rule is broken
 *            (contractsKept) half of those times, takes it, exchanging its next day's shift for another type then
 *            or giving up a shift on the other side (a cover completion).
 *   relocate (moves/relocate.ts) a sampled employee, off on the day of an open shift that costs, gives up one of
 *            its runs within two weeks and works a run of the same length holding that shift instead.
 *   reroster (moves/reroster.ts) a sampled employee's window of 3-7 days around an open shift that costs is
 *            cleared and rebuilt day by day, with a lookahead that starts new runs of several days; deep only.
 *   horizon  (moves/horizon.ts) one employee's 14 days (the worst breach's, or a sampled one's around an open shift
 *            that costs) chosen again by a beam search over the days, scored by the incremental scorer; around an
 *            open shift, half of the time a pair re-roster instead: two sampled employees' 7 days cleared, then the
 *            first one's chosen again and the second one's from what is left; as a kind of its own deep only (the
 *            one-employee re-roster is also one of the breach-aimed moves).
 *   request  (moves/request.ts) an employee's preferred time span (a shift-on request) that none of its shifts meets
 *            is met: the employee takes an open shift there (as a cover move) or exchanges its work of that time
 *            with the holder of one.
 * The compound kinds are rare until the search first stalls (`deep`, MOVE_PERIOD: a stall period with the best
 * unchanged, or a kick given while the violation pool is empty and the best unchanged since the last stall period
 * boundary), then take more than half of the steps; before `deep`, breach-aimed moves and cover moves take 64 steps
 * in 512 each, run relocations 32 and request moves 8, while the violation pool is empty; re-rosters run only once
 * `deep`. Once `deep`, the kinds (the compound ones, change and swap) are drawn by adaptive shares (move-shares.ts):
 * the shares above are their base, and every SHARE_PERIOD steps each kind's share moves toward what it earns per
 * score evaluation, within half and twice its base. A late acceptance search that stalls is kicked
 * (KICK_PERIOD_DEFAULT) before step (1). Both periods can be shortened before the start (setPeriods, the session's
 * `searchPeriods` option), so tests reach every kind.
 * Shifts are drawn half of the time from a pool of shifts seen in hard or medium violation (lazily pruned when
 * drawn), so large instances spend their steps where the violations are rather than uniformly. The other draws
 * are uniform over the movable shifts; on large instances (more than 2 × WINDOW movable shifts) they are uniform
 * over a window of WINDOW consecutive movable shifts in start order, which slides by half its width every
 * WINDOW_DWELL steps and wraps around the schedule. A move then reads the records of a few thousand shifts and one
 * stretch of each employee's list, which stay in the processor's cache, instead of lines anywhere in the whole
 * schedule (on 100,000 shifts that miss the cache and the cost of a move grew with the dataset). The window is a
 * function of the step count, so slices and checkpoints resume it exactly. Candidate employees (sampleEmployee) are
 * drawn alike when there are more than EMPLOYEE_WINDOW_FROM: from a window of EMPLOYEE_WINDOW consecutive employees
 * (by index), which slides by half its width every EMPLOYEE_DWELL steps and wraps around, so that the stretches of
 * their lists (and their contract state) that the moves read stay in the cache as well, instead of those of any of
 * thousands of employees; it goes round 2,000 employees while the shift window takes two positions.
 *
 * Acceptors (the forager accepts the first accepted move):
 *   LATE_ACCEPTANCE  (Burke & Bykov 2017, "The late acceptance hill-climbing heuristic", EJOR 258(1)): accept a
 *            candidate no worse than the current solution or than the current solution `lahcLength` steps ago. The history
 *            doubles as the run gets long (LAHC_GROWTH).
 *   SIMULATED_ANNEALING  (Kirkpatrick et al. 1983, Science 220): accept a worse candidate with probability
 *            Π exp(Δ_level / T_level) over the levels it worsens (as Timefold's per-level temperatures; a level at
 *            temperature 0 never worsens), T_level = T0_level · 2^(-steps / halfLife).
 * Scores compare lexicographically (hard, medium, soft).
 */
import { ACCEPTOR_LATE_ACCEPTANCE, ACCEPTOR_SIMULATED_ANNEALING } from "./layout";
import {
  shiftCount, employeeCount, shiftPinned, shiftsByStart, rankByStart, holdersOff, holders, SR_KEY_SKILL, isHistoric,
  isMandatory, isPinned, sf, SR_START, employeeTz,
} from "./problem";
import { setEmployee } from "./solution";
import { assignment, hardClean, listBase, listLength, listAt, listStart, lowerBoundByStart } from "./state";
import {
  resetDelta, addChangeDelta, commitDelta, evalChange, moveHardUntil, moveRest, swapHardUntil, swapRest, dHard, dMedium,
  dSoft, pHard, pMedium, pSoft, scoreHard, scoreMedium, scoreSoft, isBetter, constraintWeight, evalCount,
} from "./score";
import { SHARE_PERIOD, SHARE_SCALE, creditStep, drawKind, reweigh, resetShares, setBaseShares } from "./move-shares";
import { enabled, hardLocal } from "./constraints/index";
import { overlapOfOwnShift, ID as OVERLAP_ID } from "./constraints/overlapping-shift";
import { ID as UNASSIGNED_ID } from "./constraints/unassigned-shift";
import { bestHard, bestMedium, bestSoft, markBest, noteChange, settleJournal } from "./best";
import { rngBelow, rngNext } from "./rng";
import { applyRunMove, RUN_FILL, RUN_SHIFT, RUN_REBUILD } from "./moves/run";
import { applyRunSlide } from "./moves/slide";
import { breachOf, breachHard, breachMedium, breachSoft, breachDays, breachFrom, breachTo } from "./constraints/contracts";
import { startDay } from "./constraints/view";
import { applyCoverChain, costsOpen } from "./moves/chain";
import { compoundCommit, compoundCount, compoundShift, compoundUndo } from "./moves/compound";
import { applyCoverMove, applyCoverSlide, applyCoverCompletion, bestTaker, cheaperHolder } from "./moves/cover";
import { applyRunRelocation } from "./moves/relocate";
import { applyReroster } from "./moves/reroster";
import { applyRequestMove } from "./moves/request";
import { applyHorizonReroster, applyPairReroster } from "./moves/horizon";
import { DAY_MINUTES } from "./calendar";

/** Half width, in start-order positions, of the window a swap partner is drawn from. */
const SWAP_WINDOW: i32 = 64;
/**
 * Each step draws its kind of move out of MOVE_PERIOD: one ruin and recreate (it scores about 50 placements where
 * a change or swap scores 2-4), then block swaps, run moves and cover chains, and change and swap half each of the
 * rest. Until the search first stalls (`deep`) the compound kinds stay rare (BLOCK_SHARE, no run moves
 * or chains), which keeps the rate of the simple moves that do most of the early work; once the simple moves find
 * nothing more (`deep`), DEEP_BLOCK, DEEP_RUN and DEEP_CHAIN of MOVE_PERIOD go to the compound kinds, which cost
 * about 4-12 simple moves each (README "Nurse rostering benchmark").
 */
const MOVE_PERIOD: i32 = 512;
const BLOCK_SHARE: i32 = 2;
const DEEP_BLOCK: i32 = 32;
const DEEP_RUN: i32 = 64;
const DEEP_CHAIN: i32 = 64;
/**
 * Breach-aimed moves (breachStep), of MOVE_PERIOD: DEEP_BREACH once the search is deep; before, BREACH_SHARE
 * while the violation pool is empty (no hard or medium violation left to aim at; on the generated instances of
 * "Solver performance" it never is, and their moves per second stay as they were). They go where the contract
 * rules are broken worst, soft rules included (the violation pool holds hard and medium violations only).
 */
const BREACH_SHARE: i32 = 64;
const DEEP_BREACH: i32 = 32;
/** Cover moves (openShiftStep), of MOVE_PERIOD, under the same condition as the breach-aimed ones. */
const COVER_SHARE: i32 = 64;
/** Run relocations (openShiftStep), of MOVE_PERIOD, under the same condition. */
const RELOCATE_SHARE: i32 = 32;
/** Re-roster moves (openShiftStep), of MOVE_PERIOD, once the search is deep. */
const DEEP_REROSTER: i32 = 32;
/** Horizon re-rosters (horizonStep), of MOVE_PERIOD, once the search is deep. */
const DEEP_HORIZON: i32 = 1;
/** Request moves (requestStep), of MOVE_PERIOD, under the same condition as the cover moves. */
const REQUEST_SHARE: i32 = 8;
/**
 * One breach-aimed move in this many is a horizon re-roster (breachStep): it costs the time of a few hundred simple
 * moves (at one in seven, instance 21 of the benchmark made 4.65e6 steps in its minute instead of 21e6).
 */
const BREACH_HORIZON_ODDS: i32 = 28;
/** runStep's kinds: the run moves but the rebuild (RUN_FILL .. RUN_SHIFT), then a run slide. */
const RUN_STEP_SLIDE: i32 = RUN_SHIFT + 1;
/** breachStep's kinds: the run moves (RUN_FILL .. RUN_REBUILD), then these. */
const BREACH_BLOCK: i32 = RUN_REBUILD + 1, BREACH_SLIDE: i32 = RUN_REBUILD + 2, BREACH_HORIZON: i32 = RUN_REBUILD + 3;
/** Employees scanned, from a random one, for the worst contract breach (all of them up to this many). */
const BREACH_SCAN: i32 = 64;
/**
 * Whether the search has stalled once (the compound moves' larger shares apply from then on): a whole STALL_PERIOD
 * of steps left the best score unchanged (on the generated instances of "Solver performance" the simple moves still
 * improve the best solution within such a period, on the nurse rostering benchmark they stop within a million
 * steps), or a kick was given (kickIfStalled: the late acceptance search stalled) while the violation pool was
 * empty (no hard or medium violation left: never on the generated instances, whose search is as before) and the
 * best score was still the one at the last STALL_PERIOD boundary (`periodBest`): on the small instances of the
 * nurse rostering benchmark at the first kick check past the first boundary, 500,000-600,000 steps, instead of a
 * few million. Without that last condition a flat late acceptance history (a few hundred steps without a change of
 * score) was enough, which on the year-long instance 23 happened at its first feasible schedule while its best still
 * improved every few thousand steps, and its deep steps cost three times the simple ones. Both are in the checkpoint.
 */
const STALL_PERIOD: i64 = 500_000;
export let deep = false;
/**
 * Whether no employee broke a contract rule, at any level, at the last stall period boundary (noteBreaches): from
 * then on the cover completion is drawn before `deep` too (openShiftStep). On the nurse rostering benchmark, whose
 * stand-ins for its hard rules are soft contract rules, that is from about the first feasible schedule: the year-long
 * instances 21 and 23 never turn deep within a minute; with it 23 ended 2-5% lower on each of seeds 1-3 and 21 lower
 * on two of them (README "Nurse rostering benchmark"). Drawn while rules were still broken, it halved the steps
 * instance 21 made in its minute and left it infeasible on two seeds of four. In the checkpoint.
 */
export let contractsKept = false;

/** At a stall period boundary: contractsKept from every employee's contract breaches (contracts.ts breachOf). */
function noteBreaches(): void {
  let broken = false;
  for (let e = 0; e < employeeCount && !broken; e++) {
    breachOf(e, constraintWeight);
    broken = breachHard != 0 || breachMedium != 0 || breachSoft != 0;
  }
  contractsKept = !broken;
}
/**
 * Per compound kind (MOVE_RUIN .. MOVE_KICK): moves that reached acceptance, and moves accepted (kicks: stall
 * checks, and kicks given). Diagnostics for tests and benchmarks; not in the checkpoint (a restored session counts
 * from 0).
 */
export const MOVE_RUIN = 0, MOVE_BLOCK = 1, MOVE_RUN = 2, MOVE_CHAIN = 3, MOVE_KICK = 4, MOVE_BREACH = 5, MOVE_COVER = 6, MOVE_RELOCATE = 7, MOVE_REROSTER = 8, MOVE_HORIZON = 9, MOVE_REQUEST = 10, MOVE_KINDS = 11;
/** The simple kinds, after the compound ones: the kinds of step that the adaptive shares weigh (move-shares.ts). */
export const MOVE_CHANGE = 11, MOVE_SWAP = 12, SHARE_KINDS = 13;
export const movesTried = new StaticArray<i64>(MOVE_KINDS);
export const movesAccepted = new StaticArray<i64>(MOVE_KINDS);
export const periodBest = new StaticArray<i64>(3);
const RUIN_MAX: i32 = 6;
/** Start-order positions scanned for a cover chain's open shift. */
const OPEN_SCAN: i32 = 64;
/** Longest block, in days, and most shifts one side of a block swap may hold. */
const BLOCK_DAYS: i32 = 7;
const BLOCK_MAX: i32 = 16;
/** Random candidates per re-placed shift, besides the ruined shifts' previous employees. */
const RECREATE_SAMPLE: i32 = 6;
/** Movable shifts per window of uniform draws on large instances (see the header). */
const WINDOW: i32 = 2048;
/** Steps spent on one window position: about 32 draws per shift of the window before it slides. */
const WINDOW_DWELL: i64 = 32 * <i64>WINDOW;
/**
 * Employees per window of candidate draws when there are more than EMPLOYEE_WINDOW_FROM (see the header), and the
 * steps spent on one of its positions: the employee window goes round all employees while the shift window stays
 * in place (2,000 employees: 32 positions, 131,072 steps, two shift window positions), so every shift of the shift
 * window still meets every employee as a candidate. Up to EMPLOYEE_WINDOW_FROM employees the lists and contract
 * state a move reads stay in the cache anyway, and the draws are uniform over all employees, as before (the
 * window cost quality there: on L, 300 employees, a 128-wide window left -238medium at 20M steps where uniform
 * draws left -213).
 */
const EMPLOYEE_WINDOW: i32 = 128;
const EMPLOYEE_DWELL: i64 = 4096;
const EMPLOYEE_WINDOW_FROM: i32 = 1024;

/**
 * The late acceptance history doubles whenever the steps done reach LAHC_GROWTH × its length, up to LAHC_MAX: a
 * short history finds feasible schedules fast, a long one keeps improving a long run instead of settling in the
 * first local optimum (on the nurse rostering benchmark a 400-step history stalls within a million steps). The
 * rule reads only the step count and the length, which checkpoints hold, so resumed runs grow alike.
 */
const LAHC_GROWTH: i64 = 2500;
/**
 * Every KICK_PERIOD_DEFAULT steps (kickPeriod), a late acceptance search that has stalled (every history slot holds the current score:
 * nothing worse was accepted for a whole history) is kicked: the history's soft scores are lowered by
 * |soft| >> KICK_SHIFT (at least 1), so the next history's worth of steps accepts that much worse, as after a
 * restart from a perturbed solution (iterated local search; Lourenço, Martin & Stützle 2003, "Iterated local
 * search", Handbook of Metaheuristics), then climbs again; the best solution is kept apart. On the nurse rostering
 * benchmark a stalled search sits where every improvement costs one under-cover (100) first. The test reads only
 * the step count and the history, which checkpoints hold, so resumed runs kick alike.
 */
const KICK_PERIOD_DEFAULT: i64 = 100_000;
const KICK_SHIFT: i32 = 3;
/**
 * The stall and kick periods in force (STALL_PERIOD and KICK_PERIOD_DEFAULT unless set before the start, setPeriods; a
 * stall period of 0 starts deep). Tests shorten them so a few thousand steps run every compound kind and the kick;
 * both are in the checkpoint. `nextStall` and `nextKick` are the step counts of the next checks (a compare per
 * step instead of a division), derived from the step count, so restores find them alike.
 */
export let stallPeriod: i64 = STALL_PERIOD;
export let kickPeriod: i64 = KICK_PERIOD_DEFAULT;
let nextStall: i64 = STALL_PERIOD;
let nextKick: i64 = KICK_PERIOD_DEFAULT;
const LAHC_MAX: i32 = 1 << 15;

export let lahcLength = 400;
export let lahcIndex: i64 = 0;
/** Late scores, three i64 per slot: (hard, medium, soft). */
export let history = new StaticArray<i64>(0);
export let acceptor = ACCEPTOR_LATE_ACCEPTANCE;
export const saStart = new StaticArray<f64>(3);
export let saHalfLife: i64 = 100_000;
/**
 * The unpinned shifts, in start order (so that a window of consecutive entries is a stretch of the schedule):
 * shiftsByStart itself when none is pinned (4 bytes per shift less, README "Wasm memory").
 */
let movable = new StaticArray<i32>(0);
let movableCount = 0;
/** Positions of the window over `movable` (half a window apart), 0 when the instance is small enough to draw from all. */
let windowPositions = 0;
/** Positions of the employee window (half a window apart), 0 when there are few enough employees to draw from all. */
let employeeWindowPositions = 0;
export let pool = new StaticArray<i32>(0);
export let poolSize = 0;
/** A bit per shift: whether it is in the pool. */
let inPool = new StaticArray<u32>(0);
let ruined = new StaticArray<i32>(RUIN_MAX);
let ruinedFrom = new StaticArray<i32>(RUIN_MAX);
let blockShift = new StaticArray<i32>(2 * BLOCK_MAX);
let blockFrom = new StaticArray<i32>(2 * BLOCK_MAX);
/** Steps done so far (the engine's counter, mirrored for the annealing schedule). */
let stepsDone: i64 = 0;

saStart[0] = 2;
saStart[1] = 10;
saStart[2] = 500;

export function setLahcLength(n: i32): void {
  lahcLength = max(1, n);
}

export function setAcceptor(kind: i32, hard: f64, medium: f64, soft: f64, halfLife: i64): void {
  acceptor = kind;
  saStart[0] = hard;
  saStart[1] = medium;
  saStart[2] = soft;
  saHalfLife = max<i64>(1, halfLife);
}

/** Collects the shifts the search may move (the unpinned ones) and sizes the history and the pool. */
export function initLocalSearch(): void {
  movableCount = 0;
  for (let s = 0; s < shiftCount; s++) if (!shiftPinned[s]) movableCount++;
  if (movableCount == shiftCount) movable = shiftsByStart;
  else {
    movable = new StaticArray<i32>(movableCount);
    for (let i = 0, at = 0; i < shiftCount; i++) {
      const s = shiftsByStart[i];
      if (!shiftPinned[s]) movable[at++] = s;
    }
  }
  windowPositions = movableCount > 2 * WINDOW ? (movableCount + (WINDOW >> 1) - 1) / (WINDOW >> 1) : 0;
  employeeWindowPositions =
    employeeCount > EMPLOYEE_WINDOW_FROM ? (employeeCount + (EMPLOYEE_WINDOW >> 1) - 1) / (EMPLOYEE_WINDOW >> 1) : 0;
  history = new StaticArray<i64>(3 * lahcLength);
  lahcIndex = 0;
  pool = new StaticArray<i32>(min(shiftCount, POOL_INITIAL));
  inPool = new StaticArray<u32>((shiftCount + 31) >>> 5);
  poolSize = 0;
  deep = stallPeriod == 0;
  contractsKept = false;
  periodBest[0] = i64.MIN_VALUE;
  periodBest[1] = i64.MIN_VALUE;
  periodBest[2] = i64.MIN_VALUE;
  for (let k = 0; k < MOVE_KINDS; k++) {
    movesTried[k] = 0;
    movesAccepted[k] = 0;
  }
  resetShares();
  schedulePeriodic();
}

/** Restores what the stall period checks keep (a checkpoint's): `deep`, `contractsKept` and the period's best. */
export function restoreStallState(isDeep: bool, kept: bool, hard: i64, medium: i64, soft: i64): void {
  deep = isDeep;
  contractsKept = kept;
  periodBest[0] = hard;
  periodBest[1] = medium;
  periodBest[2] = soft;
}

/** Sets the stall and kick periods (0 stall: deep from the start; 0 kick: never). */
export function setPeriods(stall: i64, kick: i64): void {
  stallPeriod = max<i64>(0, stall);
  kickPeriod = max<i64>(0, kick);
  schedulePeriodic();
}

/** The first multiple of `period` that is at least `steps` and positive; never (i64.MAX_VALUE) for period 0. */
function nextMultiple(steps: i64, period: i64): i64 {
  if (period <= 0) return i64.MAX_VALUE;
  return max<i64>(period, (steps + period - 1) / period * period);
}

function schedulePeriodic(): void {
  nextStall = nextMultiple(stepsDone, stallPeriod);
  nextKick = nextMultiple(stepsDone, kickPeriod);
}

/** Fills the history with the current score (the start of the phase, or after an applied assignment). */
export function resetHistory(): void {
  for (let i = 0; i < lahcLength; i++) {
    history[3 * i] = scoreHard;
    history[3 * i + 1] = scoreMedium;
    history[3 * i + 2] = scoreSoft;
  }
  lahcIndex = 0;
}

export function restoreLahcIndex(index: i64): void {
  lahcIndex = index;
}

export function setStepsDone(steps: i64): void {
  stepsDone = steps;
  schedulePeriodic();
}

// ---- violation pool ---------------------------------------------------------------------------------------------

/** Whether movable shift s is in a hard or medium violation of its own (unassigned mandatory, or badly placed). */
export function isViolating(s: i32): bool {
  if (isHistoric(s)) return false;
  const e = unchecked(assignment[s]);
  if (e < 0) return isMandatory(s) && unchecked(enabled[UNASSIGNED_ID]);
  // Also settles the shift's hardClean flag (solution.ts), sparing the next move of s that evaluation.
  const dirty = hardLocal(s, e) > 0;
  unchecked(hardClean[s] = dirty ? 1 : 0);
  if (dirty) return true;
  return unchecked(enabled[OVERLAP_ID]) && overlapOfOwnShift(s, e) > 0;
}

/** The pool's first capacity; it doubles when full (at most S entries: a shift is in it once). */
const POOL_INITIAL: i32 = 4096;

function poolHas(s: i32): bool {
  return ((unchecked(inPool[s >>> 5]) >>> (<u32>s & 31)) & 1) != 0;
}

function poolAdd(s: i32): void {
  if (poolHas(s) || isPinned(s)) return;
  if (poolSize == pool.length) {
    const grown = new StaticArray<i32>(min(shiftCount, 2 * pool.length));
    memory.copy(changetype<usize>(grown), changetype<usize>(pool), <usize>poolSize << 2);
    pool = grown;
  }
  unchecked(inPool[s >>> 5] |= 1 << (<u32>s & 31));
  unchecked(pool[poolSize++] = s);
}

function poolRemoveAt(i: i32): void {
  const s = unchecked(pool[i]);
  unchecked(pool[i] = unchecked(pool[--poolSize]));
  unchecked(inPool[s >>> 5] &= ~(1 << (<u32>s & 31)));
}

/** Empties the pool (its members' membership words cleared). */
function clearPool(): void {
  for (let i = 0; i < poolSize; i++) unchecked(inPool[unchecked(pool[i]) >>> 5] = 0);
  poolSize = 0;
}

/** Rebuilds the pool from scratch: every movable shift in violation, in start order. */
export function rebuildPool(): void {
  clearPool();
  for (let i = 0; i < movableCount; i++) if (isViolating(movable[i])) poolAdd(movable[i]);
}

/** Restores the pool from a checkpoint (`n` shift indices at src). */
export function restorePool(src: usize, n: i32): void {
  clearPool();
  for (let i = 0; i < n; i++) poolAdd(load<i32>(src + (<usize>i << 2)));
}

function noteViolation(s: i32): void {
  if (isViolating(s)) poolAdd(s);
}

function pickShift(): i32 {
  if (poolSize > 0 && rngBelow(2) == 0) {
    const i = rngBelow(poolSize);
    const s = unchecked(pool[i]);
    if (isViolating(s)) return s;
    poolRemoveAt(i);
  }
  if (windowPositions > 0) {
    // Large instance: uniform over the current window (see the header), wrapping around the end of the schedule.
    let i = <i32>((stepsDone / WINDOW_DWELL) % <i64>windowPositions) * (WINDOW >> 1) + rngBelow(WINDOW);
    if (i >= movableCount) i -= movableCount;
    return unchecked(movable[i]);
  }
  return unchecked(movable[rngBelow(movableCount)]);
}

/**
 * A random candidate employee for shift s: a holder of its rarest required skill, else anyone. With many employees
 * (employeeWindowPositions > 0) both draws keep to the employee window (see the header): anyone is one of its
 * EMPLOYEE_WINDOW employees, a holder one of the matching stretch of the skill's holder list (sorted by employee,
 * so about the holders among them), at least one holder wide.
 */
function sampleEmployee(s: i32): i32 {
  const key = sf(s, SR_KEY_SKILL);
  if (key >= 0 && rngBelow(4) != 0) {
    const from = unchecked(holdersOff[key]), n = unchecked(holdersOff[key + 1]) - from;
    if (n > 0) {
      if (employeeWindowPositions == 0) return unchecked(holders[from + rngBelow(n)]);
      const width = max(1, <i32>((<i64>n * EMPLOYEE_WINDOW + employeeCount - 1) / employeeCount));
      let i = <i32>((<i64>n * employeeWindowFirst()) / employeeCount) + rngBelow(width);
      if (i >= n) i -= n;
      return unchecked(holders[from + i]);
    }
  }
  if (employeeWindowPositions == 0) return rngBelow(employeeCount);
  let e = employeeWindowFirst() + rngBelow(EMPLOYEE_WINDOW);
  if (e >= employeeCount) e -= employeeCount;
  return e;
}

/** The first employee of the employee window at the current step (a function of the step count alone). */
function employeeWindowFirst(): i32 {
  return <i32>((stepsDone / EMPLOYEE_DWELL) % <i64>employeeWindowPositions) * (EMPLOYEE_WINDOW >> 1);
}

// ---- acceptance ---------------------------------------------------------------------------------------------------

function annealingChance(delta: i64, level: i32): f64 {
  if (delta >= 0) return 1;
  const t0 = unchecked(saStart[level]);
  if (t0 <= 0) return 0;
  const t = t0 * Math.pow(2, -(<f64>stepsDone) / <f64>saHalfLife);
  return t <= 0 ? 0 : Math.exp(<f64>delta / t);
}

/**
 * Early rejection on the hard level alone (score.ts moveHard): true when the candidate's hard score is below both
 * acceptance thresholds, so its medium and soft levels cannot matter.
 */
function hardRejects(slot: i32): bool {
  return scoreHard + dHard < hardLimit(slot);
}

/**
 * The hard score below which a candidate is rejected whatever its other levels: late acceptance accepts a
 * candidate no worse than the current or the late solution, so below the lower of their hard scores it cannot
 * pass. Annealing with a positive hard temperature accepts any hard score (with some probability).
 */
function hardLimit(slot: i32): i64 {
  if (acceptor == ACCEPTOR_SIMULATED_ANNEALING) return unchecked(saStart[0]) <= 0 ? scoreHard : i64.MIN_VALUE;
  return min(scoreHard, unchecked(history[slot * 3]));
}

function accepts(slot: i32): bool {
  const h = scoreHard + dHard, m = scoreMedium + dMedium, s = scoreSoft + dSoft;
  if (!isBetter(scoreHard, scoreMedium, scoreSoft, h, m, s)) return true;
  if (acceptor == ACCEPTOR_SIMULATED_ANNEALING) {
    const chance = annealingChance(dHard, 0) * annealingChance(dMedium, 1) * annealingChance(dSoft, 2);
    return chance > 0 && <f64>rngNext() / 4294967296.0 < chance;
  }
  const at = slot * 3;
  return !isBetter(unchecked(history[at]), unchecked(history[at + 1]), unchecked(history[at + 2]), h, m, s);
}

// ---- moves --------------------------------------------------------------------------------------------------------

/** Change move: one shift to another employee or to unassigned. */
function changeStep(slot: i32): void {
  const s = pickShift();
  const from = unchecked(assignment[s]);
  let to = from >= 0 && rngBelow(8) == 0 ? -1 : sampleEmployee(s);
  if (to == from) return;
  resetDelta();
  if (!moveHardUntil(s, from, to, hardLimit(slot)) || hardRejects(slot)) return;
  moveRest(s, from, to);
  if (!accepts(slot)) return;
  setEmployee(s, to);
  commitDelta();
  noteChange(s, from);
  noteViolation(s);
}

/** Swap move: two shifts exchange employees. Scored by doing both changes, undone when rejected. */
function swapStep(slot: i32): void {
  const s1 = pickShift();
  const rank = unchecked(rankByStart[s1]);
  const lo = max(0, rank - SWAP_WINDOW);
  const hi = min(shiftCount, rank + SWAP_WINDOW + 1);
  const s2 = unchecked(shiftsByStart[lo + rngBelow(hi - lo)]);
  if (isPinned(s2)) return;
  const a = unchecked(assignment[s1]), b = unchecked(assignment[s2]);
  if (a == b) return;
  // Scored without applying (score.ts swapHard / swapRest), so a rejected swap touches no list.
  resetDelta();
  if (!swapHardUntil(s1, s2, a, b, hardLimit(slot)) || hardRejects(slot)) return;
  swapRest(s1, s2, a, b);
  if (!accepts(slot)) return;
  setEmployee(s1, b);
  setEmployee(s2, a);
  commitDelta();
  noteChange(s1, a);
  noteChange(s2, b);
  noteViolation(s1);
  noteViolation(s2);
}

/** Ruin and recreate around a random (preferably violating) shift. */
function ruinRecreateStep(slot: i32): void {
  const anchor = pickShift();
  const k = 2 + rngBelow(RUIN_MAX - 1);
  const rank = unchecked(rankByStart[anchor]);
  let n = 0;
  for (let p = max(0, rank - (k >> 1)), end = min(shiftCount, p + 3 * k); p < end && n < k; p++) {
    const s = unchecked(shiftsByStart[p]);
    if (isPinned(s)) continue;
    unchecked(ruined[n] = s);
    unchecked(ruinedFrom[n] = assignment[s]);
    n++;
  }
  if (n == 0) return;
  resetDelta();
  for (let i = 0; i < n; i++) {
    const s = unchecked(ruined[i]);
    addChangeDelta(s, unchecked(ruinedFrom[i]), -1);
    setEmployee(s, -1);
  }
  // Re-place in a random rotation of the ruined order, each on its best candidate (unassigned is the baseline).
  const first = rngBelow(n);
  for (let j = 0; j < n; j++) {
    const s = unchecked(ruined[(first + j) % n]);
    let best = -1;
    let bH: i64 = 0, bM: i64 = 0, bS: i64 = 0;
    for (let c = 0; c < n + RECREATE_SAMPLE; c++) {
      const e = c < n ? unchecked(ruinedFrom[c]) : sampleEmployee(s);
      if (e < 0 || e == best) continue;
      evalChange(s, -1, e);
      if (isBetter(pHard, pMedium, pSoft, bH, bM, bS)) {
        best = e;
        bH = pHard;
        bM = pMedium;
        bS = pSoft;
      }
    }
    if (best >= 0) {
      addChangeDelta(s, -1, best);
      setEmployee(s, best);
    }
  }
  let changed = false;
  for (let i = 0; i < n; i++) if (unchecked(assignment[ruined[i]]) != unchecked(ruinedFrom[i])) changed = true;
  if (changed) unchecked(movesTried[MOVE_RUIN]++);
  if (changed && accepts(slot)) {
    unchecked(movesAccepted[MOVE_RUIN]++);
    commitDelta();
    for (let i = 0; i < n; i++) {
      const s = unchecked(ruined[i]);
      if (unchecked(assignment[s]) != unchecked(ruinedFrom[i])) noteChange(s, unchecked(ruinedFrom[i]));
      noteViolation(s);
    }
  } else {
    for (let i = n - 1; i >= 0; i--) setEmployee(unchecked(ruined[i]), unchecked(ruinedFrom[i]));
  }
}

/** Collects e's shifts starting in [lo, hi) into the block from `n` on; -1 when one is pinned or there are too many. */
function collectBlock(e: i32, lo: i32, hi: i32, n: i32): i32 {
  const base = listBase(e), len = unchecked(listLength[e]);
  for (let i = lowerBoundByStart(e, lo); i < len && listStart(base, i) < hi; i++) {
    const s = listAt(base, i);
    if (isPinned(s) || n >= 2 * BLOCK_MAX) return -1;
    unchecked(blockShift[n] = s);
    unchecked(blockFrom[n] = e);
    n++;
  }
  return n;
}

/** Block swap: two employees exchange their shifts over a range of days around a random shift. */
function blockSwapStep(slot: i32): void {
  const anchor = pickShift();
  const a = unchecked(assignment[anchor]);
  if (a < 0) return;
  blockSwap(slot, anchor, a, MOVE_BLOCK);
}

/** Block swap of employee a (holding `anchor`) with a sampled one, around the anchor; counted under `kind`. */
function blockSwap(slot: i32, anchor: i32, a: i32, kind: i32): void {
  const b = sampleEmployee(anchor);
  if (b == a) return;
  const days = 1 + rngBelow(BLOCK_DAYS);
  const lo = sf(anchor, SR_START) - rngBelow(days) * DAY_MINUTES;
  const hi = lo + days * DAY_MINUTES;
  const na = collectBlock(a, lo, hi, 0);
  if (na < 0) return;
  const n = collectBlock(b, lo, hi, na);
  if (n < 0) return;
  resetDelta();
  for (let i = 0; i < n; i++) {
    const s = unchecked(blockShift[i]), from = unchecked(blockFrom[i]), to = from == a ? b : a;
    addChangeDelta(s, from, to);
    setEmployee(s, to);
  }
  unchecked(movesTried[kind]++);
  if (accepts(slot)) {
    unchecked(movesAccepted[kind]++);
    commitDelta();
    for (let i = 0; i < n; i++) {
      const s = unchecked(blockShift[i]);
      noteChange(s, unchecked(blockFrom[i]));
      noteViolation(s);
    }
  } else {
    for (let i = n - 1; i >= 0; i--) setEmployee(unchecked(blockShift[i]), unchecked(blockFrom[i]));
  }
}

/**
 * Run move (moves/run.ts, moves/slide.ts): fill, clear, shift or slide days of one employee around a random shift,
 * the employee its holder or (for a fill, or an open anchor) a sampled candidate.
 */
function runStep(slot: i32): void {
  const anchor = pickShift();
  const holder = unchecked(assignment[anchor]);
  let kind = rngBelow(RUN_STEP_SLIDE + 1);
  let e = holder;
  if (kind == RUN_FILL && (holder < 0 || rngBelow(2) == 0)) e = sampleEmployee(anchor);
  if (e < 0) {
    kind = RUN_FILL;
    e = sampleEmployee(anchor);
  }
  if (kind >= RUN_SHIFT && holder != e) return;
  if ((kind == RUN_STEP_SLIDE ? applyRunSlide(e, anchor) : applyRunMove(kind, e, anchor)) > 0) finishCompound(slot, MOVE_RUN);
}

/**
 * An employee whose contract rules are broken at the worst level (contracts.ts breachOf: weighted penalties, hard
 * before medium before soft) among BREACH_SCAN employees from a random one: half of the time the one breaking them
 * by the largest weighted penalty, else one drawn uniformly among those breaking rules at that level (so that one
 * breach that cannot be mended, e.g. a minimum of minutes beyond what the employee's maximum shifts allow, takes
 * at most half of such moves); -1 when none of them breaks any.
 */
function breachEmployee(): i32 {
  let e = rngBelow(employeeCount), best = -1, level = 3, seen = 0, heaviest = -1, heaviestAt: i64 = 0;
  // On the benchmark a broken stand-in (a minimum run, a minimum of minutes) outweighs any other soft breach.
  const heavy = rngBelow(2) == 0;
  for (let i = 0, n = min(employeeCount, BREACH_SCAN); i < n; i++) {
    breachOf(e, constraintWeight);
    const l = breachHard > 0 ? 0 : breachMedium > 0 ? 1 : breachSoft > 0 ? 2 : 3;
    if (l < level) {
      level = l;
      seen = 0;
      heaviest = -1;
    }
    if (l == level && l < 3) {
      // Reservoir sampling over the employees at the worst level seen so far.
      if (rngBelow(++seen) == 0) best = e;
      const w = l == 0 ? breachHard : l == 1 ? breachMedium : breachSoft;
      if (heaviest < 0 || w > heaviestAt) {
        heaviest = e;
        heaviestAt = w;
      }
    }
    if (++e == employeeCount) e = 0;
  }
  return heavy ? heaviest : best;
}

/**
 * A shift of employee e (it holds len > 0) where its rules are broken worst (contracts.ts breachDays: one of the
 * matches of its heaviest broken rule): drawn uniformly among those starting on the match's days, else the one
 * starting nearest to them (a run of days off too short names days it does not work); a random shift of e when the
 * match names no days.
 */
function breachAnchor(e: i32, len: i32): i32 {
  const base = listBase(e);
  if (!breachDays(e, constraintWeight, <u32>rngBelow(1 << 30))) return listAt(base, rngBelow(len));
  const g = unchecked(employeeTz[e]);
  let inside = 0, pick = -1, nearest = -1, distance = i32.MAX_VALUE;
  // The list is in start order, so its days ascend: past the match's last day nothing nearer or inside follows.
  for (let i = 0; i < len; i++) {
    const s = listAt(base, i), d = startDay(g, s);
    if (d > breachTo && (inside > 0 || d - breachTo >= distance)) break;
    if (d >= breachFrom && d <= breachTo) {
      if (rngBelow(++inside) == 0) pick = s;
    } else if (inside == 0) {
      const away = d < breachFrom ? breachFrom - d : d - breachTo;
      if (away < distance) {
        distance = away;
        nearest = s;
      }
    }
  }
  return pick >= 0 ? pick : nearest;
}

/**
 * Breach-aimed move: one in BREACH_HORIZON_ODDS a horizon re-roster (moves/horizon.ts: its 14 days chosen again),
 * else one of six kinds drawn alike: a run move (moves/run.ts: fill, clear, shift, or rebuild: the employee's window
 * cleared and rebuilt day by day, a ruin and recreate of one employee), a run slide (moves/slide.ts) or a block
 * swap with a sampled employee, of an employee whose contract rules are broken at the worst level (breachEmployee),
 * around one of its own shifts where its worst rule is broken (breachAnchor; a fill around a drawn shift when it
 * holds none), so that a run too short or too long is mended where it is rather than where a random draw lands
 * (README "Nurse rostering benchmark": on the year-long instance 23 the first feasible schedule came at 16 s
 * instead of 5 s when the anchor was any of the employee's shifts). Some breaches take several
 * days of the employee changed at once, which the horizon re-roster does (README "Nurse rostering benchmark":
 * instance 15).
 */
function breachStep(slot: i32): void {
  const e = breachEmployee();
  if (e < 0) {
    // Nothing broken among the employees scanned: the step is not lost, it makes a change move.
    changeStep(slot);
    return;
  }
  const len = unchecked(listLength[e]);
  let kind = rngBelow(BREACH_HORIZON_ODDS) == 0 ? BREACH_HORIZON : rngBelow(BREACH_HORIZON), anchor = -1;
  if (len == 0) {
    kind = RUN_FILL;
    anchor = pickShift();
  } else {
    anchor = breachAnchor(e, len);
    if (isPinned(anchor)) return;
  }
  if (kind == BREACH_BLOCK) {
    blockSwap(slot, anchor, e, MOVE_BREACH);
    return;
  }
  if (kind == BREACH_HORIZON) {
    if (applyHorizonReroster(e, anchor) > 0) finishCompound(slot, MOVE_BREACH);
    return;
  }
  if ((kind == BREACH_SLIDE ? applyRunSlide(e, anchor) : applyRunMove(kind, e, anchor)) > 0) finishCompound(slot, MOVE_BREACH);
}

/** The first open shift that costs, scanning start order from a random shift (at most OPEN_SCAN positions); -1 when none. */
function openThatCosts(): i32 {
  const rank = unchecked(rankByStart[pickShift()]);
  for (let p = rank, end = min(shiftCount, rank + OPEN_SCAN); p < end; p++) {
    const x = unchecked(shiftsByStart[p]);
    if (unchecked(assignment[x]) < 0 && !isPinned(x) && costsOpen(x)) return x;
  }
  return -1;
}

/**
 * Cover chain (moves/chain.ts) from an open shift that costs (openThatCosts); its first employee half of the time
 * the best taker of a few free ones (moves/cover.ts bestTaker), else (and when there is none) a sampled one.
 */
function chainStep(slot: i32): void {
  const s = openThatCosts();
  if (s < 0) return;
  let e = rngBelow(2) == 0 ? bestTaker(s) : -1;
  if (e < 0) e = sampleEmployee(s);
  if (applyCoverChain(s, e, sampleEmployee) > 0) finishCompound(slot, MOVE_CHAIN);
}

/**
 * A compound move aimed at an open shift that costs (openThatCosts), with a sampled employee: a cover move
 * (moves/cover.ts), a run relocation (moves/relocate.ts) or a re-roster (moves/reroster.ts), by `kind`; a change move
 * when no such shift is found.
 */
function openShiftStep(slot: i32, kind: i32): void {
  const s = openThatCosts();
  if (s < 0) {
    changeStep(slot);
    return;
  }
  // The cover move's employee: half of the time a cheaper holder, a quarter a slide of a neighbour's run onto s (once
  // deep or no contract rule is broken, half of those a cover completion), an eighth the best taker of a few free
  // employees, else (and when there is none) a sampled one.
  let e = -1;
  if (kind == MOVE_COVER) {
    const source = rngBelow(8);
    if (source < 4) e = cheaperHolder(s);
    else if (source < 6) {
      const slid = source == 4 || !(deep || contractsKept) ? applyCoverSlide(s) : applyCoverCompletion(s);
      if (slid > 0) finishCompound(slot, kind);
      if (slid >= 0) return;
    } else if (source == 7) e = bestTaker(s);
  }
  if (e < 0) e = sampleEmployee(s);
  const applied = kind == MOVE_COVER ? applyCoverMove(s, e) : kind == MOVE_RELOCATE ? applyRunRelocation(s, e) : applyReroster(e, s);
  if (applied > 0) finishCompound(slot, kind);
}

/**
 * Horizon re-roster (moves/horizon.ts): half of the time of an employee breaking its
 * contract rules worst (breachEmployee) around one of its shifts, else of a sampled employee around an open shift
 * that costs (openThatCosts), half of those times with a second sampled employee (a pair re-roster); a change move
 * when neither is found.
 */
function horizonStep(slot: i32): void {
  let e = rngBelow(2) == 0 ? breachEmployee() : -1, anchor = -1, open = false;
  if (e >= 0 && unchecked(listLength[e]) > 0) anchor = listAt(listBase(e), rngBelow(unchecked(listLength[e])));
  else {
    anchor = openThatCosts();
    open = true;
    if (anchor >= 0) e = sampleEmployee(anchor);
  }
  if (anchor < 0 || e < 0) {
    changeStep(slot);
    return;
  }
  if (open && rngBelow(2) == 0) {
    if (applyPairReroster(e, sampleEmployee(anchor), anchor) > 0) finishCompound(slot, MOVE_HORIZON);
  } else if (applyHorizonReroster(e, anchor) > 0) finishCompound(slot, MOVE_HORIZON);
}

/** Request move (moves/request.ts); a change move when no unmet preferred span is found. */
function requestStep(slot: i32): void {
  const applied = applyRequestMove();
  if (applied > 0) finishCompound(slot, MOVE_REQUEST);
  else if (applied < 0) changeStep(slot);
}

/** Accepts (commits, journals, refreshes the pool) or undoes the applied compound move (moves/compound.ts). */
function finishCompound(slot: i32, kind: i32): void {
  unchecked(movesTried[kind]++);
  if (accepts(slot)) {
    unchecked(movesAccepted[kind]++);
    compoundCommit();
    for (let i = 0; i < compoundCount; i++) noteViolation(compoundShift(i));
  } else compoundUndo();
}

/** Doubles the history (see LAHC_GROWTH); the new slots take the current score. */
function growHistory(): void {
  const grown = new StaticArray<i64>(6 * lahcLength);
  memory.copy(changetype<usize>(grown), changetype<usize>(history), <usize>(24 * lahcLength));
  for (let i = lahcLength; i < 2 * lahcLength; i++) {
    grown[3 * i] = scoreHard;
    grown[3 * i + 1] = scoreMedium;
    grown[3 * i + 2] = scoreSoft;
  }
  history = grown;
  lahcLength *= 2;
}

/** The kick of KICK_PERIOD_DEFAULT (kickPeriod): lowers every slot's soft score when all hold the current score. */
function kickIfStalled(): void {
  movesTried[MOVE_KICK]++;
  for (let i = 0; i < lahcLength; i++) {
    if (unchecked(history[3 * i]) != scoreHard || unchecked(history[3 * i + 1]) != scoreMedium || unchecked(history[3 * i + 2]) != scoreSoft) return;
  }
  movesAccepted[MOVE_KICK]++;
  // A stall with no hard or medium violation left (the pool empty) and no better best since the last stall-period
  // boundary (see STALL_PERIOD): the compound kinds' deep shares from now on.
  if (poolSize == 0 && bestHard == periodBest[0] && bestMedium == periodBest[1] && bestSoft == periodBest[2]) deep = true;
  const kick = max<i64>(1, (scoreSoft < 0 ? -scoreSoft : scoreSoft) >> KICK_SHIFT);
  for (let i = 0; i < lahcLength; i++) unchecked(history[3 * i + 2] = scoreSoft - kick);
}

/**
 * The kind of a step before the search is `deep`, by the fixed shares of MOVE_PERIOD (see the header): the compound
 * kinds' shares while the violation pool is empty, else block swaps, ruin and recreate, changes and swaps alone.
 */
function fixedKind(): i32 {
  const r = rngBelow(MOVE_PERIOD);
  const breach = BLOCK_SHARE + (poolSize == 0 ? BREACH_SHARE : 0);
  const cover = breach + (poolSize == 0 ? COVER_SHARE : 0);
  const relocate = cover + (poolSize == 0 ? RELOCATE_SHARE : 0);
  const request = relocate + (poolSize == 0 ? REQUEST_SHARE : 0);
  if (r == 0) return MOVE_RUIN;
  if (r <= BLOCK_SHARE) return MOVE_BLOCK;
  if (r <= breach) return MOVE_BREACH;
  if (r <= cover) return MOVE_COVER;
  if (r <= relocate) return MOVE_RELOCATE;
  if (r <= request) return MOVE_REQUEST;
  return (r & 1) != 0 ? MOVE_CHANGE : MOVE_SWAP;
}

/**
 * The deep phase's base shares (move-shares.ts: the floor is half of them), out of SHARE_SCALE: MOVE_PERIOD's
 * DEEP_* and the cover moves' and run relocations' shares, one in MOVE_PERIOD for ruin and recreate, and the rest
 * to changes and swaps, half each. The kick is no kind of step (its share is 0).
 */
function deepBaseShares(): StaticArray<i32> {
  const base = new StaticArray<i32>(SHARE_KINDS);
  base[MOVE_RUIN] = 1;
  base[MOVE_BLOCK] = DEEP_BLOCK;
  base[MOVE_RUN] = DEEP_RUN;
  base[MOVE_CHAIN] = DEEP_CHAIN;
  base[MOVE_BREACH] = DEEP_BREACH;
  base[MOVE_COVER] = COVER_SHARE;
  base[MOVE_RELOCATE] = RELOCATE_SHARE;
  base[MOVE_REROSTER] = DEEP_REROSTER;
  base[MOVE_HORIZON] = DEEP_HORIZON;
  base[MOVE_REQUEST] = REQUEST_SHARE;
  let used = 0;
  for (let k = 0; k < SHARE_KINDS; k++) used += base[k];
  base[MOVE_CHANGE] = (MOVE_PERIOD - used) >> 1;
  base[MOVE_SWAP] = MOVE_PERIOD - used - base[MOVE_CHANGE];
  for (let k = 0; k < SHARE_KINDS; k++) base[k] *= SHARE_SCALE / MOVE_PERIOD;
  return base;
}

setBaseShares(deepBaseShares());

function runKind(kind: i32, slot: i32): void {
  if (kind == MOVE_RUIN) ruinRecreateStep(slot);
  else if (kind == MOVE_BLOCK) blockSwapStep(slot);
  else if (kind == MOVE_RUN) runStep(slot);
  else if (kind == MOVE_CHAIN) chainStep(slot);
  else if (kind == MOVE_BREACH) breachStep(slot);
  else if (kind == MOVE_COVER || kind == MOVE_RELOCATE || kind == MOVE_REROSTER) openShiftStep(slot, kind);
  else if (kind == MOVE_HORIZON) horizonStep(slot);
  else if (kind == MOVE_REQUEST) requestStep(slot);
  else if (kind == MOVE_CHANGE) changeStep(slot);
  else swapStep(slot);
}

export function localSearchStep(): void {
  if (acceptor == ACCEPTOR_LATE_ACCEPTANCE) {
    if (lahcLength < LAHC_MAX && stepsDone >= LAHC_GROWTH * <i64>lahcLength) growHistory();
    if (stepsDone >= nextKick) {
      nextKick += kickPeriod;
      kickIfStalled();
    }
    if (stepsDone >= nextStall) {
      nextStall += stallPeriod;
      // Deep once a whole stall period left the best solution as it was (see MOVE_PERIOD).
      if (bestHard == periodBest[0] && bestMedium == periodBest[1] && bestSoft == periodBest[2]) deep = true;
      noteBreaches();
      periodBest[0] = bestHard;
      periodBest[1] = bestMedium;
      periodBest[2] = bestSoft;
    }
  }
  const slot = <i32>(lahcIndex % <i64>lahcLength);
  if (movableCount > 0 && employeeCount > 0) {
    // Deep: the kind drawn by the adaptive shares (move-shares.ts), reweighed every SHARE_PERIOD steps, and credited
    // with the step's work and gain; before: by the fixed shares.
    const adaptive = deep;
    if (adaptive && stepsDone > 0 && (stepsDone & (SHARE_PERIOD - 1)) == 0) reweigh();
    const kind = adaptive ? drawKind() : fixedKind();
    const h0 = scoreHard, m0 = scoreMedium, s0 = scoreSoft, work = evalCount;
    runKind(kind, slot);
    if (adaptive) creditStep(kind, evalCount - work, h0, m0, s0);
  }
  // Burke & Bykov: the slot takes the current cost whether or not the candidate was accepted.
  const at = slot * 3;
  unchecked(history[at] = scoreHard);
  unchecked(history[at + 1] = scoreMedium);
  unchecked(history[at + 2] = scoreSoft);
  lahcIndex++;
  stepsDone++;
  if (isBetter(scoreHard, scoreMedium, scoreSoft, bestHard, bestMedium, bestSoft)) markBest();
  else settleJournal();
}
