/**
 * What one candidate change does to a PAIRWISE constraint's matches (recommendations' `trial`), shared by the families
 * whose matches are pairs of one employee's shifts with a penalty in minutes (overlap, travel gap): the pairs the
 * shift forms with the new employee's shifts are gained, those with the old employee's are lost (negated).
 */
import { matchScore, type ConstraintMatch, type ExplainContext, type Justification } from "../explain-context";

/** A partner shift and the pair's penalty in minutes. */
export type Pair = readonly [number, number];

export function pairMatchesDiff(
  x: ExplainContext,
  id: number,
  weight: number,
  change: { shift: number; from: number; to: number; gained: readonly Pair[]; lost: readonly Pair[] },
  justification: (x: ExplainContext, shift: number, partner: number, employee: number, minutes: number) => Justification,
): ConstraintMatch[] {
  const { shift, from, to, gained, lost } = change;
  const matches: ConstraintMatch[] = [];
  if (!x.justify || weight === 0) return matches;
  for (const [t, minutes] of gained) matches.push({ score: matchScore(id, weight, minutes), justification: justification(x, shift, t, to, minutes) });
  for (const [t, minutes] of lost) matches.push({ score: matchScore(id, weight, -minutes), justification: justification(x, shift, t, from, minutes) });
  return matches;
}
