/**
 * "Minimum time between shifts including travel not met" (PAIRWISE; core: assembly/constraints/travel-gap.ts). The
 * minimums are encoded with the travel configurations (solver/encode-travel.ts, by the local family); here: the
 * pairs' justifications, mirroring the core's rule (counts and scores come from the core).
 */
import { TRAVEL_GAP_CONSTRAINT } from "../../layout";
import { locationClasses } from "../../shift-locations";
import type { EncodedProblem } from "../../encode";
import { matchScore, type ConstraintMatch, type ExplainContext, type Justification } from "../../explain-context";
import type { FamilyDescriptor } from "../types";
import { pairMatchesDiff } from "../pair-matches";

/** Minutes missing between shifts a and b of employee e (0 when fine or not concerned), as the core computes them. */
export function travelGapPenalty(p: EncodedProblem, a: number, b: number, e: number): number {
  const { employeeTravel, travelShifts } = p.sections;
  const g = employeeTravel[3 * e];
  if (g < 0) return 0;
  const S = p.shiftIds.length;
  const m = Math.max(0, travelShifts[2 * (g * S + a) + 1], travelShifts[2 * (g * S + b) + 1]);
  if (m === 0 || (p.shiftHistoric[a] && p.shiftHistoric[b])) return 0;
  // Either without a location, or both at the same one (shift-locations.ts).
  const location = locationClasses(p);
  if (location[a] < 0 || location[b] < 0 || location[a] === location[b]) return 0;
  const gap = p.shiftStart[a] <= p.shiftStart[b] ? p.shiftStart[b] - p.shiftEnd[a] : p.shiftStart[a] - p.shiftEnd[b];
  return gap >= m ? 0 : m - Math.max(0, gap);
}

/** The other shifts of employee e that shift s misses the minimum with, and the minutes missing. */
function pairsOf(x: ExplainContext, s: number, e: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (x.problem.sections.employeeTravel[3 * e] < 0) return out;
  for (const t of x.shiftsOf(e)) {
    if (t === s) continue;
    const minutes = travelGapPenalty(x.problem, s, t, e);
    if (minutes > 0) out.push([t, minutes]);
  }
  return out;
}

function justification(x: ExplainContext, a: number, b: number, e: number, minutes: number): Justification {
  const [first, second] = x.problem.shiftStart[a] <= x.problem.shiftStart[b] ? [a, b] : [b, a];
  const employee = x.employeeId(e);
  return {
    employee,
    shift1: x.shiftId(first),
    shift2: x.shiftId(second),
    description: `Employee '${employee}' works shifts '${x.shiftId(first)}' and '${x.shiftId(second)}' in different locations ${minutes} minute(s) closer than the travel configuration's minimum.`,
  };
}

export const travelGapFamily: FamilyDescriptor = {
  name: "travel gap",
  constraints: [{ id: TRAVEL_GAP_CONSTRAINT, justification: "MinimumTimeBetweenShiftsIncludingTravelNotMetJustification" }],
  matches(x, id, weight) {
    const assignment = x.currentAssignment();
    const out: ConstraintMatch[] = [];
    for (let a = 0; a < assignment.length; a++) {
      if (assignment[a] < 0) continue;
      for (const [b, minutes] of pairsOf(x, a, assignment[a])) {
        if (b > a) out.push({ score: matchScore(id, weight, minutes), justification: justification(x, a, b, assignment[a], minutes) });
      }
    }
    return out;
  },
  trial(x, { shift, from, to, weights }) {
    // Read before the change: the pairs the shift forms on either side.
    const gained = to >= 0 ? pairsOf(x, shift, to) : [];
    const lost = from >= 0 ? pairsOf(x, shift, from) : [];
    return {
      after() {},
      diff(id) {
        const weight = weights[id];
        const matchesDiff = pairMatchesDiff(x, id, weight, { shift, from, to, gained, lost }, justification);
        return { matchCountDiff: weight === 0 ? 0 : gained.length - lost.length, matchesDiff };
      },
    };
  },
};
