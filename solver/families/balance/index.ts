/**
 * "Balance time worked" and "Balance shift count" (AGGREGATE; core: assembly/constraints/balance.ts): the rules'
 * members, published history and counted shifts, and the per-rule justifications.
 */
import type { EncodeContext } from "../../encode-context";
import { arrayOf } from "../../encode-context";
import { globalRulesOf, tagsMatch, type BalanceRule } from "../../encode";
import { BALANCE_COUNT, BALANCE_TIME } from "../../layout";
import { CONSTRAINT_ID } from "../../constraint-ids";
import { matchScore, type ConstraintMatch, type ExplainContext, type Justification } from "../../explain-context";
import type { FamilyDescriptor } from "../types";

function encode(ctx: EncodeContext): void {
  const { input, S, E } = ctx;
  const employees = input.employees;
  const rules = globalRulesOf(input);
  const balance: { rule: BalanceRule; kind: number }[] = [
    ...arrayOf<BalanceRule>(rules.balanceTimeWorkedRules).map((rule) => ({ rule, kind: BALANCE_TIME })),
    ...arrayOf<BalanceRule>(rules.balanceShiftCountRules).map((rule) => ({ rule, kind: BALANCE_COUNT })),
  ];
  const R = balance.length;
  const balanceRules = new Int32Array(2 * R);
  const balanceMembers = new Int32Array(R * E);
  const balanceHistory = new Int32Array(R * E);
  const balanceShifts = new Int32Array(R * S);
  balance.forEach(({ rule, kind }, r) => {
    balanceRules[2 * r] = kind;
    const history = (kind === BALANCE_TIME ? rule.employeeToPublishedMinutesWorked : rule.employeeToPublishedShiftCount) ?? {};
    employees.forEach((e, i) => {
      if (ctx.employeeIndex.get(e.id) !== i) return;
      if (!tagsMatch(new Set(e.tags ?? []), rule.includeEmployeeTags, rule.excludeEmployeeTags, rule.employeeTagMatches)) return;
      balanceMembers[r * E + i] = 1;
      balanceHistory[r * E + i] = Math.max(0, Math.floor(Number(history[e.id] ?? 0) || 0));
    });
    ctx.shiftTagSets().forEach((set, s) => {
      if (tagsMatch(set, rule.includeShiftTags, rule.excludeShiftTags, rule.shiftTagMatches)) balanceShifts[r * S + s] = 1;
    });
  });
  Object.assign(ctx.sections, { balanceRules, balanceMembers, balanceHistory, balanceShifts });
  ctx.counts.balanceRules = R;
  ctx.fields.balanceRules = balance.map(({ rule, kind }) => ({ id: rule.id, kind: kind === BALANCE_TIME ? "TIME" : "COUNT" }));
}

function balanceJustification(x: ExplainContext, rule: number, loads: number[]): Justification {
  const info = x.problem.balanceRules[rule];
  const members = x.problem.sections.balanceMembers;
  const E = x.problem.employeeIds.length;
  const byEmployee: Record<string, number> = {};
  loads.forEach((load, e) => {
    if (members[rule * E + e]) byEmployee[x.employeeId(e)] = load;
  });
  return info.kind === "TIME"
    ? { employeeToMinutesWorked: byEmployee, balanceTimeWorkedRule: info.id, description: `Time worked is unevenly spread over the employees of rule '${info.id}'.` }
    : { employeeToShiftsWorked: byEmployee, balanceShiftCountRule: info.id, description: `Shift counts are unevenly spread over the employees of rule '${info.id}'.` };
}

/** Whether balance rule r is scored by constraint `id` (time or count). */
const ruleOf = (x: ExplainContext, id: number, r: number) => (x.problem.balanceRules[r].kind === "TIME") === (id === CONSTRAINT_ID.BALANCE_TIME);

export const balanceFamily: FamilyDescriptor = {
  name: "balance",
  constraints: [
    { id: CONSTRAINT_ID.BALANCE_TIME, override: "balanceTimeWorkedWeight", justification: "BalanceTimeWorkedJustification" },
    { id: CONSTRAINT_ID.BALANCE_COUNT, override: "balanceShiftCountWeight", justification: "BalanceShiftCountJustification" },
  ],
  encode,
  matches(x, id, weight) {
    const out: ConstraintMatch[] = [];
    x.problem.balanceRules.forEach((_, r) => {
      if (!ruleOf(x, id, r)) return;
      const state = x.session.balanceRuleState(r);
      if (state.penalty === 0) return;
      out.push({ score: matchScore(id, weight, state.penalty), justification: balanceJustification(x, r, state.loads) });
    });
    return out;
  },
  trial(x, { weights }) {
    const session = x.session;
    const before = session.balanceRulePenalties();
    let after: number[] = [];
    let states: { penalty: number; loads: number[] }[] = [];
    return {
      after() {
        after = session.balanceRulePenalties();
        states = x.justify ? x.problem.balanceRules.map((_, r) => session.balanceRuleState(r)) : [];
      },
      diff(id) {
        const weight = weights[id];
        let matchCountDiff = 0;
        const matchesDiff: ConstraintMatch[] = [];
        x.problem.balanceRules.forEach((_, r) => {
          if (!ruleOf(x, id, r) || weight === 0) return;
          matchCountDiff += Number(after[r] !== 0) - Number(before[r] !== 0);
          if (x.justify && after[r] !== before[r]) {
            matchesDiff.push({ score: matchScore(id, weight, after[r] - before[r]), justification: balanceJustification(x, r, states[r].loads) });
          }
        });
        return { matchCountDiff, matchesDiff };
      },
    };
  },
};
