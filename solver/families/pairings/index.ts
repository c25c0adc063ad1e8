/**
 * Employee pairings and daily shift pairings (CROSS; core: assembly/constraints/pairings.ts): the pairing buffer
 * (encode-pairings.ts) and the justifications of its matches (explain-pairings.ts).
 */
import { encodePairings } from "../../encode-pairings";
import type { EncodeContext } from "../../encode-context";
import { pairingJustification } from "../../explain-pairings";
import { matchScore, type ConstraintMatch } from "../../explain-context";
import type { PairingMatch } from "../../session";
import type { FamilyDescriptor } from "../types";

function encode(ctx: EncodeContext): void {
  ctx.fields.pairings = encodePairings(ctx.input, ctx.times, ctx.employeeIndex, ctx.filterOf, ctx.tags.ids);
}

export const pairingsFamily: FamilyDescriptor = {
  name: "pairings",
  constraints: [
    { id: 57, justification: "EmployeeIsNotPairedWithRequiredEmployeeJustification" },
    { id: 58, justification: "EmployeeIsPairedWithProhibitedEmployeeJustification" },
    { id: 59, override: "employeeIsPairedWithUnpreferredEmployeeWeight", justification: "EmployeeIsPairedWithUnpreferredEmployeeJustification" },
    { id: 60, override: "employeeIsPairedWithPreferredEmployeeWeight", justification: "EmployeeIsPairedWithPreferredEmployeeJustification" },
    { id: 61, justification: "PairedEmloyeesDontWorkShiftsWithCommonTagsJustification" },
    // Daily shift pairings (contracts[].dailyShiftPairingRules).
    { id: 62, justification: "EmployeeDoesNotHaveRequiredDailyShiftPairingJustification" },
    { id: 63, justification: "EmployeeHasProhibitedDailyShiftPairingJustification" },
    { id: 64, override: "employeeHasUnpreferredDailyShiftPairingWeight", justification: "EmployeeHasUnpreferredDailyShiftPairingJustification" },
    { id: 65, override: "employeeDoesNotHavePreferredDailyShiftPairingWeight", justification: "EmployeeDoesNotHavePreferredDailyShiftPairingJustification" },
  ],
  encode,
  matches(x, id, weight) {
    return x.session
      .pairingMatches()
      .filter((m) => m.constraintId === id)
      .map((m) => ({ score: matchScore(id, weight, m.penalty), justification: pairingJustification(x.problem, m) }));
  },
  trial(x, { weights }) {
    const session = x.session;
    const paired = session.problem.pairings.buffer.length > 0;
    const ids = pairingsFamily.constraints.map((c) => c.id);
    const counts = () => new Map(ids.map((id) => [id, weights[id] !== 0 && paired ? session.matchCount(id) : 0]));
    const matches = () => (x.justify && paired ? session.pairingMatches() : []);
    const countBefore = counts();
    const matchesBefore = matches();
    let countAfter = new Map<number, number>();
    let matchesAfter: PairingMatch[] = [];
    return {
      after() {
        countAfter = counts();
        matchesAfter = matches();
      },
      diff(id) {
        const weight = weights[id];
        const matchesDiff: ConstraintMatch[] = [];
        if (x.justify && weight !== 0) {
          // The matches gained (as scored) and lost (negated): a match whose penalty changes is one of each.
          const key = (m: PairingMatch) => `${m.constraintId}/${m.rule}/${m.shift}/${m.pairedShift}/${m.employee}/${m.partner}/${m.penalty}`;
          const mine = (list: PairingMatch[]) => list.filter((m) => m.constraintId === id);
          const was = new Set(mine(matchesBefore).map(key));
          const now = new Set(mine(matchesAfter).map(key));
          for (const m of mine(matchesAfter)) if (!was.has(key(m))) matchesDiff.push({ score: matchScore(id, weight, m.penalty), justification: pairingJustification(x.problem, m) });
          for (const m of mine(matchesBefore)) if (!now.has(key(m))) matchesDiff.push({ score: matchScore(id, weight, -m.penalty), justification: pairingJustification(x.problem, m) });
        }
        return { matchCountDiff: countAfter.get(id)! - countBefore.get(id)!, matchesDiff };
      },
    };
  },
};
