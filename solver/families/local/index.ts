/**
 * The LOCAL family (core: assembly/constraints/local.ts and its unit files): per (shift, employee) penalties. Its
 * encoder (encode.ts here), the justifications of its matches, and what a candidate assignment changes.
 */
import { CORE_CONSTRAINTS } from "../../catalog.generated";
import { CONSTRAINT_ID } from "../../constraint-ids";
import { shiftTagMatchRules, tagsMatch, toMinutes } from "../../encode";
import { list, matchScore, type ConstraintMatch, type ExplainContext, type Justification } from "../../explain-context";
import type { FamilyDescriptor } from "../types";
import { encodeLocal } from "./encode";
import { encodeNearDayOff, nearDayOffOfInput, type NearDayOff } from "../../encode-day-off";
import { NEAR_DAY_OFF_CONSTRAINT, TRAVEL_CONSTRAINT } from "../../layout";
import { encodeTravel, travelDistance } from "../../encode-travel";
import { isoDate } from "../../time";
import { localEmployeeMetrics, localKpis } from "./metrics";

/** Id of the first REQUIRED or PREFERRED shift tag match rule (named by the tag justifications). */
function tagRuleId(x: ExplainContext, preferred: boolean): string | undefined {
  const rules = shiftTagMatchRules(x.input);
  return (preferred ? rules.preferred : rules.required)[0]?.id;
}

/** Leaf ids (`skillId` or `tagId`) of an AND/OR expression. */
function collectLeaves(node: unknown, key: "skillId" | "tagId", into: Set<string>): void {
  if (node == null || typeof node !== "object") return;
  const n = node as Record<string, unknown>;
  if (typeof n[key] === "string") into.add(n[key] as string);
  if (Array.isArray(n.operands)) for (const child of n.operands) collectLeaves(child, key, into);
}

/** Skills (list and expression leaves) of a shift's requirement that employee e does not hold for it. */
function missingSkillsOf(x: ExplainContext, s: number, e: number, preferred: boolean): string[] {
  const shift = x.input.shifts[s];
  const employee = x.input.employees[e];
  const start = x.problem.shiftStart[s], end = x.problem.shiftEnd[s];
  const holds = (skill: string) =>
    (employee.skills ?? []).some(
      (k) =>
        k.id === skill &&
        ((k.validityDateTimeSpans ?? []).length === 0 ||
          k.validityDateTimeSpans!.some((v) => toMinutes(v.start) <= start && end <= toMinutes(v.end))),
    );
  const wanted = new Set<string>(preferred ? (shift.preferredSkills ?? []) : (shift.requiredSkills ?? []));
  collectLeaves(preferred ? shift.preferredSkillsExpression : shift.requiredSkillsExpression, "skillId", wanted);
  return [...wanted].filter((k) => !holds(k));
}

/** The employee's spans of one kind that overlap shift s and whose tag filter matches it. */
function overlappingSpans(x: ExplainContext, s: number, e: number, kind: "unavailableTimeSpans" | "preferredTimeSpans" | "unpreferredTimeSpans"): unknown[] {
  const start = x.problem.shiftStart[s], end = x.problem.shiftEnd[s];
  return (x.input.employees[e][kind] ?? []).filter(
    (span) =>
      Math.min(end, toMinutes(span.end)) > Math.max(start, toMinutes(span.start)) &&
      tagsMatch(x.shiftTagSet(s), span.includeShiftTags, span.excludeShiftTags, span.shiftTagMatches),
  );
}

/** The broken avoidShiftCloseToDayOffRequestRules of the input by "shift:employee", once per explanation. */
const nearDayOffMemo = new WeakMap<ExplainContext, Map<string, NearDayOff[]>>();

