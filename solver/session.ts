/**
 * SolverSession: one solve of one problem inside one Wasm instance. Shared by the Durable Objects, the browser and
 * the tests. Work is budgeted in units (see assembly/engine.ts), never by a clock; callers calibrate units per second
 * at slice boundaries.
 */
import type { EncodedProblem } from "./encode";
import { problemHeader } from "./encode";
import {
  ACCEPTOR_LATE_ACCEPTANCE, ACCEPTOR_SIMULATED_ANNEALING, ERROR_CODES, LEVEL_HARD, LEVEL_MEDIUM, LEVEL_SOFT,
  PHASE_CONSTRUCTION,
} from "./layout";
import type { ExactScore, Score } from "./score";
import { constraintIdForWeightKey } from "./constraints";
import { instantiateRota, readString, type RotaExports } from "./wasm";
import { loadDemandInto } from "./encode-demand";
import { writeSections } from "./write-sections";
import { beforeLoad, recordsWritten, sectionsWritten } from "./loaded-problem";
import { CONTRACT_MATCH_WORDS } from "./contract-match";

export type { ContractMatch } from "./contract-match";

export type ConstraintLevel = "HARD" | "MEDIUM" | "SOFT";
export type SolverPhase = "CONSTRUCTION" | "LOCAL_SEARCH";

export interface ConstraintScore {
  id: number;
  name: string;
  level: ConstraintLevel;
  score: Score;
  matchCount: number;
  /** The constraint's weight multiplier (0 = disabled). */
  weight: number;
  /** True when its matches add to the score. */
  reward: boolean;
  /** `score` without rounding. */
  scoreExact: ExactScore;
}


export interface PairingMatch {
  constraintId: number;
  rule: number;
  penalty: number;
  shift: number;
  pairedShift: number;
  employee: number;
  partner: number;
}

export interface SolverOptions {
  /** RNG seed (u32). @default 0 */
  seed?: number;
  /**
   * Weight multiplier per constraint, keyed by the reference override name (`config.model.overrides`, e.g.
   * `employeeWorksDuringUnpreferredTimeWeight`) or by constraint name ("Overlapping shift"); 0 disables. Unknown
   * keys are ignored. Integers 0 .. 10^12 (spec §8; larger safe integers are accepted here, the API rejects them).
   * @default 1 each
   */
  weights?: Partial<Record<string, number | bigint>> | null;
  /** Late acceptance history length. @default 400 */
  lahcLength?: number;
  /**
   * Employees' lists longer than this are scored on a window around a move by contract rules, shorter ones whole
   * (both exact; a tuning knob, which tests set to 0 to exercise windows on small inputs). @default 32
   */
  contractWindowMinList?: number;
  /**
   * Local search periods, in steps: a whole `stall` period without a better best solution switches the compound
   * moves to their larger shares (0: from the start), and every `kick` steps a stalled late acceptance search is
   * kicked (0: never). Tuning and test knobs (assembly/local-search.ts MOVE_PERIOD, KICK_PERIOD_DEFAULT); carried in
   * checkpoints. @default { stall: 500000, kick: 100000 }
   */
  searchPeriods?: { stall?: number; kick?: number };
  /**
   * Acceptor of the local search. Simulated annealing takes starting temperatures per score level and halves them
   * every `halfLife` steps. @default { kind: "LATE_ACCEPTANCE" }
   */
  acceptor?:
    | { kind: "LATE_ACCEPTANCE" }
    | { kind: "SIMULATED_ANNEALING"; temperature?: { hard?: number; medium?: number; soft?: number }; halfLife?: number };
}

/** The compound kinds of the local search, in the core's order (assembly/local-search.ts MOVE_RUIN .. MOVE_KICK). */
export const COMPOUND_MOVE_KINDS = ["ruinRecreate", "blockSwap", "runMove", "coverChain", "kick", "breach", "cover", "relocate", "reroster", "horizon", "request"] as const;
export type CompoundMoveKind = (typeof COMPOUND_MOVE_KINDS)[number];
/** The kinds of step the adaptive shares weigh (assembly/local-search.ts MOVE_RUIN .. MOVE_SWAP). */
export const MOVE_SHARE_KINDS = [...COMPOUND_MOVE_KINDS, "change", "swap"] as const;
export type MoveShareKind = (typeof MOVE_SHARE_KINDS)[number];

