/**
 * Contract rules (EMPLOYEE; core: assembly/constraints/contracts.ts): period, sequence, rest, gaps, rolling window,
 * pattern and rotation rules, scoped disruption and cost definitions, all compiled by encode-contracts.ts (which also
 * compiles the disruption rules without a scope, scored by the LOCAL family). Each kind of rule has its file here
 * (kind.ts, kinds.ts): its rows (override names of the PREFERRED variants, justification schemas), its compile step
 * and its justifications; this descriptor joins them, and says what a candidate assignment changes.
 */
import { encodeContracts, encodeDisruption } from "../../encode-contracts";
import type { EncodeContext } from "../../encode-context";
import { formatScore } from "../../score";
import { isZero, matchScore } from "../../explain-context";
import type { FamilyDescriptor } from "../types";
import { employeeCostMetrics } from "../../metrics-cost";
import { minutesDuration } from "../../duration";
import { contractJustification, groupContractMatches } from "./explain";
import { CONTRACT_RULE_KINDS } from "./kinds";

function encode(ctx: EncodeContext): void {
  const contracted = encodeContracts(ctx.input, ctx.times, ctx.employeeIndex, ctx.filterOf, (tag) => ctx.tags.of(tag), CONTRACT_RULE_KINDS);
  Object.assign(ctx.sections, contracted.sections);
  Object.assign(ctx.counts, contracted.counts);
  ctx.fields.contractRules = contracted.rules;
  ctx.fields.zones = contracted.zones;
  // Disruption rules without a scope feed the LOCAL disruption units (core: disruption.ts): compiled here, with the
  // other rules of the contracts, so their tag filters are interned after the contract rules' ones.
  Object.assign(ctx.sections, encodeDisruption(ctx.input, ctx.times, ctx.employeeIndex, ctx.filterOf));
}

export const contractsFamily: FamilyDescriptor = {
  name: "contracts",
  constraints: CONTRACT_RULE_KINDS.flatMap((kind) => kind.constraints),
  encode,
  metrics: {
    // Overtime from the WEEK period rules with a minutes maximum, cost definitions of period rules (metrics-cost.ts).
    employees: ({ problem, assignment }) =>
      employeeCostMetrics(problem, assignment).map((c) => ({
        overtimeThresholdDuration: minutesDuration(c.overtimeThresholdDuration),
        overtimeWorked: minutesDuration(c.overtimeWorked),
        costDefinitionTotalCost: c.costDefinitionTotalCost,
        costDefinitionOvertimeDuration: minutesDuration(c.costDefinitionOvertimeDuration),
        // The spec's name of costDefinitionOvertimeDuration: the same value.
        costDefinitionTotalOvertime: minutesDuration(c.costDefinitionOvertimeDuration),
      })),
  },
  *matches(x, id, weight) {
    let assignment: Int32Array | undefined;
    const current = () => (assignment ??= x.currentAssignment());
    for (const group of groupContractMatches(x.problem, x.contractMatchesOf(id))) {
      yield {
        score: matchScore(id, weight, group.reduce((sum, m) => sum + m.penalty, 0)),
        justification: contractJustification(x.problem, group, current),
      };
    }
  },
  trial(x, { from, to, weights }) {
    const count = (id: number) => (weights[id] !== 0 ? x.session.contractMatchCount(id) : 0);
    const ids = contractsFamily.constraints.map((c) => c.id);
    const before = new Map(ids.map((id) => [id, count(id)]));
    let after = new Map<number, number>();
    return {
      after() {
        after = new Map(ids.map((id) => [id, count(id)]));
      },
      diff(id, scoreDiff, name) {
        const matchesDiff = [];
        if (x.justify && !isZero(scoreDiff)) {
          const who = [from, to].filter((e) => e >= 0).map((e) => `'${x.employeeId(e)}'`).join(" and ");
          matchesDiff.push({ score: formatScore(scoreDiff), justification: { description: `${name}: the contract rules of ${who} change by ${formatScore(scoreDiff)}.` } });
        }
        return { matchCountDiff: after.get(id)! - before.get(id)!, matchesDiff };
      },
    };
  },
};