function nearDayOffJustification(x: ExplainContext, id: number, s: number, e: number): Justification {
  let byPair = nearDayOffMemo.get(x);
  if (!byPair) {
    nearDayOffMemo.set(x, (byPair = new Map()));
    for (const m of nearDayOffOfInput(x.input)) {
      const key = `${m.shift}:${m.employee}`;
      byPair.set(key, [...(byPair.get(key) ?? []), m]);
    }
  }
  const prohibited = id === NEAR_DAY_OFF_CONSTRAINT;
  const broken = (byPair.get(`${s}:${e}`) ?? []).filter((m) => ((m.rule.satisfiability ?? "PROHIBITED") === "PROHIBITED") === prohibited);
  const shift = x.shiftId(s), employee = x.employeeId(e);
  const what = broken.map((m) => `rule '${m.rule.id}' of contract '${m.contractId}', ${m.side} the day off ${isoDate(m.dayOff)}`).join("; ");
  return {
    employee,
    shift,
    avoidShiftCloseToDayOffRequestRule: broken[0]?.rule.id,
    description: `Employee '${employee}' has ${prohibited ? "prohibited" : "unpreferred"} shift '${shift}' near a day off request (${what}).`,
  };
}

/** Travel matches: the distance is the core's (its penalty, or the penalty plus the maximum exceeded). */
function travelJustification(x: ExplainContext, id: number, s: number, e: number): Justification {
  const shift = x.shiftId(s), employee = x.employeeId(e);
  const raw = x.session.localPenalty(id, s, e);
  if (id === TRAVEL_CONSTRAINT + 1) {
    return { employee, shift, distanceInMeters: raw, description: `Employee '${employee}' travels ${raw} meters to shift '${shift}'.` };
  }
  const g = x.problem.sections.employeeTravel[3 * e];
  const maximumDistanceInMeters = x.problem.sections.travelShifts[2 * (g * x.problem.shiftIds.length + s)];
  const distanceInMeters = raw + maximumDistanceInMeters;
  return {
    employee, shift, distanceInMeters, maximumDistanceInMeters,
    description: `Employee '${employee}' lives ${distanceInMeters} meters from shift '${shift}', beyond the maximum of ${maximumDistanceInMeters}.`,
  };
}

