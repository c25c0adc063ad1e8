/**
 * Cost (AGGREGATE; core: assembly/constraints/cost.ts): costs rules per period, the activation ratio of employee
 * cost groups, their activation cost and the saturation of activated employees (encode-cost.ts; justifications: explain-cost.ts). "Minimize cost per
 * period" is scored by compiled contract rules: solver/families/contracts.
 */
import { encodeCost } from "../../encode-cost";
import type { EncodeContext } from "../../encode-context";
import { costAggregateCounts, costAggregateMatches } from "../../explain-cost";
import { formatScore } from "../../score";
import { isZero, matchScore } from "../../explain-context";
import type { FamilyDescriptor } from "../types";
import { fixedTotalCost } from "../../metrics-cost";
import { SATURATION_CONSTRAINT } from "../../layout";

function encode(ctx: EncodeContext): void {
  const costed = encodeCost(ctx.input, ctx.times);
  ctx.sections.cost = costed.section;
  ctx.fields.cost = costed.info;
}

export const costFamily: FamilyDescriptor = {
  name: "cost",
  constraints: [
    { id: 66, justification: "CostsPerPeriodNotInRequiredRangeJustification" },
    { id: 67, override: "costsPerPeriodNotInPreferredRangeWeight", justification: "CostsPerPeriodNotInPreferredRangeJustification" },
    { id: 69, override: "keepEmployeeActivationRatioWeight", justification: "KeepEmployeeActivationRatioJustification" },
    { id: 73, override: "minimizeActivatedEmployeesWeight", justification: "MinimizeActivatedEmployeesJustification" },
    { id: SATURATION_CONSTRAINT, override: "maximizeActivatedEmployeeSaturationWeight", justification: "MaximizeActivatedEmployeeSaturationJustification" },
  ],
  encode,
  metrics: { kpis: ({ input, assignment }) => ({ fixedTotalCost: fixedTotalCost(input, assignment) }) },
  matches(x, id, weight) {
    return costAggregateMatches(x.session, id).map((m) => ({ score: matchScore(id, weight, m.raw), justification: m.justification }));
  },
  trial(x, { weights }) {
    const before = costAggregateCounts(x.session);
    let after: Record<number, number> = {};
    return {
      after() {
        after = costAggregateCounts(x.session);
      },
      diff(id, scoreDiff, name) {
        const matchesDiff = [];
        if (x.justify && !isZero(scoreDiff)) matchesDiff.push({ score: formatScore(scoreDiff), justification: { description: `${name}: the cost totals change by ${formatScore(scoreDiff)}.` } });
        return { matchCountDiff: weights[id] === 0 ? 0 : after[id] - before[id], matchesDiff };
      },
    };
  },
};