/** The one error type of the glue: a core call refused (bad input, wrong state, stale checkpoint). */
export class SolverError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = "SolverError";
  }
}

const LEVEL_NAMES: ConstraintLevel[] = ["HARD", "MEDIUM", "SOFT"];
/** runSlice takes an i32: larger budgets run as several slices, which compose exactly. */
const MAX_SLICE = 0x3fffffff;

function check(code: number, what: string): void {
  if (code !== 0) throw new SolverError(`${what}: ${ERROR_CODES[code] ?? `error ${code}`}`, code);
}

/** Constraint metadata per core build (keyed by its name table's first string: one build, one table). */
const META_CACHE = new Map<string, ConstraintMeta[]>();

function metaOf(core: RotaExports): ConstraintMeta[] {
  const count = core.constraintCount();
  const key = `${count}:${readString(core.memory, core.constraintName(count - 1))}:${readString(core.memory, core.constraintName(0))}`;
  let meta = META_CACHE.get(key);
  if (!meta) {
    meta = [];
    for (let id = 0; id < count; id++) {
      meta.push({ name: readString(core.memory, core.constraintName(id)), level: core.constraintLevel(id), reward: core.constraintIsReward(id) === 1 });
    }
    META_CACHE.set(key, meta);
  }
  return meta;
}

/** What never changes about a constraint during a session (read once from the core). */
interface ConstraintMeta {
  name: string;
  level: number;
  reward: boolean;
}

export class SolverSession {
  private readonly meta: ConstraintMeta[];
  /** Scratch for the bulk reads: C i64 scores, then C i32 match counts. */
  private readonly scratch: number;
  /** How many recordings of contract matches this session has made (a reader of pages checks its own is the last). */
  private recordings = 0;

  private constructor(
    private readonly core: RotaExports,
    readonly problem: EncodedProblem,
  ) {
    const count = core.constraintCount();
    this.meta = metaOf(core);
    this.scratch = core.alloc(12 * count);
  }

  static async create(module: WebAssembly.Module, problem: EncodedProblem, options: SolverOptions = {}): Promise<SolverSession> {
    const session = await SolverSession.load(module, problem);
    const core = session.core;
    for (const [key, weight] of Object.entries(options.weights ?? {})) {
      if (weight === undefined || weight === null) continue;
      const id = constraintIdForWeightKey(key);
      if (id === undefined) continue;
      const valid = typeof weight === "bigint" ? weight >= 0n && weight < 1n << 63n : Number.isSafeInteger(weight) && weight >= 0;
      if (!valid) throw new SolverError(`weight "${key}" must be a non-negative integer`, 3);
      check(core.setConstraintWeight(id, BigInt(weight)), `weight "${key}"`);
    }
    if (options.lahcLength !== undefined) check(core.setLahcLength(options.lahcLength), "lahcLength");
    if (options.contractWindowMinList !== undefined) check(core.setContractWindowMinList(options.contractWindowMinList), "contractWindowMinList");
    const periods = options.searchPeriods;
    if (periods) {
      const period = (v: number | undefined, fallback: number, what: string) => {
        const n = v ?? fallback;
        if (!Number.isSafeInteger(n) || n < 0) throw new SolverError(`searchPeriods.${what} must be a non-negative integer`, 3);
        return BigInt(n);
      };
      check(core.setSearchPeriods(period(periods.stall, 500_000, "stall"), period(periods.kick, 100_000, "kick")), "searchPeriods");
    }
    const acceptor = options.acceptor;
    if (acceptor?.kind === "SIMULATED_ANNEALING") {
      const t = acceptor.temperature ?? {};
      check(
        core.setAcceptor(ACCEPTOR_SIMULATED_ANNEALING, t.hard ?? 2, t.medium ?? 10, t.soft ?? 500, BigInt(Math.max(1, Math.floor(acceptor.halfLife ?? 100_000)))),
        "acceptor",
      );
    } else if (acceptor) {
      check(core.setAcceptor(ACCEPTOR_LATE_ACCEPTANCE, 0, 0, 0, 1n), "acceptor");
    }
    check(core.start((options.seed ?? 0) >>> 0), "start");
    return session;
  }