function justification(x: ExplainContext, id: number, s: number, e: number): Justification {
  if (id === NEAR_DAY_OFF_CONSTRAINT || id === NEAR_DAY_OFF_CONSTRAINT + 1) return nearDayOffJustification(x, id, s, e);
  if (id === TRAVEL_CONSTRAINT || id === TRAVEL_CONSTRAINT + 1) return travelJustification(x, id, s, e);
  const shift = x.shiftId(s);
  const employee = e >= 0 ? x.employeeId(e) : undefined;
  const input = x.input;
  switch (id) {
    case CONSTRAINT_ID.REQUIRED_SKILL: {
      const missingSkills = missingSkillsOf(x, s, e, false);
      return { employee, shift, missingSkills, description: `Employee '${employee}' lacks required skill(s) ${list(missingSkills)} of shift '${shift}'.` };
    }
    case CONSTRAINT_ID.UNAVAILABLE: {
      return {
        employee,
        shift,
        overlappingTimeSpans: overlappingSpans(x, s, e, "unavailableTimeSpans"),
        description: `Employee '${employee}' works shift '${shift}' during unavailable time.`,
      };
    }
    case CONSTRAINT_ID.AVAILABLE:
      return { employee, shift, description: `Shift '${shift}' is not within the available time of employee '${employee}'.` };
    case CONSTRAINT_ID.PROHIBITED_EMPLOYEE:
      return { employee, shift, description: `Employee '${employee}' is prohibited from shift '${shift}'.` };
    case CONSTRAINT_ID.RISK_FACTOR: {
      const prohibited = new Set(input.employees[e].prohibitedRiskFactors ?? []);
      const riskFactors = (input.shifts[s].riskFactors ?? []).filter((r) => prohibited.has(r));
      return { employee, shift, riskFactors, description: `Shift '${shift}' has risk factor(s) ${list(riskFactors)} prohibited for employee '${employee}'.` };
    }
    case CONSTRAINT_ID.REQUIRED_TAGS: {
      const tags = x.shiftTagSet(s);
      const wanted = new Set(input.employees[e].requiredShiftTags ?? []);
      collectLeaves(input.employees[e].requiredShiftTagsExpression, "tagId", wanted);
      const nonMatchingTags = [...wanted].filter((t) => !tags.has(t));
      return {
        employee,
        shift,
        nonMatchingTags,
        rule: tagRuleId(x, false),
        description: `Shift '${shift}' does not match the required shift tags of employee '${employee}' (missing ${list(nonMatchingTags)}).`,
      };
    }
    case CONSTRAINT_ID.UNASSIGNED:
      return { shift, description: `Mandatory shift '${shift}' is unassigned.` };
    case CONSTRAINT_ID.OUTGOING_DISRUPTION:
    case CONSTRAINT_ID.INCOMING_DISRUPTION:
    case CONSTRAINT_ID.DISRUPTED: {
      const was = x.problem.shiftEmployee[s];
      const previous = was >= 0 ? x.employeeId(was) : undefined;
      const now = employee ?? "nobody";
      const who = id === CONSTRAINT_ID.INCOMING_DISRUPTION ? employee : previous;
      return {
        employee: who,
        shift,
        originalEmployee: previous,
        newEmployee: employee ?? null,
        description: `Shift '${shift}' moved from employee '${previous}' to ${employee ? `'${now}'` : "nobody"} (disruption on replanning).`,
      };
    }
    case CONSTRAINT_ID.UNASSIGNED_OPTIONAL:
      return { shift, description: `Optional shift '${shift}' is unassigned.` };
    case CONSTRAINT_ID.UNPREFERRED_TIME:
      return {
        employee,
        shift,
        overlappingTimeSpans: overlappingSpans(x, s, e, "unpreferredTimeSpans"),
        description: `Employee '${employee}' works shift '${shift}' during unpreferred time.`,
      };
    case CONSTRAINT_ID.PREFERRED_TIME:
      return {
        employee,
        shift,
        overlappingTimeSpans: overlappingSpans(x, s, e, "preferredTimeSpans"),
        description: `Employee '${employee}' works shift '${shift}' during preferred time.`,
      };
    case CONSTRAINT_ID.PREFERRED_SKILL: {
      const missingSkills = missingSkillsOf(x, s, e, true);
      return { employee, shift, missingSkills, description: `Employee '${employee}' lacks preferred skill(s) ${list(missingSkills)} of shift '${shift}'.` };
    }
    case CONSTRAINT_ID.UNPREFERRED_EMPLOYEE:
      return { employee, shift, description: `Employee '${employee}' is unpreferred for shift '${shift}'.` };
    case CONSTRAINT_ID.PREFERRED_EMPLOYEE:
      return { employee, shift, description: `Employee '${employee}' is preferred for shift '${shift}'.` };
    case CONSTRAINT_ID.PREFERRED_TAGS: {
      const tags = x.shiftTagSet(s);
      const wanted = new Set(input.employees[e].preferredShiftTags ?? []);
      collectLeaves(input.employees[e].preferredShiftTagsExpression, "tagId", wanted);
      const matchingTags = [...wanted].filter((t) => tags.has(t));
      return {
        employee,
        shift,
        matchingTags,
        rule: tagRuleId(x, true),
        description: `Shift '${shift}' carries preferred shift tag(s) ${list(matchingTags)} of employee '${employee}'.`,
      };
    }
  }
  return { shift, employee, description: `${CORE_CONSTRAINTS[id].name}: shift '${shift}'.` };
}

/** Whether the unit can match shift s with employee e: unassigned units only without one; disruption either way. */
function applies(id: number, e: number): boolean {
  const unassignedKind = id === CONSTRAINT_ID.UNASSIGNED || id === CONSTRAINT_ID.UNASSIGNED_OPTIONAL;
  // Disruption counts whether the shift went to someone else or to nobody.
  const eitherKind = id === CONSTRAINT_ID.OUTGOING_DISRUPTION || id === CONSTRAINT_ID.DISRUPTED;
  return eitherKind || unassignedKind === e < 0;
}

