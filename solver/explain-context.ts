/**
 * What the families' justification builders share (solver/families/*): the solution being explained, its ids and tag
 * sets, and a match's score. Scores come from the core: a match's score is ±weight × the core's raw weight at the
 * constraint's level (catalog.generated.ts), so the matches of a constraint add up to its score.
 */
import type { ModelInput } from "../schemas/model-input";
import type { EncodedProblem } from "./encode";
import { CORE_CONSTRAINTS } from "./catalog.generated";
import { formatScore, type ExactScore } from "./score";
import { CONTRACT_MATCH_WORDS, contractMatchAt, type ContractMatch } from "./contract-match";
import type { ConstraintLevel, SolverSession } from "./session";

export type Justification = { description: string } & Record<string, unknown>;

export interface ConstraintMatch {
  score: string;
  justification: Justification;
}

export function atLevel(level: ConstraintLevel, value: bigint): ExactScore {
  return { hard: level === "HARD" ? value : 0n, medium: level === "MEDIUM" ? value : 0n, soft: level === "SOFT" ? value : 0n };
}

/** Score of one match: ±weight × raw at the constraint's level. */
export function matchScore(id: number, weight: number, raw: number): string {
  const c = CORE_CONSTRAINTS[id];
  const value = BigInt(weight) * BigInt(raw);
  return formatScore(atLevel(c.level, c.reward ? value : -value));
}

export const isZero = (s: ExactScore) => s.hard === 0n && s.medium === 0n && s.soft === 0n;

export function list(values: string[]): string {
  return values.length === 0 ? "(none)" : values.map((v) => `'${v}'`).join(", ");
}

export function limits(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${min} to ${max}`;
  if (max !== null) return `at most ${max}`;
  if (min !== null) return `at least ${min}`;
  return "unlimited";
}

/** Contract match records per page read from the core (1,024 of 32 bytes). */
const CONTRACT_MATCH_PAGE = 1024;

/** Per explanation (one score analysis, one evaluateAssignments call): the session and its problem's ids. */
export class ExplainContext {
  readonly problem: EncodedProblem;
  readonly input: ModelInput;
  /** Tag sets by tag list (a few distinct lists for 400,000 shifts). */
  private readonly tags = new Map<string, ReadonlySet<string>>();
  private assignment?: Int32Array;
  private byEmployee?: { from: Int32Array; shifts: Int32Array };
  /** The session's recording of contract matches this context reads (session.ts `recordContractMatches`), if any. */
  private recording?: { number: number; count: number };

  /**
   * `justify`: whether matches with justifications are wanted (score analysis with justifications, recommendations).
   * `current`: the session's current assignment when the caller holds it already (analyze.ts `holding`): not copied
   * again.
   */
  constructor(readonly session: SolverSession, readonly justify: boolean, current?: Int32Array) {
    this.problem = session.problem;
    this.input = session.problem.input;
    this.assignment = current;
  }

  /** The tags of shift s as a set, one per distinct tag list (none per shift: shift-tag-sets.ts). */
  shiftTagSet(s: number): ReadonlySet<string> {
    const tags = this.input.shifts[s].tags ?? [];
    const key = JSON.stringify(tags);
    let set = this.tags.get(key);
    if (!set) this.tags.set(key, (set = new Set(tags)));
    return set;
  }

  /** The current assignment, read once (score analysis: the solution does not change). */
  currentAssignment(): Int32Array {
    return (this.assignment ??= this.session.currentAssignment());
  }

  /** The shifts of employee `e` in the current assignment, in index order (indexed once, like the assignment). */
  shiftsOf(e: number): Int32Array {
    if (!this.byEmployee) {
      const assignment = this.currentAssignment();
      const from = new Int32Array(this.problem.employeeIds.length + 1);
      for (const owner of assignment) if (owner >= 0) from[owner + 1]++;
      for (let i = 1; i < from.length; i++) from[i] += from[i - 1];
      const shifts = new Int32Array(from[from.length - 1]);
      const next = from.slice(0, -1);
      for (let s = 0; s < assignment.length; s++) if (assignment[s] >= 0) shifts[next[assignment[s]]++] = s;
      this.byEmployee = { from, shifts };
    }
    return this.byEmployee.shifts.subarray(this.byEmployee.from[e], this.byEmployee.from[e + 1]);
  }

  /**
   * The contract rule matches of constraint `id` in the current solution, each made as it is read from the core's
   * records a page at a time: the glue holds no copy of them all (README "Score analysis and assignability in the
   * Durable Object"). The core records once per context; when another reader recorded since (another analysis of the
   * same session between two pieces of this one), it records again: the solution explained is the same (the caller
   * holds it, analyze.ts `holding`), so the records are too.
   */
  *contractMatchesOf(id: number): Generator<ContractMatch> {
    const rules = this.problem.contractRules;
    for (let from = 0; ; from += CONTRACT_MATCH_PAGE) {
      if (this.recording?.number !== this.session.contractRecordings) {
        const count = this.session.recordContractMatches();
        this.recording = { number: this.session.contractRecordings, count };
      }
      if (from >= this.recording.count) return;
      const page = this.session.contractMatchesPage(from, CONTRACT_MATCH_PAGE);
      for (let i = 0; i < page.length / CONTRACT_MATCH_WORDS; i++) {
        if (rules[page[i * CONTRACT_MATCH_WORDS + 1]].constraintId === id) yield contractMatchAt(page, i);
      }
    }
  }

  shiftId(s: number): string {
    return this.problem.shiftIds[s];
  }

  employeeId(e: number): string {
    return this.problem.employeeIds[e];
  }
}