  /** Continues a run from `checkpoint()` bytes; the problem must be the one the checkpoint was taken with. */
  static async restore(module: WebAssembly.Module, problem: EncodedProblem, checkpoint: Uint8Array): Promise<SolverSession> {
    const session = await SolverSession.load(module, problem);
    const core = session.core;
    const ptr = core.alloc(checkpoint.byteLength);
    new Uint8Array(core.memory.buffer, ptr, checkpoint.byteLength).set(checkpoint);
    const code = core.checkpointRestore(ptr, checkpoint.byteLength);
    core.free(ptr);
    check(code, "restore");
    return session;
  }

  private static async load(module: WebAssembly.Module, problem: EncodedProblem): Promise<SolverSession> {
    const core = await instantiateRota(module);
    // Header and directory first; the core allocates the sections and each is written in place, so the problem
    // is never held twice in Wasm memory (a staging copy would double the peak on large inputs).
    // A host that marked the problem narrows its copy first (loaded-problem.ts): it is at its smallest beside the core's.
    beforeLoad(problem);
    const head = problemHeader(problem);
    const ptr = core.alloc(head.byteLength);
    new Int32Array(core.memory.buffer, ptr, head.length).set(head);
    const code = core.beginLoad(ptr);
    core.free(ptr);
    check(code, "loadProblem");
    // The shift records first; a host that marked the problem releases its copy of their fields before the core
    // allocates the other sections beside them (loaded-problem.ts), then what it no longer reads once all are written.
    recordsWritten(problem, writeSections(core, problem, "records"));
    check(core.allocateSections(), "loadProblem");
    writeSections(core, problem, "others");
    sectionsWritten(problem);
    check(core.finishLoad(), "loadProblem");
    check(loadDemandInto(core, problem.demand), "loadDemand");
    const pairing = problem.pairings?.buffer;
    if (pairing && pairing.length > 0) {
      const at = core.alloc(pairing.byteLength);
      new Int32Array(core.memory.buffer, at, pairing.length).set(pairing);
      const code = core.loadPairings(at, pairing.length);
      core.free(at);
      check(code, "loadPairings");
    }
    return new SolverSession(core, problem);
  }

  /** Does at most `budget` work units; consecutive slices continue exactly where the last one stopped. */
  runSlice(budget: number): { unitsDone: number } {
    let left = Math.max(0, Math.floor(budget));
    let done = 0;
    while (left > 0) {
      const n = this.core.runSlice(Math.min(left, MAX_SLICE));
      done += n;
      left -= n;
      if (n === 0) break;
    }
    return { unitsDone: done };
  }

  get phase(): SolverPhase {
    return this.core.phase() === PHASE_CONSTRUCTION ? "CONSTRUCTION" : "LOCAL_SEARCH";
  }

  /** Local search steps (moves evaluated) so far. */
  get steps(): number {
    return Number(this.core.localSearchSteps());
  }

  /** Bytes of the solver's Wasm linear memory (problem, solution, search state). */
  memoryBytes(): number {
    return this.core.memory.buffer.byteLength;
  }

  /**
   * What the core's allocator holds (assembly/heap-stats.ts, README "Wasm memory"): bytes in use and free in its
   * heap, and the memory's size.
   */
  wasmHeap(): { inUse: number; free: number; memory: number } {
    const core = this.core;
    const out = core.alloc(16);
    core.heapStats(out, 0, 0);
    const v = new Int32Array(core.memory.buffer, out, 2);
    const heap = { inUse: v[0] >>> 0, free: v[1] >>> 0, memory: core.memory.buffer.byteLength };
    core.free(out);
    return heap;
  }

  /** Work units done so far, construction included. */
  get unitsDone(): number {
    return Number(this.core.unitsDone());
  }

  bestScore(): Score {
    return this.levels((l) => this.core.bestScore(l));
  }

