/**
 * Hourly demand (AGGREGATE; core: assembly/constraints/demand.ts): the demand rules' intervals (encode-demand.ts) and
 * the justification of an interval match (reference `*HourlyDemand*Justification` shapes).
 */
import { DEMAND_BALANCE_ID, DEMAND_REQUIRED_ID, encodeDemand, type EncodedDemand } from "../../encode-demand";
import type { EncodeContext } from "../../encode-context";
import { limits, matchScore, type ConstraintMatch, type Justification } from "../../explain-context";
import type { FamilyDescriptor } from "../types";

function encode(ctx: EncodeContext): void {
  ctx.fields.demand = encodeDemand(ctx.input, ctx.times.start, ctx.times.end, ctx.employeeIndex);
}

/** The justification of one demand interval match (reference `*HourlyDemand*Justification` shapes). */
export function demandJustification(demand: EncodedDemand, id: number, interval: number, shiftsWorked: number): Justification {
  const i = demand.intervals[interval];
  const base = { hourlyDemandRule: i.ruleId, startDateTime: i.startDateTime, endDateTime: i.endDateTime, shiftsWorked };
  const span = `${i.startDateTime} to ${i.endDateTime}`;
  if (id === DEMAND_BALANCE_ID) {
    return { ...base, targetDemand: i.target ?? 0, description: `${shiftsWorked} shift(s) worked from ${span} for hourly demand rule '${i.ruleId}', short of its demand of ${i.target}.` };
  }
  const range = limits(i.min, i.max);
  const kind = id === DEMAND_REQUIRED_ID ? "required" : "preferred";
  return { ...base, description: `${shiftsWorked} shift(s) worked from ${span}; hourly demand rule '${i.ruleId}' ${kind} ${range}.` };
}

type DemandMatch = { interval: number; shiftsWorked: number; penalty: number };

export const demandFamily: FamilyDescriptor = {
  name: "demand",
  constraints: [
    { id: 70, justification: "ShiftsWorkedNotInRequiredHourlyDemandRangeJustification" },
    { id: 71, override: "shiftsWorkedNotInPreferredHourlyDemandRangeWeight", justification: "ShiftsWorkedNotInPreferredHourlyDemandRangeJustification" },
    { id: 72, override: "balanceShiftsWorkedForMinimumHourlyDemandWeight", justification: "BalanceShiftsWorkedForMinimumHourlyDemandJustification" },
  ],
  encode,
  matches(x, id, weight) {
    const demand = x.problem.demand;
    if (!demand) return [];
    return x.session.demandMatches(id).map((m) => ({ score: matchScore(id, weight, m.penalty), justification: demandJustification(demand, id, m.interval, m.shiftsWorked) }));
  },
  trial(x, { weights }) {
    const demand = x.problem.demand;
    const ids = demandFamily.constraints.map((c) => c.id);
    const read = () => new Map<number, DemandMatch[]>(ids.map((id) => [id, demand && weights[id] !== 0 ? x.session.demandMatches(id) : []]));
    const before = read();
    let after = new Map<number, DemandMatch[]>();
    return {
      after() {
        after = read();
      },
      diff(id) {
        const weight = weights[id];
        const was = before.get(id)!, now = after.get(id)!;
        const matchesDiff: ConstraintMatch[] = [];
        if (x.justify && demand) {
          // Intervals whose penalty changed: the new match (score as gained) and the old one (negated).
          const old = new Map(was.map((m) => [m.interval, m]));
          const cur = new Map(now.map((m) => [m.interval, m]));
          for (const m of now) {
            if (old.get(m.interval)?.penalty === m.penalty && old.get(m.interval)?.shiftsWorked === m.shiftsWorked) continue;
            matchesDiff.push({ score: matchScore(id, weight, m.penalty), justification: demandJustification(demand, id, m.interval, m.shiftsWorked) });
          }
          for (const m of was) {
            if (cur.get(m.interval)?.penalty === m.penalty && cur.get(m.interval)?.shiftsWorked === m.shiftsWorked) continue;
            matchesDiff.push({ score: matchScore(id, weight, -m.penalty), justification: demandJustification(demand, id, m.interval, m.shiftsWorked) });
          }
        }
        return { matchCountDiff: now.length - was.length, matchesDiff };
      },
    };
  },
};
