/**
 * "Balance time worked" and "Balance shift count" (AGGREGATE; core: assembly/constraints/balance.ts): the rules'
 * members, published history and counted shifts, and the per-rule justifications. Time is balanced in minutes per
 * FTE (solver/fte.ts): balanceMembers holds each member's FTE in thousandths (1000 for shift count rules), and the
 * published minutes are stored per FTE.
 */
import type { EncodeContext } from "../../encode-context";
import { arrayOf, ownValue } from "../../encode-context";
import { globalRulesOf, tagsMatch, type BalanceRule } from "../../encode";
import { BALANCE_COUNT, BALANCE_TIME } from "../../layout";
import { CONSTRAINT_ID } from "../../constraint-ids";
import { matchScore, type ConstraintMatch, type ExplainContext, type Justification } from "../../explain-context";
import type { FamilyDescriptor } from "../types";
import { employeeFtes, FULL_TIME, perFte } from "../../fte";
import type { ExtraKpis, MetricsInput } from "../../metrics";

function encode(ctx: EncodeContext): void {
  const { input, S, E } = ctx;
  const employees = input.employees;
  const rules = globalRulesOf(input);
  const balance: { rule: BalanceRule; kind: number }[] = [
    ...arrayOf<BalanceRule>(rules.balanceTimeWorkedRules).map((rule) => ({ rule, kind: BALANCE_TIME })),
    ...arrayOf<BalanceRule>(rules.balanceShiftCountRules).map((rule) => ({ rule, kind: BALANCE_COUNT })),
  ];
  const R = balance.length;
  const ftes = employeeFtes(input);
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
      const fte = kind === BALANCE_TIME ? ftes[i] : FULL_TIME;
      balanceMembers[r * E + i] = fte;
      balanceHistory[r * E + i] = perFte(Math.max(0, Math.floor(Number(ownValue(history, e.id) ?? 0) || 0)), fte);
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
  // fromEntries defines own members, so an employee id "__proto__" is a key like any other (an assignment would set
  // the prototype); the object keeps Object.prototype, which Durable Object RPC needs to serialize it.
  const byEmployee: Record<string, number> = Object.fromEntries(
    loads.flatMap((load, e) => (members[rule * E + e] ? [[x.employeeId(e), load] as const] : [])),
  );
  return info.kind === "TIME"
    ? { employeeToMinutesWorked: byEmployee, balanceTimeWorkedRule: info.id, description: `Time worked is unevenly spread over the employees of rule '${info.id}'.` }
    : { employeeToShiftsWorked: byEmployee, balanceShiftCountRule: info.id, description: `Shift counts are unevenly spread over the employees of rule '${info.id}'.` };
}

/**
 * kpis.workingTimeFairnessPercentage: Jain's fairness index (Jain, Chiu & Hawe 1984, "A Quantitative Measure of
 * Fairness and Discrimination for Resource Allocation in Shared Computer Systems", DEC-TR-301):
 * J = (Σx)² / (n·Σx²), 100% when every selected employee works the same time, 1/n when one works everything. x is the
 * worked time per FTE each balanceTimeWorkedRule sees (its employees, its shifts, its published history); with several rules,
 * the mean of their indices; null without balanceTimeWorkedRules.
 */
function kpis({ input, problem, assignment }: MetricsInput): Partial<ExtraKpis> {
  const E = input.employees.length, S = input.shifts.length;
  const sections = problem.sections;
  const indices: number[] = [];
  problem.balanceRules.forEach((rule, r) => {
    if (rule.kind !== "TIME") return;
    const loads = new Float64Array(E);
    for (let e = 0; e < E; e++) loads[e] = sections.balanceHistory[r * E + e];
    for (let s = 0; s < S; s++) {
      const e = assignment[s];
      if (e >= 0 && sections.balanceMembers[r * E + e] && sections.balanceShifts[r * S + s]) loads[e] += perFte(problem.shiftWorked[s], sections.balanceMembers[r * E + e]);
    }
    let sum = 0, sum2 = 0, n = 0;
    for (let e = 0; e < E; e++) {
      if (!sections.balanceMembers[r * E + e]) continue;
      sum += loads[e];
      sum2 += loads[e] * loads[e];
      n++;
    }
    if (n > 0) indices.push(sum2 === 0 ? 1 : (sum * sum) / (n * sum2));
  });
  const percent = (indices.reduce((a, b) => a + b, 0) / indices.length) * 100;
  return { workingTimeFairnessPercentage: indices.length === 0 ? null : Math.round(percent * 100) / 100 };
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
  metrics: { kpis },
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
