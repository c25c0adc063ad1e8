/**
 * "Overlapping shift" (PAIRWISE; core: assembly/constraints/overlapping-shift.ts): employees' allow-overlap groups
 * (contracts' allowOverlappingShiftsRules) and the overlapping pairs' justifications.
 */
import type { EncodeContext, TagFilter } from "../../encode-context";
import { arrayOf } from "../../encode-context";
import { tagsMatch } from "../../encode";
import { CONSTRAINT_ID } from "../../constraint-ids";
import { matchScore, type ExplainContext, type Justification } from "../../explain-context";
import type { SolverSession } from "../../session";
import type { FamilyDescriptor } from "../types";
import { pairMatchesDiff } from "../pair-matches";

function encode(ctx: EncodeContext): void {
  const { input, S } = ctx;
  const employees = input.employees;
  const E = ctx.E;
  const contracts = new Map((input.contracts ?? []).map((c) => [c.id, c as { allowOverlappingShiftsRules?: TagFilter[] }]));
  const groupIndex = new Map<string, number>();
  const groupRules: TagFilter[][] = [];
  const overlapGroup = new Int32Array(E);
  employees.forEach((e, i) => {
    const ruleList = (e.contracts ?? []).flatMap((id) => arrayOf<TagFilter>(contracts.get(id)?.allowOverlappingShiftsRules));
    if (ruleList.length === 0) return;
    const key = JSON.stringify(ruleList.map((r) => [r.includeShiftTags ?? [], r.excludeShiftTags ?? [], r.shiftTagMatches ?? "ALL"]).sort());
    let g = groupIndex.get(key);
    if (g === undefined) {
      g = groupRules.length + 1;
      groupIndex.set(key, g);
      groupRules.push(ruleList);
    }
    overlapGroup[i] = g;
  });
  const G = groupRules.length;
  const overlapAllowed = new Int32Array(G * S);
  groupRules.forEach((ruleList, g) => {
    ctx.shiftTagSets().forEach((set, s) => {
      if (ruleList.some((r) => tagsMatch(set, r.includeShiftTags ?? undefined, r.excludeShiftTags ?? undefined, r.shiftTagMatches ?? undefined))) overlapAllowed[g * S + s] = 1;
    });
  });
  ctx.sections.overlapGroup = overlapGroup;
  ctx.sections.overlapAllowed = overlapAllowed;
  ctx.counts.overlapGroups = G;
}

function overlapJustification(x: ExplainContext, a: number, b: number, e: number, minutes: number): Justification {
  const employee = x.employeeId(e);
  return {
    shift1: x.shiftId(a),
    shift2: x.shiftId(b),
    employee,
    description: `Employee '${employee}' works overlapping shifts '${x.shiftId(a)}' and '${x.shiftId(b)}' (${minutes} minutes).`,
  };
}

/**
 * Shifts of employee e that shift s overlaps (penalized pairs), with the minutes: for justifications only (the
 * counts and scores come from the core). Mirrors the core's exemptions: both historic, or either shift allowed to
 * overlap by the employee's allow-overlap group.
 */
function overlapPairs(session: SolverSession, s: number, e: number): Array<[number, number]> {
  const p = session.problem;
  const assignment = session.currentAssignment();
  const S = p.shiftIds.length;
  const g = p.sections.overlapGroup[e];
  const allowed = (t: number) => g > 0 && p.sections.overlapAllowed[(g - 1) * S + t] === 1;
  const out: Array<[number, number]> = [];
  if (allowed(s)) return out;
  for (let t = 0; t < S; t++) {
    if (t === s || assignment[t] !== e) continue;
    const minutes = Math.max(0, Math.min(p.shiftEnd[s], p.shiftEnd[t]) - Math.max(p.shiftStart[s], p.shiftStart[t]));
    if (minutes === 0 || allowed(t) || (p.shiftHistoric[s] && p.shiftHistoric[t])) continue;
    out.push([t, minutes]);
  }
  return out;
}

export const overlapFamily: FamilyDescriptor = {
  name: "overlap",
  constraints: [{ id: CONSTRAINT_ID.OVERLAP, justification: "OverlappingShiftJustification" }],
  encode,
  matches(x, id, weight) {
    const assignment = x.currentAssignment();
    return x.session.overlapMatches().map(([a, b, minutes]) => ({
      score: matchScore(id, weight, minutes),
      justification: overlapJustification(x, a, b, assignment[a], minutes),
    }));
  },
  trial(x, { shift, from, to, weights }) {
    // Read before the change: the overlapping partners of the shift on either side.
    const session = x.session;
    const partnersBefore = from >= 0 ? session.overlapPartners(shift, from) : 0;
    const partnersAfter = to >= 0 ? session.overlapPartners(shift, to) : 0;
    const gained = x.justify && to >= 0 ? overlapPairs(session, shift, to) : [];
    const lost = x.justify && from >= 0 ? overlapPairs(session, shift, from) : [];
    return {
      after() {},
      diff(id) {
        const weight = weights[id];
        const matchesDiff = pairMatchesDiff(x, id, weight, { shift, from, to, gained, lost }, overlapJustification);
        return { matchCountDiff: weight === 0 ? 0 : partnersAfter - partnersBefore, matchesDiff };
      },
    };
  },
};