  /** The best score without rounding (levels beyond 2^53 stay exact). */
  bestScoreExact(): ExactScore {
    return this.exactLevels((l) => this.core.bestScore(l));
  }

  currentScoreExact(): ExactScore {
    return this.exactLevels((l) => this.core.currentScore(l));
  }

  currentScore(): Score {
    return this.levels((l) => this.core.currentScore(l));
  }

  /** Score of the current solution recomputed from scratch (a check of the incremental score). */
  scoreFromScratch(): Score {
    return this.levels((l) => this.core.scoreFromScratch(l));
  }

  bestAssignment(): Int32Array {
    const ptr = this.core.bestAssignmentPtr();
    return new Int32Array(this.core.memory.buffer, ptr, this.problem.shiftIds.length).slice();
  }

  currentAssignment(): Int32Array {
    const ptr = this.core.currentAssignmentPointer();
    return new Int32Array(this.core.memory.buffer, ptr, this.problem.shiftIds.length).slice();
  }

  checkpoint(): Uint8Array {
    const core = this.core;
    const size = core.checkpointSize();
    const ptr = core.alloc(size);
    const written = core.checkpointWrite(ptr);
    const bytes = new Uint8Array(core.memory.buffer, ptr, size).slice();
    core.free(ptr);
    if (written !== size) throw new SolverError(`checkpoint wrote ${written} of ${size} bytes`, 2);
    return bytes;
  }

  /**
   * Per constraint, for the current solution: incremental score and matches. Two bulk reads from the core: the
   * scores, and (unless `matchCounts: false`) every match count in one pass over the shifts (tens of microseconds
   * on 1,000 shifts; the contract rules' counts are kept incrementally).
   */
  constraintScores(options: { matchCounts?: boolean } = {}): ConstraintScore[] {
    const core = this.core;
    const counting = options.matchCounts ?? true;
    const n = this.meta.length;
    core.constraintScoresInto(this.scratch);
    if (counting) core.matchCountsInto(this.scratch + 8 * n);
    const scores = new BigInt64Array(core.memory.buffer, this.scratch, n);
    const counts = new Int32Array(core.memory.buffer, this.scratch + 8 * n, n);
    const out: ConstraintScore[] = [];
    for (let id = 0; id < n; id++) {
      const m = this.meta[id];
      const raw = scores[id];
      out.push({
        id,
        name: m.name,
        level: LEVEL_NAMES[m.level],
        score: this.atLevel(m.level, Number(raw)),
        matchCount: counting ? counts[id] : -1,
        weight: this.weights[id] ?? (this.weights[id] = Number(core.constraintWeightOf(id))),
        reward: m.reward,
        scoreExact: this.atLevelExact(m.level, raw),
      });
    }
    return out;
  }

  /** Weights never change once a session exists (setConstraintWeight is refused after start). */
  private readonly weights: number[] = [];

  /** Per constraint id, the score recomputed from scratch (for tests). */
  constraintScoresFromScratch(): Score[] {
    const core = this.core;
    const out: Score[] = [];
    for (let id = 0; id < core.constraintCount(); id++) {
      out.push(this.atLevel(core.constraintLevel(id), Number(core.constraintScoreFromScratch(id))));
    }
    return out;
  }

  /** Sets the current solution (pinned shifts keep their employee); it also becomes the best solution. */
  applyAssignment(assignment: ArrayLike<number>): void {
    const n = this.problem.shiftIds.length;
    if (assignment.length !== n) throw new SolverError(`assignment has ${assignment.length} entries, expected ${n}`, 2);
    const core = this.core;
    const ptr = core.alloc(n * 4 || 4);
    new Int32Array(core.memory.buffer, ptr, n).set(assignment);
    const code = core.applyAssignment(ptr);
    core.free(ptr);
    check(code, "applyAssignment");
  }

  /** Change move: shift to employee (-1 = unassign). Throws for a pinned shift or an index out of range. */
  move(shiftIndex: number, employeeIndex: number): void {
    const code = this.core.manualChange(shiftIndex, employeeIndex);
    if (code === 1) throw new SolverError(`shift ${shiftIndex} is pinned`, 1);
    check(code, "move");
  }

