/**
 * The glue's side of a constraint family (the core's side: assembly/constraints/index.ts). One descriptor per family,
 * in its folder under solver/families/, listed in order by solver/families/index.ts:
 *   constraints  per constraint id of the family: the weight override name (reference
 *                `EmployeeScheduleConfigOverrides`) and the reference justification schema; names, levels and
 *                rewards come from the core (catalog.generated.ts)
 *   encode       its sections and fields of the encoded problem, on the shared encode context (encode.ts)
 *   matches      its matches in the current solution, with justifications (score analysis, explain.ts): an
 *                iterable, which a family with many matches makes as it is read (a generator), so that a large
 *                analysis is serialized without holding them all (README "Score analysis and assignability in the
 *                Durable Object")
 *   trial        what a candidate assignment changes (recommendations, explain.ts evaluateAssignments)
 *   metrics      its output metrics per employee and KPIs (metrics.ts)
 */
import type { EncodeContext } from "../encode-context";
import type { ConstraintMatch, ExplainContext } from "../explain-context";
import type { ExactScore } from "../score";
import type { EmployeeMetrics, ExtraKpis, MetricsInput } from "../metrics";

export interface FamilyConstraint {
  id: number;
  /** `config.model.overrides` key of its weight, when the reference has one. */
  override?: string;
  /** Reference schema of its match justification. */
  justification: string;
}

/** One candidate of evaluateAssignments: shift `shift` moves from employee `from` to `to` (-1 = nobody). */
export interface Trial {
  shift: number;
  from: number;
  to: number;
  /** Weight per constraint id. */
  weights: readonly number[];
}

/** Reads a family's state before the trial change (when created) and after it (`after`), then answers per id. */
export interface TrialReader {
  after(): void;
  /** Match count difference and, with justifications, the matches gained (as scored) and lost (negated). */
  diff(id: number, scoreDiff: ExactScore, name: string): { matchCountDiff: number; matchesDiff: ConstraintMatch[] };
}

export interface FamilyDescriptor {
  name: string;
  constraints: readonly FamilyConstraint[];
  encode?(ctx: EncodeContext): void;
  matches(x: ExplainContext, id: number, weight: number): Iterable<ConstraintMatch>;
  /** Called before the trial change; `x.justify` tells whether matches are wanted. */
  trial(x: ExplainContext, t: Trial): TrialReader;
  metrics?: {
    employees?(m: MetricsInput): Partial<EmployeeMetrics>[];
    kpis?(m: MetricsInput): Partial<ExtraKpis>;
  };
}
