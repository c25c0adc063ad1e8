/**
 * Justifications of the cost constraints (reference `CostsPerPeriodNotIn{Required,Preferred}RangeJustification`,
 * `MinimizeCostPerPeriodJustification`, `KeepEmployeeActivationRatioJustification`, `MinimizeActivatedEmployeesJustification`,
 * `MaximizeActivatedEmployeeSaturationJustification`). Raw weights come from the core
 * (milli-units for money); the texts and decimal costs are added here.
 */
import type { EncodedProblem } from "./encode";
import type { ContractMatch, SolverSession } from "./session";
import { isoDate } from "./time";
import { ACTIVATION_COST_ID, ACTIVATION_RATIO_ID, COST_MINIMIZE_ID, COST_PREFERRED_ID, COST_REQUIRED_ID, SATURATION_ID, fromMilli } from "./encode-cost";

type Justification = { description: string } & Record<string, unknown>;

export function isCostAggregate(id: number): boolean {
  return id === COST_REQUIRED_ID || id === COST_PREFERRED_ID || id === ACTIVATION_RATIO_ID || id === ACTIVATION_COST_ID || id === SATURATION_ID;
}

const money = (milli: number) => fromMilli(milli).toFixed(3).replace(/\.?0+$/, "");

/** A cost definition match: one (employee, period rule, period) with its minutes worked and cost. */
export function costDefinitionJustification(problem: EncodedProblem, m: ContractMatch): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const overtime = m.d > 0 ? `, ${m.d} of them overtime` : "";
  return {
    employee,
    periodRule: rule.ruleId,
    dateSpan: { start: isoDate(m.a), end: isoDate(m.b) },
    minutesWorked: m.c,
    cost: fromMilli(m.penalty),
    description: `Employee '${employee}' works ${m.c} minutes${overtime} in the ${rule.scope ?? "period"} ${isoDate(m.a)} to ${isoDate(m.b)}, costing ${money(m.penalty)} (cost definition of rule '${rule.ruleId}' of contract '${rule.contractId}').`,
  };
}

/** The matches (raw penalty and justification) of costs rule constraint 66 / 67 or the activation ratio (69). */
export function costAggregateMatches(session: SolverSession, id: number): Array<{ raw: number; justification: Justification }> {
  const { rules, groups } = session.problem.cost;
  const state = session.costState();
  const out: Array<{ raw: number; justification: Justification }> = [];
  if (id === ACTIVATION_COST_ID || id === SATURATION_ID) {
    const index = new Map(groups.map((g, i) => [g.id, i]));
    session.problem.input.employees.forEach((employee, e) => {
      const g = typeof employee.costGroup === "string" ? index.get(employee.costGroup) : undefined;
      const shifts = state.activating[e] ?? 0;
      if (g === undefined || shifts === 0 || groups[g].cost === 0) return;
      if (id === SATURATION_ID) {
        out.push({
          raw: shifts * shifts,
          justification: {
            employee: employee.id,
            shiftCount: shifts,
            description: `Employee '${employee.id}' is activated (cost group '${groups[g].id}') and works ${shifts} activating shift(s): a reward of ${shifts}² = ${shifts * shifts}.`,
          },
        });
        return;
      }
      out.push({
        raw: groups[g].cost,
        justification: {
          employee: employee.id,
          numberOfShifts: shifts,
          description: `Employee '${employee.id}' is activated by ${shifts} shift(s); cost group '${groups[g].id}' costs ${money(groups[g].cost)} per activated employee.`,
        },
      });
    });
    return out;
  }
  if (id === ACTIVATION_RATIO_ID) {
    const total = state.groups.reduce((n, g, i) => n + (groups[i].weight > 0 ? g.activated : 0), 0);
    const weights = groups.reduce((n, g) => n + g.weight, 0);
    groups.forEach((g, i) => {
      const { activated, penalty } = state.groups[i];
      if (penalty === 0) return;
      out.push({
        raw: penalty,
        justification: {
          costGroup: g.id,
          activatedEmployees: activated,
          description: `Cost group '${g.id}' has ${activated} of ${total} activated employees; its ratio weight ${g.weight} of ${weights} asks for ${((g.weight * total) / weights).toFixed(2).replace(/\.?0+$/, "")}.`,
        },
      });
    });
    return out;
  }
  for (const rule of rules) {
    if (rule.constraintId !== id) continue;
    rule.periods.forEach((p, i) => {
      const { total, penalty } = state.periods[rule.periodFirst + i];
      if (penalty === 0) return;
      const limits = [rule.min !== null ? `at least ${rule.min}` : "", rule.max !== null ? `at most ${rule.max}` : ""].filter(Boolean).join(" and ");
      out.push({
        raw: penalty,
        justification: {
          costsRule: rule.id,
          dateSpan: { start: isoDate(p.first), end: isoDate(p.last) },
          cost: fromMilli(total),
          description: `The assignments of costs rule '${rule.id}' cost ${money(total)} from ${isoDate(p.first)} to ${isoDate(p.last)}; the rule allows ${limits} (${id === COST_REQUIRED_ID ? "required" : "preferred"}).`,
        },
      });
    });
  }
  return out;
}

/** Match counts of 66, 67, 69, 73 and saturation from the core's cost state (recommendations' match count differences). */
export function costAggregateCounts(session: SolverSession): Record<number, number> {
  const counts: Record<number, number> = { [COST_REQUIRED_ID]: 0, [COST_PREFERRED_ID]: 0, [ACTIVATION_RATIO_ID]: 0, [ACTIVATION_COST_ID]: 0, [SATURATION_ID]: 0 };
  if (session.problem.cost.rules.length === 0 && session.problem.cost.groups.length === 0) return counts;
  const state = session.costState();
  for (const rule of session.problem.cost.rules) {
    rule.periods.forEach((_, i) => {
      if (state.periods[rule.periodFirst + i].penalty !== 0) counts[rule.constraintId]++;
    });
  }
  for (const g of state.groups) if (g.penalty !== 0) counts[ACTIVATION_RATIO_ID]++;
  counts[ACTIVATION_COST_ID] = costAggregateMatches(session, ACTIVATION_COST_ID).length;
  counts[SATURATION_ID] = costAggregateMatches(session, SATURATION_ID).length;
  return counts;
}
