/**
 * Checkpoint: the complete search state as bytes (layout drawn in layout.ts), written and read sequentially.
 * Restoring into a fresh instance loaded with the same problem continues exactly as if the run had never stopped.
 * Derived state is not stored but rebuilt: the per-employee lists and balance loads by re-applying the assignment,
 * the current score from scratch (exact).
 */
import {
  LAYOUT_VERSION, CHECKPOINT_MAGIC, PHASE_CONSTRUCTION, PHASE_LOCAL_SEARCH, ERR_VERSION, ERR_SIZE, ERR_RANGE, ERR_STATE,
  ACCEPTOR_LATE_ACCEPTANCE, ACCEPTOR_SIMULATED_ANNEALING,
} from "./layout";
import { shiftCount, employeeCount, loaded } from "./problem";
import { setEmployee } from "./solution";
import { assignment } from "./state";
import { CONSTRAINT_COUNT } from "./constraints/index";
import { constraintWeight, recomputeScore, setWeight } from "./score";
import { bestHard, bestMedium, bestSoft, copyBestTo, restoreBest } from "./best";
import {
  order, orderLength, cursor, employeeCursor, bestEmployee, candidateHard, candidateMedium, candidateSoft,
  restoreConstruction,
} from "./construction";
import {
  lahcLength, lahcIndex, history, setLahcLength, restoreLahcIndex, acceptor, saStart, saHalfLife, setAcceptor, pool,
  poolSize, restorePool, deep, contractsKept, restoreStallState, periodBest, stallPeriod, kickPeriod, setPeriods,
} from "./local-search";
import { rngState, rngSetState } from "./rng";
import { sharesBytes, sharesValid, restoreShares, writeShares } from "./move-shares";
import { phase, started, unitsDone, localSearchSteps, prepare, setState } from "./engine";

/** Sequential cursor; with base 0 nothing is written (measuring). */
let base: usize = 0;
let at: usize = 0;

function w32(v: i32): void {
  if (base) store<i32>(base + at, v);
  at += 4;
}
function w64(v: i64): void {
  if (base) store<i64>(base + at, v);
  at += 8;
}
function wf64(v: f64): void {
  if (base) store<f64>(base + at, v);
  at += 8;
}
function align8(): void {
  while (at & 7) w32(0);
}
function wBytes(src: usize, bytes: usize): void {
  if (base) memory.copy(base + at, src, bytes);
  at += bytes;
}

function writeAll(): void {
  const s = shiftCount;
  w32(CHECKPOINT_MAGIC);
  w32(LAYOUT_VERSION);
  w32(s);
  w32(employeeCount);
  w32(CONSTRAINT_COUNT);
  w32(phase);
  w32(lahcLength);
  w32(orderLength);
  w32(cursor);
  w32(employeeCursor);
  w32(bestEmployee);
  w32(acceptor);
  w32(poolSize);
  align8();
  w64(unitsDone);
  w64(localSearchSteps);
  w64(<i64>rngState());
  w64(lahcIndex);
  w64(bestHard);
  w64(bestMedium);
  w64(bestSoft);
  w64(candidateHard);
  w64(candidateMedium);
  w64(candidateSoft);
  w64(saHalfLife);
  for (let i = 0; i < 3; i++) wf64(saStart[i]);
  for (let i = 0; i < CONSTRAINT_COUNT; i++) w64(constraintWeight[i]);
  wBytes(changetype<usize>(assignment), <usize>s << 2);
  if (base) copyBestTo(base + at);
  at += <usize>s << 2;
  wBytes(changetype<usize>(order), <usize>orderLength << 2);
  wBytes(changetype<usize>(pool), <usize>poolSize << 2);
  align8();
  wBytes(changetype<usize>(history), <usize>(24 * lahcLength));
  for (let i = 0; i < 3; i++) w64(periodBest[i]);
  w32(deep ? 1 : 0);
  w32(contractsKept ? 1 : 0);
  w64(stallPeriod);
  w64(kickPeriod);
  if (base) writeShares(base + at);
  at += sharesBytes();
}

export function checkpointSize(): i32 {
  base = 0;
  at = 0;
  writeAll();
  return <i32>at;
}

/** Writes the checkpoint to `out` (checkpointSize() bytes). Reads state only. Returns the bytes written. */
export function checkpointWrite(out: usize): i32 {
  if (!started) return ERR_STATE;
  base = out;
  at = 0;
  writeAll();
  base = 0;
  return <i32>at;
}

let src: usize = 0;
let end: usize = 0;
let overrun = false;

