/**
 * Hourly demand and the global shift counts (AGGREGATE; core: assembly/constraints/demand.ts): the demand rules'
 * intervals (encode-demand.ts), the global counts' buckets (encode-global-counts.ts) and the justification of an
 * interval match (reference `*HourlyDemand*Justification`, `ShiftsWorkedPerPeriodNotIn*RangeJustification` and
 * `RequiredShiftGroupAssignmentModeNotMetJustification`, `EmployeeGroupSplitIntoMultipleShiftsPerDayJustification`
 * shapes; concurrent shifts have no reference justification and
 * take the hourly demand's interval shape with `concurrentShiftsRule`).
 */
import { DEMAND_BALANCE_ID, DEMAND_REQUIRED_ID, encodeDemand, type DemandInterval, type EncodedDemand } from "../../encode-demand";
import { CONCURRENT_ID, GROUP_SPLIT_ID, PERIOD_PREFERRED_ID, PERIOD_REQUIRED_ID, SHIFT_GROUP_ID, periodDateSpan } from "../../encode-global-counts";
import { isoDate } from "../../time";
import type { ExplainContext } from "../../explain-context";
import type { EncodeContext } from "../../encode-context";
import { limits, matchScore, type ConstraintMatch, type Justification } from "../../explain-context";
import type { FamilyDescriptor } from "../types";

function encode(ctx: EncodeContext): void {
  ctx.fields.demand = encodeDemand(ctx.input, ctx.times.start, ctx.times.end, ctx.employeeIndex);
}

/** The justification of one demand interval match (reference `*HourlyDemand*Justification` shapes). */
export function demandJustification(demand: EncodedDemand, id: number, interval: number, shiftsWorked: number): Justification {
  if (id === GROUP_SPLIT_ID) {
    // `interval` is a parent: one group's day.
    const p = demand.parents[interval];
    const day = isoDate(p.day);
    return {
      groupByEmployeeTag: p.groupByEmployeeTag, day, distinctShiftHoursCount: shiftsWorked, groupShiftsPerDayMax: p.max,
      description: `Group '${p.groupByEmployeeTag}' works ${shiftsWorked} different shift times with '${p.commonTag}' on ${day}; at most ${p.max}.`,
    };
  }
  const i = demand.intervals[interval];
  if (i.global) return globalJustification(i, id, shiftsWorked);
  const base = { hourlyDemandRule: i.ruleId, startDateTime: i.startDateTime, endDateTime: i.endDateTime, shiftsWorked };
  const span = `${i.startDateTime} to ${i.endDateTime}`;
  if (id === DEMAND_BALANCE_ID) {
    return { ...base, targetDemand: i.target ?? 0, description: `${shiftsWorked} shift(s) worked from ${span} for hourly demand rule '${i.ruleId}', short of its demand of ${i.target}.` };
  }
  const range = limits(i.min, i.max);
  const kind = id === DEMAND_REQUIRED_ID ? "required" : "preferred";
  return { ...base, description: `${shiftsWorked} shift(s) worked from ${span}; hourly demand rule '${i.ruleId}' ${kind} ${range}.` };
}

/** The justification of a global count's bucket. */
function globalJustification(i: DemandInterval, id: number, shiftsWorked: number): Justification {
  const g = i.global!;
  const range = limits(i.min, i.max);
  if (g.kind === "period") {
    const dateSpan = periodDateSpan(g);
    const kind = id === PERIOD_REQUIRED_ID ? "required" : "preferred";
    return { periodRule: i.ruleId, dateSpan, shiftsWorked, description: `${shiftsWorked} shift(s) worked from ${dateSpan.start} to ${dateSpan.end}; period rule '${i.ruleId}' ${kind} ${range}.` };
  }
  if (g.kind === "slot") throw new Error("a slot of a distinct count has no match of its own");
  if (g.kind === "concurrent") {
    return {
      concurrentShiftsRule: i.ruleId, startDateTime: g.startDateTime, endDateTime: g.endDateTime, shiftsWorked,
      description: `${shiftsWorked} concurrent shift(s) worked from ${g.startDateTime} to ${g.endDateTime}; concurrent shifts rule '${i.ruleId}' required ${range}.`,
    };
  }
  return {
    shiftGroupRule: i.ruleId, shiftGroup: g.shiftGroup, groupShiftsWorked: shiftsWorked,
    description: `${shiftsWorked} shifts of shift group '${g.shiftGroup}' worked; shift group rule '${i.ruleId}' (SINGLE_SHIFT) allows one.`,
  };
}

type DemandMatch = { interval: number; shiftsWorked: number; penalty: number };

/** The matches of constraint `id`: per interval, or per parent for the distinct count. */
function matchesOf(x: ExplainContext, id: number): DemandMatch[] {
  return id === GROUP_SPLIT_ID ? x.session.demandParentMatches() : x.session.demandMatches(id);
}

export const demandFamily: FamilyDescriptor = {
  name: "demand",
  constraints: [
    { id: 70, justification: "ShiftsWorkedNotInRequiredHourlyDemandRangeJustification" },
    { id: 71, override: "shiftsWorkedNotInPreferredHourlyDemandRangeWeight", justification: "ShiftsWorkedNotInPreferredHourlyDemandRangeJustification" },
    { id: 72, override: "balanceShiftsWorkedForMinimumHourlyDemandWeight", justification: "BalanceShiftsWorkedForMinimumHourlyDemandJustification" },
    { id: PERIOD_REQUIRED_ID, justification: "ShiftsWorkedPerPeriodNotInRequiredRangeJustification" },
    { id: PERIOD_PREFERRED_ID, override: "shiftsWorkedPerPeriodNotInPreferredRangeWeight", justification: "ShiftsWorkedPerPeriodNotInPreferredRangeJustification" },
    { id: CONCURRENT_ID, justification: "ShiftsWorkedNotInRequiredHourlyDemandRangeJustification" },
    { id: SHIFT_GROUP_ID, justification: "RequiredShiftGroupAssignmentModeNotMetJustification" },
    { id: GROUP_SPLIT_ID, justification: "EmployeeGroupSplitIntoMultipleShiftsPerDayJustification" },
  ],
  encode,
  matches(x, id, weight) {
    const demand = x.problem.demand;
    if (!demand) return [];
    return matchesOf(x, id).map((m) => ({ score: matchScore(id, weight, m.penalty), justification: demandJustification(demand, id, m.interval, m.shiftsWorked) }));
  },
  trial(x, { weights }) {
    const demand = x.problem.demand;
    const ids = demandFamily.constraints.map((c) => c.id);
    const read = () => new Map<number, DemandMatch[]>(ids.map((id) => [id, demand && weights[id] !== 0 ? matchesOf(x, id) : []]));
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
