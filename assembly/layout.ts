/**
 * Binary layout shared by the Wasm core and the TypeScript glue (`solver/layout.ts` mirrors every constant here).
 * Bump LAYOUT_VERSION on any change; the glue refuses a build whose version differs from its own.
 */

export const LAYOUT_VERSION: i32 = 1;

// ---------------------------------------------------------------------------------------------------------------
// Problem buffer: one little-endian i32 array written by the glue into memory from `alloc`, read once by
// `loadProblem`. Counts: S shifts, E employees, K skills, R required-skill entries, Q employee-skill entries,
// U unavailable spans. Times are minutes since the Unix epoch.
//
//  word 0       1   2   3   4   5   6   7
//  ╒═════════╤═══╤═══╤═══╤═══╤═══╤═══╤══════════╕
//  │ version │ S │ E │ K │ R │ Q │ U │ reserved │   header (HEADER_WORDS)
//  ╞═════════╧═══╧═══╧═══╧═══╧═══╧═══╧══════════╡
//  │ shiftStart[S]   shiftEnd[S]                │   minutes; end < start is read as end = start
//  │ shiftWeight[S]                             │   priority weight 1..10 (11 - priority)
//  │ shiftPinned[S]                             │   0 | 1
//  │ shiftEmployee[S]                           │   initial employee index or -1
//  │ shiftSkillOffsets[S + 1]  shiftSkills[R]   │   CSR of required skill indices
//  │ employeeSkillOffsets[E + 1]  employeeSkills[Q]│ CSR, each row sorted ascending, no duplicates
//  │ unavailableOffsets[E + 1]                  │   CSR rows of spans, per employee sorted by start and
//  │ unavailableStart[U]  unavailableEnd[U]     │   merged (no two spans of one employee overlap or touch)
//  ╘════════════════════════════════════════════╛
// ---------------------------------------------------------------------------------------------------------------

export const HEADER_WORDS: i32 = 8;
export const H_VERSION: i32 = 0;
export const H_SHIFTS: i32 = 1;
export const H_EMPLOYEES: i32 = 2;
export const H_SKILLS: i32 = 3;
export const H_REQUIRED_SKILLS: i32 = 4;
export const H_EMPLOYEE_SKILLS: i32 = 5;
export const H_UNAVAILABLE: i32 = 6;

/** Total words of a problem buffer; the sections follow the header in the order drawn above. */
export function problemWords(s: i32, e: i32, r: i32, q: i32, u: i32): i32 {
  return HEADER_WORDS + 5 * s + (s + 1) + r + (e + 1) + q + (e + 1) + 2 * u;
}

// ---------------------------------------------------------------------------------------------------------------
// Checkpoint: opaque bytes for the glue, produced by `checkpointWrite` and read by `checkpointRestore`.
// All fields little-endian; i64 fields start 8-aligned.
//
//  byte 0                                                              48
//  ╒═══════╤═════════╤═══╤═══╤═══╤═══════╤══════╤══════════╤════════╤══════════╤═════════╤══════════╕
//  │ magic │ version │ S │ E │ C │ phase │ lahc │ orderLen │ cursor │ empCurs. │ bestEmp │ reserved │  12 × i32
//  ╞═══════╧═════════╧═══╧═══╧═══╧═══════╧══════╧══════════╧════════╧══════════╧═════════╧══════════╡
//  │ unitsDone  lsSteps  rngState  lahcIndex  best{Hard,Medium,Soft}  cand{Hard,Medium,Soft}   10 × i64│
//  ├─────────────────────────────────────────────────────────────────────────────────────────────────┤
//  │ weights[C] i32 │ current[S] i32 │ best[S] i32 │ order[orderLen] i32 │ pad to 8 │ history[3·lahc] i64│
//  ╘═════════════════════════════════════════════════════════════════════════════════════════════════╛
// `cand*` is the best delta found so far for the construction placement in progress (bestEmp its employee).
// ---------------------------------------------------------------------------------------------------------------

export const CHECKPOINT_MAGIC: i32 = 0x41544f52; // "ROTA"
export const CK_MAGIC: i32 = 0;
export const CK_VERSION: i32 = 1;
export const CK_SHIFTS: i32 = 2;
export const CK_EMPLOYEES: i32 = 3;
export const CK_CONSTRAINTS: i32 = 4;
export const CK_PHASE: i32 = 5;
export const CK_LAHC_LENGTH: i32 = 6;
export const CK_ORDER_LENGTH: i32 = 7;
export const CK_CURSOR: i32 = 8;
export const CK_EMPLOYEE_CURSOR: i32 = 9;
export const CK_BEST_EMPLOYEE: i32 = 10;
export const CK_I32_WORDS: i32 = 12;
/** Index of each i64 field, counted in i64 slots after the i32 block. */
export const CK64_UNITS: i32 = 0;
export const CK64_STEPS: i32 = 1;
export const CK64_RNG: i32 = 2;
export const CK64_LAHC_INDEX: i32 = 3;
export const CK64_BEST: i32 = 4; // 3 slots
export const CK64_CANDIDATE: i32 = 7; // 3 slots
export const CK_I64_SLOTS: i32 = 10;

/** Byte offset of the variable sections. */
export const CK_FIXED_BYTES: i32 = CK_I32_WORDS * 4 + CK_I64_SLOTS * 8;

export function checkpointBytes(s: i32, c: i32, orderLength: i32, lahcLength: i32): i32 {
  const ints = CK_FIXED_BYTES + 4 * (c + 2 * s + orderLength);
  return ((ints + 7) & ~7) + 24 * lahcLength;
}

/** Score levels, most significant first. */
export const LEVEL_HARD: i32 = 0;
export const LEVEL_MEDIUM: i32 = 1;
export const LEVEL_SOFT: i32 = 2;

export const PHASE_CONSTRUCTION: i32 = 0;
export const PHASE_LOCAL_SEARCH: i32 = 1;

/** Error codes returned by the loading entry points (0 = ok). */
export const ERR_VERSION: i32 = 1;
export const ERR_SIZE: i32 = 2;
export const ERR_RANGE: i32 = 3;
export const ERR_STATE: i32 = 4;