  /** Swap move: two shifts exchange employees. Throws if either is pinned. */
  swap(shiftA: number, shiftB: number): void {
    const code = this.core.manualSwap(shiftA, shiftB);
    if (code === 1) throw new SolverError(`shift ${shiftA} or ${shiftB} is pinned`, 1);
    check(code, "swap");
  }

  /**
   * Applies shift -> employee (-1 = unassign) with its exact score change, leaving the best solution and the search
   * state alone; returns the previous employee, to be restored with another trialChange before anything else runs.
   * Used by evaluations (recommendations) that must not disturb a run.
   */
  trialChange(shiftIndex: number, employeeIndex: number): number {
    const previous = this.core.trialChange(shiftIndex, employeeIndex);
    if (previous === -2) throw new SolverError(`shift ${shiftIndex} cannot take employee ${employeeIndex} (pinned or out of range)`, 3);
    return previous;
  }

  /** Raw match weight (natural units) of a local constraint for shift s worked by employee e (-1 = unassigned). */
  localPenalty(constraintId: number, shiftIndex: number, employeeIndex: number): number {
    return Number(this.core.localPenalty(constraintId, shiftIndex, employeeIndex));
  }

  /** Number of shifts of employee e that shift s overlaps (penalized pairs only). */
  overlapPartners(shiftIndex: number, employeeIndex: number): number {
    return this.core.overlapPartners(shiftIndex, employeeIndex);
  }

  /**
   * The employee the cover move would hand open shift s to when it takes the best of a few free ones
   * (assembly/moves/cover.ts bestTaker), -1 if none is free then. Draws from the search's RNG.
   */
  coverTaker(shiftIndex: number): number {
    return this.core.coverTaker(shiftIndex);
  }

  /**
   * Employees whose cached contract breach sums (what the breach-aimed moves read to pick an employee) differ from
   * their rules' penalties summed again; 0 when the cache is right. For tests.
   */
  staleBreachSums(): number {
    return this.core.staleBreachSums();
  }

  /**
   * The pair re-roster (assembly/moves/horizon.ts applyPairReroster): employees e and f cleared over a week around
   * shift s, then e's days and f's chosen again, applied whatever its score. Returns the number of changes (0: the
   * same rosters came back). Draws from the search's RNG.
   */
  pairReroster(e: number, f: number, shiftIndex: number): number {
    const n = this.core.manualPairReroster(e, f, shiftIndex);
    check(n < 0 ? -n : 0, "pairReroster");
    return n;
  }

  /**
   * The cover completion (assembly/moves/cover.ts applyCoverCompletion) of open shift s: an employee at work the day
   * next to it takes it, exchanging that day's shift for another type and giving up a shift on the other side as
   * drawn, applied whatever its score. Returns the number of changes (0: none made). Draws from the search's RNG.
   */
  coverCompletion(shiftIndex: number): number {
    const n = this.core.manualCoverCompletion(shiftIndex);
    check(n < 0 ? -n : 0, "coverCompletion");
    return n;
  }

  /** Penalized overlapping pairs of the current solution: [shift a, shift b, minutes]. */
  overlapMatches(): Array<[number, number, number]> {
    const core = this.core;
    const n = core.overlapMatches(0, 0);
    if (n === 0) return [];
    const ptr = core.alloc(12 * n);
    core.overlapMatches(ptr, n);
    const words = new Int32Array(core.memory.buffer, ptr, 3 * n).slice();
    core.free(ptr);
    const out: Array<[number, number, number]> = [];
    for (let i = 0; i < n; i++) out.push([words[3 * i], words[3 * i + 1], words[3 * i + 2]]);
    return out;
  }

  /**
   * Records the matches of the contract rules in the current solution in the core (assembly/constraints/view.ts
   * `record`); returns how many. Each match is a record of CONTRACT_MATCH_WORDS words (`contractMatchAt` reads one):
   * the employee, the compiled rule (index into problem.contractRules), the raw penalty and four descriptive words
   * (per family: a period's or window's first and last day and value; a pair's shifts and gap; a run's days and
   * length; a sequence's first and last shift, length and rest). The records stay in the core, read a page at a time
   * (`contractMatchesPage`), until the next recording, which `contractRecordings` counts.
   */
  recordContractMatches(): number {
    this.recordings++;
    return this.core.contractMatches(0, 0);
  }