function r32(): i32 {
  if (at + 4 > end) { overrun = true; return 0; }
  const v = load<i32>(src + at);
  at += 4;
  return v;
}
function r64(): i64 {
  if (at + 8 > end) { overrun = true; return 0; }
  const v = load<i64>(src + at);
  at += 8;
  return v;
}
function rf64(): f64 {
  if (at + 8 > end) { overrun = true; return 0; }
  const v = load<f64>(src + at);
  at += 8;
  return v;
}
function ralign8(): void {
  while (at & 7) r32();
}

/** Restores a checkpoint of `bytes` bytes at `from` into a fresh instance with the problem loaded. */
export function checkpointRestore(from: usize, bytes: i32): i32 {
  if (!loaded || started) return ERR_STATE;
  src = from;
  end = <usize>bytes;
  at = 0;
  overrun = false;
  if (bytes < 64) return ERR_SIZE;
  if (r32() != CHECKPOINT_MAGIC) return ERR_VERSION;
  if (r32() != LAYOUT_VERSION) return ERR_VERSION;
  const s = shiftCount;
  if (r32() != s) return ERR_RANGE;
  if (r32() != employeeCount) return ERR_RANGE;
  if (r32() != CONSTRAINT_COUNT) return ERR_RANGE;
  const atPhase = r32();
  const lahc = r32();
  const length = r32();
  const atCursor = r32();
  const atEmployee = r32();
  const best = r32();
  const kind = r32();
  const pooled = r32();
  if (atPhase != PHASE_CONSTRUCTION && atPhase != PHASE_LOCAL_SEARCH) return ERR_RANGE;
  if (kind != ACCEPTOR_LATE_ACCEPTANCE && kind != ACCEPTOR_SIMULATED_ANNEALING) return ERR_RANGE;
  if (lahc < 1 || length < 0 || length > 2 * s || pooled < 0 || pooled > s) return ERR_RANGE;
  ralign8();
  const units = r64();
  const steps = r64();
  const rng = r64();
  const index = r64();
  const bH = r64(), bM = r64(), bS = r64();
  const cH = r64(), cM = r64(), cS = r64();
  const halfLife = r64();
  const t0 = rf64(), t1 = rf64(), t2 = rf64();
  const weights = new StaticArray<i64>(CONSTRAINT_COUNT);
  for (let i = 0; i < CONSTRAINT_COUNT; i++) weights[i] = r64();
  const current = at;
  const bestAt = current + (<usize>s << 2);
  const orderAt = bestAt + (<usize>s << 2);
  const poolAt = orderAt + (<usize>length << 2);
  at = poolAt + (<usize>pooled << 2);
  ralign8();
  const historyAt = at;
  at += <usize>(24 * lahc);
  const pH = r64(), pM = r64(), pS = r64();
  const atDeep = r32();
  const atKept = r32();
  const stall = r64(), kick = r64();
  const sharesAt = at;
  at += sharesBytes();
  if (overrun || at != end) return ERR_SIZE;
  if (atDeep != 0 && atDeep != 1) return ERR_RANGE;
  if (atKept != 0 && atKept != 1) return ERR_RANGE;
  if (stall < 0 || kick < 0) return ERR_RANGE;
  for (let i = 0; i < s; i++) {
    const e = load<i32>(src + current + (<usize>i << 2));
    if (e < -1 || e >= employeeCount) return ERR_RANGE;
    const b = load<i32>(src + bestAt + (<usize>i << 2));
    if (b < -1 || b >= employeeCount) return ERR_RANGE;
  }
  for (let i = 0; i < pooled; i++) {
    const p = load<i32>(src + poolAt + (<usize>i << 2));
    if (p < 0 || p >= s) return ERR_RANGE;
  }
  for (let i = 0; i < CONSTRAINT_COUNT; i++) if (weights[i] < 0) return ERR_RANGE;
  if (!sharesValid(src + sharesAt)) return ERR_RANGE;

  for (let i = 0; i < CONSTRAINT_COUNT; i++) setWeight(i, weights[i]);
  setLahcLength(lahc);
  setAcceptor(kind, t0, t1, t2, halfLife);
  setPeriods(stall, kick);
  prepare();
  for (let i = 0; i < s; i++) setEmployee(i, load<i32>(src + current + (<usize>i << 2)));
  recomputeScore();
  restoreBest(src + bestAt, bH, bM, bS);
  restoreConstruction(src + orderAt, length, atCursor, atEmployee, best, cH, cM, cS);
  restorePool(src + poolAt, pooled);
  memory.copy(changetype<usize>(history), src + historyAt, <usize>(24 * lahc));
  restoreLahcIndex(index);
  restoreStallState(atDeep != 0, atKept != 0, pH, pM, pS);
  restoreShares(src + sharesAt);
  rngSetState(<u64>rng);
  setState(atPhase, units, steps);
  return 0;
}
