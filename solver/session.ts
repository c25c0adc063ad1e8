/**
 * SolverSession: one solve of one problem inside one Wasm instance. Shared by the Durable Objects, the browser and
 * the tests. Work is budgeted in units (see assembly/engine.ts), never by a clock; callers calibrate units per second
 * at slice boundaries.
 */
import type { EncodedProblem } from "./encode";
import { packProblem } from "./encode";
import { ERROR_CODES, LEVEL_HARD, LEVEL_MEDIUM, LEVEL_SOFT, PHASE_CONSTRUCTION } from "./layout";
import type { Score } from "./score";
import { instantiateRota, readString, type RotaExports } from "./wasm";

export type ConstraintLevel = "HARD" | "MEDIUM" | "SOFT";
export type SolverPhase = "CONSTRUCTION" | "LOCAL_SEARCH";

export interface ConstraintScore {
  id: number;
  name: string;
  level: ConstraintLevel;
  score: Score;
  matchCount: number;
}

export interface SolverOptions {
  /** RNG seed (u32). @default 0 */
  seed?: number;
  /** Weight multiplier per constraint name; 0 disables. Names the core does not know are ignored. @default 1 each */
  weights?: Partial<Record<string, number>>;
  /** Late acceptance history length. @default 400 */
  lahcLength?: number;
}

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

export class SolverSession {
  private constructor(
    private readonly core: RotaExports,
    readonly problem: EncodedProblem,
  ) {}

  static async create(module: WebAssembly.Module, problem: EncodedProblem, options: SolverOptions = {}): Promise<SolverSession> {
    const session = await SolverSession.load(module, problem);
    const core = session.core;
    for (const [name, weight] of Object.entries(options.weights ?? {})) {
      if (weight === undefined) continue;
      const id = session.constraintIdOf(name);
      if (id < 0) continue;
      if (!Number.isInteger(weight) || weight < 0 || weight > 0x7fffffff) {
        throw new SolverError(`weight of "${name}" must be a non-negative integer`, 3);
      }
      check(core.setConstraintWeight(id, weight), `weight of "${name}"`);
    }
    if (options.lahcLength !== undefined) check(core.setLahcLength(options.lahcLength), "lahcLength");
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
    const words = packProblem(problem);
    const ptr = core.alloc(words.byteLength);
    new Int32Array(core.memory.buffer, ptr, words.length).set(words);
    const code = core.loadProblem(ptr, words.length);
    core.free(ptr);
    check(code, "loadProblem");
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

  /** Work units done so far, construction included. */
  get unitsDone(): number {
    return Number(this.core.unitsDone());
  }

  bestScore(): Score {
    return this.levels((l) => this.core.bestScore(l));
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

  /** Per constraint, for the current solution: incremental score and matches. */
  constraintScores(): ConstraintScore[] {
    const core = this.core;
    const out: ConstraintScore[] = [];
    for (let id = 0; id < core.constraintCount(); id++) {
      const level = core.constraintLevel(id);
      out.push({
        id,
        name: readString(core.memory, core.constraintName(id)),
        level: LEVEL_NAMES[level],
        score: this.atLevel(level, Number(core.constraintScore(id))),
        matchCount: core.constraintMatchCount(id),
      });
    }
    return out;
  }

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
  applyAssignment(assignment: Int32Array): void {
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

  private constraintIdOf(name: string): number {
    for (let id = 0; id < this.core.constraintCount(); id++) {
      if (readString(this.core.memory, this.core.constraintName(id)) === name) return id;
    }
    return -1;
  }

  private levels(read: (level: number) => bigint): Score {
    return { hard: Number(read(LEVEL_HARD)), medium: Number(read(LEVEL_MEDIUM)), soft: Number(read(LEVEL_SOFT)) };
  }

  private atLevel(level: number, value: number): Score {
    return {
      hard: level === LEVEL_HARD ? value : 0,
      medium: level === LEVEL_MEDIUM ? value : 0,
      soft: level === LEVEL_SOFT ? value : 0,
    };
  }
}