export const localFamily: FamilyDescriptor = {
  name: "local",
  constraints: [
    { id: 0, justification: "RequiredSkillMissingJustification" },
    { id: 2, justification: "EmployeeWorksDuringUnavailableTimeJustification" },
    { id: 3, justification: "EmployeeDoesNotWorkDuringAvailableTimeJustification" },
    { id: 4, justification: "ProhibitedEmployeeAssignedJustification" },
    { id: 5, justification: "EmployeeHasProhibitedRiskFactorAssociatedWithShiftJustification" },
    { id: 6, justification: "EmployeeWorksShiftWithNonMatchingRequiredShiftTagsJustification" },
    { id: 7, justification: "UnassignedShiftJustification" },
    { id: 8, override: "unassignedOptionalShiftWeight", justification: "UnassignedOptionalShiftJustification" },
    { id: 9, override: "employeeWorksDuringUnpreferredTimeWeight", justification: "EmployeeWorksDuringUnpreferredTimeJustification" },
    { id: 10, override: "employeeWorksDuringPreferredTimeWeight", justification: "EmployeeWorksDuringPreferredTimeJustification" },
    { id: 11, override: "preferredSkillMissingWeight", justification: "PreferredSkillMissingJustification" },
    { id: 12, override: "unpreferredEmployeeAssignedWeight", justification: "UnpreferredEmployeeAssignedJustification" },
    { id: 13, override: "preferredEmployeeAssignedWeight", justification: "PreferredEmployeeAssignedJustification" },
    { id: 14, override: "employeeWorksShiftWithPreferredShiftTagsWeight", justification: "EmployeeWorksShiftWithPreferredShiftTagsJustification" },
    // Disruption on replanning (assembly/constraints/disruption.ts).
    { id: 52, override: "minimizeOutgoingDisruptionForEmployeeWeight", justification: "MinimizeOutgoingDisruptionPerEmployeeJustification" },
    { id: 53, override: "minimizeIncomingDisruptionForEmployeeWeight", justification: "MinimizeIncomingDisruptionPerEmployeeJustification" },
    { id: 54, override: "employeeAssignmentDisruptedOnReplanningWeight", justification: "EmployeeAssignmentDisruptedOnReplanningJustification" },
    // Shifts near a day off request (assembly/constraints/near-day-off.ts, solver/encode-day-off.ts).
    { id: NEAR_DAY_OFF_CONSTRAINT, justification: "EmployeeHasProhibitedShiftNearDayOffRequestJustification" },
    { id: NEAR_DAY_OFF_CONSTRAINT + 1, override: "employeeHasUnpreferredShiftNearDayOffRequestWeight", justification: "EmployeeHasUnpreferredShiftNearDayOffRequestJustification" },
    // Travel (assembly/constraints/travel.ts, solver/encode-travel.ts).
    { id: TRAVEL_CONSTRAINT, justification: "MaximumEmployeeToShiftTravelDistanceExceededJustification" },
    { id: TRAVEL_CONSTRAINT + 1, override: "minimizeTravelDistanceWeight", justification: "MinimizeTravelDistanceJustification" },
  ],
  encode(ctx) {
    encodeLocal(ctx);
    Object.assign(ctx.sections, encodeNearDayOff(ctx), encodeTravel(ctx));
  },
  metrics: {
    employees: localEmployeeMetrics,
    kpis: (m) => {
      // Every assigned shift with a location, from its employee's home (with a location), whatever the configurations.
      let travel = 0;
      for (let s = 0; s < m.assignment.length; s++) if (m.assignment[s] >= 0) travel += travelDistance(m.problem.input, m.assignment[s], s) ?? 0;
      return { ...localKpis(m), travelDistance: travel };
    },
  },
  *matches(x, id, weight) {
    const assignment = x.currentAssignment();
    for (let s = 0; s < assignment.length; s++) {
      const e = assignment[s];
      if (!applies(id, e)) continue;
      const raw = x.session.localPenalty(id, s, e);
      if (raw !== 0) yield { score: matchScore(id, weight, raw), justification: justification(x, id, s, e) };
    }
  },
  trial(x, { shift, from, to, weights }) {
    // Local penalties depend on (shift, employee) only: both sides are read before the change.
    const penalty = (id: number, e: number) => (weights[id] === 0 ? 0 : x.session.localPenalty(id, shift, e));
    const before = new Map<number, number>();
    const after = new Map<number, number>();
    for (const c of localFamily.constraints) {
      before.set(c.id, penalty(c.id, from));
      after.set(c.id, penalty(c.id, to));
    }
    return {
      after() {},
      diff(id) {
        const weight = weights[id];
        const was = before.get(id)!, now = after.get(id)!;
        const matchesDiff: ConstraintMatch[] = [];
        if (x.justify) {
          if (now !== 0) matchesDiff.push({ score: matchScore(id, weight, now), justification: justification(x, id, shift, to) });
          if (was !== 0) matchesDiff.push({ score: matchScore(id, weight, -was), justification: justification(x, id, shift, from) });
        }
        return { matchCountDiff: Number(now !== 0) - Number(was !== 0), matchesDiff };
      },
    };
  },
};
