/**
 * Checkpoint: the complete search state as bytes (layout drawn in layout.ts). Restoring into a fresh instance
 * loaded with the same problem continues exactly as if the run had never stopped. The current score is not stored:
 * it is recomputed from scratch, which is exact.
 */
import {
  LAYOUT_VERSION, CHECKPOINT_MAGIC, CK_MAGIC, CK_VERSION, CK_SHIFTS, CK_EMPLOYEES, CK_CONSTRAINTS, CK_PHASE,
  CK_LAHC_LENGTH, CK_ORDER_LENGTH, CK_CURSOR, CK_EMPLOYEE_CURSOR, CK_BEST_EMPLOYEE, CK_I32_WORDS, CK64_UNITS,
  CK64_STEPS, CK64_RNG, CK64_LAHC_INDEX, CK64_BEST, CK64_CANDIDATE, CK_FIXED_BYTES, checkpointBytes,
  PHASE_CONSTRUCTION, PHASE_LOCAL_SEARCH, ERR_VERSION, ERR_SIZE, ERR_RANGE, ERR_STATE,
} from "./layout";
import { shiftCount, employeeCount, loaded } from "./problem";
import { assignment, setEmployee } from "./solution";
import { CONSTRAINT_COUNT } from "./constraints/index";
import { constraintWeight, recomputeScore } from "./score";
import { bestHard, bestMedium, bestSoft, copyBestTo, restoreBest } from "./best";
import {
  order, orderLength, cursor, employeeCursor, bestEmployee, candidateHard, candidateMedium, candidateSoft,
  restoreConstruction,
} from "./construction";
import { lahcLength, lahcIndex, history, setLahcLength, restoreLahcIndex } from "./local-search";
import { rngState, rngSetState } from "./rng";
import { phase, started, unitsDone, localSearchSteps, prepare, setState } from "./engine";

// @ts-ignore: decorator
@inline
function i64At(base: usize, slot: i32): usize {
  return base + <usize>(CK_I32_WORDS * 4 + slot * 8);
}

function historyOffset(s: i32, length: i32): i32 {
  return (CK_FIXED_BYTES + 4 * (CONSTRAINT_COUNT + 2 * s + length) + 7) & ~7;
}

export function checkpointSize(): i32 {
  return checkpointBytes(shiftCount, CONSTRAINT_COUNT, orderLength, lahcLength);
}

/** Writes the checkpoint to `out` (checkpointSize() bytes). Reads state only. */
export function checkpointWrite(out: usize): i32 {
  if (!started) return ERR_STATE;
  const s = shiftCount;
  store<i32>(out + (CK_MAGIC << 2), CHECKPOINT_MAGIC);
  store<i32>(out + (CK_VERSION << 2), LAYOUT_VERSION);
  store<i32>(out + (CK_SHIFTS << 2), s);
  store<i32>(out + (CK_EMPLOYEES << 2), employeeCount);
  store<i32>(out + (CK_CONSTRAINTS << 2), CONSTRAINT_COUNT);
  store<i32>(out + (CK_PHASE << 2), phase);
  store<i32>(out + (CK_LAHC_LENGTH << 2), lahcLength);
  store<i32>(out + (CK_ORDER_LENGTH << 2), orderLength);
  store<i32>(out + (CK_CURSOR << 2), cursor);
  store<i32>(out + (CK_EMPLOYEE_CURSOR << 2), employeeCursor);
  store<i32>(out + (CK_BEST_EMPLOYEE << 2), bestEmployee);
  store<i32>(out + (11 << 2), 0);
  store<i64>(i64At(out, CK64_UNITS), unitsDone);
  store<i64>(i64At(out, CK64_STEPS), localSearchSteps);
  store<i64>(i64At(out, CK64_RNG), rngState());
  store<i64>(i64At(out, CK64_LAHC_INDEX), lahcIndex);
  store<i64>(i64At(out, CK64_BEST), bestHard);
  store<i64>(i64At(out, CK64_BEST + 1), bestMedium);
  store<i64>(i64At(out, CK64_BEST + 2), bestSoft);
  store<i64>(i64At(out, CK64_CANDIDATE), candidateHard);
  store<i64>(i64At(out, CK64_CANDIDATE + 1), candidateMedium);
  store<i64>(i64At(out, CK64_CANDIDATE + 2), candidateSoft);
  let at = out + CK_FIXED_BYTES;
  memory.copy(at, changetype<usize>(constraintWeight), <usize>CONSTRAINT_COUNT << 2);
  at += <usize>CONSTRAINT_COUNT << 2;
  memory.copy(at, changetype<usize>(assignment), <usize>s << 2);
  at += <usize>s << 2;
  copyBestTo(at);
  at += <usize>s << 2;
  memory.copy(at, changetype<usize>(order), <usize>orderLength << 2);
  const h = historyOffset(s, orderLength);
  const end = h + 24 * lahcLength;
  for (let i = at + (<usize>orderLength << 2); i < out + <usize>h; i++) store<u8>(i, 0);
  memory.copy(out + h, changetype<usize>(history), <usize>(24 * lahcLength));
  return end;
}