  /** How many recordings of contract matches this session has made. */
  get contractRecordings(): number {
    return this.recordings;
  }

  /** Records `from` .. `from + capacity` of the last recording (those there are), as a copy. */
  contractMatchesPage(from: number, capacity: number): Int32Array {
    const core = this.core;
    const ptr = core.alloc(4 * CONTRACT_MATCH_WORDS * capacity);
    const copied = core.contractMatchesPage(ptr, from, capacity);
    const page = new Int32Array(core.memory.buffer, ptr, CONTRACT_MATCH_WORDS * copied).slice();
    core.free(ptr);
    return page;
  }

  /**
   * Matches of the pairing constraints (ids 57-65) in the current solution: the constraint, the rule (index into
   * problem.pairings.rules for 57-61, problem.pairings.daily for 62-65), the raw penalty, the shift and the paired
   * shift (-1 when none), the owner and the partner employee (-1 when none).
   */
  pairingMatches(): PairingMatch[] {
    const core = this.core;
    const n = core.pairingMatches(0, 0);
    if (n === 0) return [];
    const WORDS = 8;
    const ptr = core.alloc(4 * WORDS * n);
    core.pairingMatches(ptr, n);
    const w = new Int32Array(core.memory.buffer, ptr, WORDS * n).slice();
    core.free(ptr);
    const out: PairingMatch[] = [];
    for (let i = 0; i < n; i++) {
      const at = i * WORDS;
      const penalty = (w[at + 2] >>> 0) + w[at + 3] * 4294967296;
      out.push({ constraintId: w[at], rule: w[at + 1], penalty, shift: w[at + 4], pairedShift: w[at + 5], employee: w[at + 6], partner: w[at + 7] });
    }
    return out;
  }

  /** Current match count of any constraint, recounted by the core (for the pairings: every term of the solution). */
  matchCount(id: number): number {
    return this.core.constraintMatchCount(id);
  }

  /** Current match count of a contract rule constraint, kept by the core at every commit: O(1). */
  /**
   * Compound moves of the local search since the start (or restore): per kind, the moves that reached acceptance
   * and the moves accepted; for the kick, the stall checks and the kicks given (assembly/local-search.ts).
   */
  compoundMoveCounts(): Record<CompoundMoveKind, { tried: number; accepted: number }> {
    const out = {} as Record<CompoundMoveKind, { tried: number; accepted: number }>;
    COMPOUND_MOVE_KINDS.forEach((kind, i) => {
      out[kind] = { tried: Number(this.core.compoundMoveCount(i, 0)), accepted: Number(this.core.compoundMoveCount(i, 1)) };
    });
    return out;
  }

  /**
   * The shares, out of 65,536, with which the deep search draws each kind of step: the compound kinds, then
   * `change` and `swap` (assembly/move-shares.ts: adapted to what each kind earns per unit of work).
   */
  moveShares(): Record<MoveShareKind, number> {
    const out = {} as Record<MoveShareKind, number>;
    MOVE_SHARE_KINDS.forEach((kind, i) => {
      out[kind] = this.core.moveShare(i);
    });
    return out;
  }

  /**
   * The local search's phase (assembly/local-search.ts): `deep` once it has stalled (the compound moves at their
   * deep shares), `contractsKept` while no contract rule was broken at the last stall period boundary (the cover
   * completion is drawn then, deep or not). Both are in the checkpoint.
   */
  searchFlags(): { deep: boolean; contractsKept: boolean } {
    const flags = this.core.searchFlags();
    return { deep: (flags & 1) !== 0, contractsKept: (flags & 2) !== 0 };
  }

  contractMatchCount(id: number): number {
    return Number(this.core.contractMatchCount(id));
  }