/** Restores a checkpoint of `bytes` bytes at `src` into a fresh instance with the problem loaded. */
export function checkpointRestore(src: usize, bytes: i32): i32 {
  if (!loaded || started) return ERR_STATE;
  if (bytes < CK_FIXED_BYTES) return ERR_SIZE;
  if (load<i32>(src + (CK_MAGIC << 2)) != CHECKPOINT_MAGIC) return ERR_VERSION;
  if (load<i32>(src + (CK_VERSION << 2)) != LAYOUT_VERSION) return ERR_VERSION;
  const s = shiftCount;
  if (load<i32>(src + (CK_SHIFTS << 2)) != s) return ERR_RANGE;
  if (load<i32>(src + (CK_EMPLOYEES << 2)) != employeeCount) return ERR_RANGE;
  if (load<i32>(src + (CK_CONSTRAINTS << 2)) != CONSTRAINT_COUNT) return ERR_RANGE;
  const atPhase = load<i32>(src + (CK_PHASE << 2));
  const lahc = load<i32>(src + (CK_LAHC_LENGTH << 2));
  const length = load<i32>(src + (CK_ORDER_LENGTH << 2));
  if (atPhase != PHASE_CONSTRUCTION && atPhase != PHASE_LOCAL_SEARCH) return ERR_RANGE;
  if (lahc < 1 || length < 0 || length > s) return ERR_RANGE;
  if (checkpointBytes(s, CONSTRAINT_COUNT, length, lahc) != bytes) return ERR_SIZE;

  let at = src + CK_FIXED_BYTES;
  memory.copy(changetype<usize>(constraintWeight), at, <usize>CONSTRAINT_COUNT << 2);
  at += <usize>CONSTRAINT_COUNT << 2;
  setLahcLength(lahc);
  prepare();
  const current = at;
  for (let i = 0; i < s; i++) {
    const e = load<i32>(current + (<usize>i << 2));
    if (e < -1 || e >= employeeCount) return ERR_RANGE;
    setEmployee(i, e);
  }
  recomputeScore();
  at += <usize>s << 2;
  restoreBest(at, load<i64>(i64At(src, CK64_BEST)), load<i64>(i64At(src, CK64_BEST + 1)), load<i64>(i64At(src, CK64_BEST + 2)));
  at += <usize>s << 2;
  restoreConstruction(
    at, length,
    load<i32>(src + (CK_CURSOR << 2)), load<i32>(src + (CK_EMPLOYEE_CURSOR << 2)), load<i32>(src + (CK_BEST_EMPLOYEE << 2)),
    load<i64>(i64At(src, CK64_CANDIDATE)), load<i64>(i64At(src, CK64_CANDIDATE + 1)), load<i64>(i64At(src, CK64_CANDIDATE + 2)),
  );
  memory.copy(changetype<usize>(history), src + historyOffset(s, length), <usize>(24 * lahc));
  restoreLahcIndex(load<i64>(i64At(src, CK64_LAHC_INDEX)));
  rngSetState(load<u64>(i64At(src, CK64_RNG)));
  setState(atPhase, load<i64>(i64At(src, CK64_UNITS)), load<i64>(i64At(src, CK64_STEPS)));
  return 0;
}