  /**
   * Matches of hourly demand constraint `id` (70-72) in the current solution: per interval of problem.demand with a
   * non-zero raw penalty, the interval index, the shifts worked in it and the penalty (from the core's counts).
   */
  demandMatches(id: number): { interval: number; shiftsWorked: number; penalty: number }[] {
    const out: { interval: number; shiftsWorked: number; penalty: number }[] = [];
    const n = this.problem.demand?.intervals.length ?? 0;
    for (let i = 0; i < n; i++) {
      const penalty = Number(this.core.demandIntervalPenalty(id, i));
      if (penalty !== 0) out.push({ interval: i, shiftsWorked: this.core.demandShiftsWorked(i), penalty });
    }
    return out;
  }
  /**
   * Matches of "Employee group split into multiple shifts per day" (a distinct count): per parent of problem.demand
   * (a group's day) over its maximum, its non-empty slots and raw penalty.
   */
  demandParentMatches(): { interval: number; shiftsWorked: number; penalty: number }[] {
    const out: { interval: number; shiftsWorked: number; penalty: number }[] = [];
    const n = this.problem.demand?.parents.length ?? 0;
    for (let k = 0; k < n; k++) {
      const penalty = Number(this.core.demandParentPenalty(k));
      if (penalty !== 0) out.push({ interval: k, shiftsWorked: this.core.demandParentFilled(k), penalty });
    }
    return out;
  }


  /** Raw penalty of each balance rule (encode order), from the incremental state: O(rules). */
  balanceRulePenalties(): number[] {
    const out: number[] = [];
    for (let r = 0; r < this.problem.balanceRules.length; r++) out.push(Number(this.core.balanceRulePenaltyCurrent(r)));
    return out;
  }

  /** Per balance rule of the problem (encode order): its raw penalty and each employee's load (history included). */
  balanceRuleState(rule: number): { penalty: number; loads: number[] } {
    const core = this.core;
    const loads: number[] = [];
    for (let e = 0; e < this.problem.employeeIds.length; e++) loads.push(Number(core.balanceRuleLoad(rule, e)));
    return { penalty: Number(core.balanceRulePenalty(rule)), loads };
  }

  /**
   * Cost state from the core (constraints/cost.ts), milli-units: per period of the costs rules (problem.cost.rules'
   * periods in order) its total and penalty, per activation ratio group its activated employees and penalty.
   */
  costState(): { periods: Array<{ total: number; penalty: number }>; groups: Array<{ activated: number; penalty: number }>; activating: number[] } {
    const core = this.core;
    const periods: Array<{ total: number; penalty: number }> = [];
    const count = this.problem.cost.rules.reduce((n, r) => n + r.periods.length, 0);
    for (let p = 0; p < count; p++) periods.push({ total: Number(core.costPeriodTotal(p)), penalty: Number(core.costPeriodPenalty(p)) });
    const groups = this.problem.cost.groups.map((_, g) => ({ activated: core.costGroupActivated(g), penalty: Number(core.costGroupPenalty(g)) }));
    const activating = groups.length === 0 ? [] : this.problem.employeeIds.map((_, e) => core.costEmployeeActivating(e));
    return { periods, groups, activating };
  }

  private exactLevels(read: (level: number) => bigint): ExactScore {
    return { hard: read(LEVEL_HARD), medium: read(LEVEL_MEDIUM), soft: read(LEVEL_SOFT) };
  }

  private levels(read: (level: number) => bigint): Score {
    return { hard: Number(read(LEVEL_HARD)), medium: Number(read(LEVEL_MEDIUM)), soft: Number(read(LEVEL_SOFT)) };
  }

  private atLevelExact(level: number, value: bigint): ExactScore {
    return {
      hard: level === LEVEL_HARD ? value : 0n,
      medium: level === LEVEL_MEDIUM ? value : 0n,
      soft: level === LEVEL_SOFT ? value : 0n,
    };
  }

  private atLevel(level: number, value: number): Score {
    return {
      hard: level === LEVEL_HARD ? value : 0,
      medium: level === LEVEL_MEDIUM ? value : 0,
      soft: level === LEVEL_SOFT ? value : 0,
    };
  }
}
