/**
 * Output metrics of a solution (spec §2.7): per-employee `modelOutput.employees[].metrics` (reference
 * `EmployeeOutputMetrics`) and the KPIs beyond the counts of output.ts (reference `EmployeeSchedulingOutputMetrics`).
 * Pure functions of (input, encoded problem, assignment): the browser and the Durable Object compute the same.
 *
 * `assignment[i]` is the index in `input.employees` of the employee of `input.shifts[i]`, or -1.
 */
import type { ModelInput } from "../schemas/model-input";
import type { EncodedProblem } from "./encode";
import { tagsMatch, toMinutes } from "./encode";
import { formatDurationMinutes } from "./duration";
import { employeeCostMetrics, fixedTotalCost } from "./metrics-cost";

export interface EmployeeMetrics {
  assignedShifts: number;
  /** Worked time (breaks excluded), ISO 8601 in minutes, e.g. PT480M. */
  durationWorked: string;
  /** Minutes inside preferred time spans plus the minutes of shifts naming the employee preferred (each counted). */
  durationOfTimePreferencesMet: string;
  /** Minutes inside unpreferred time spans (each span counted). */
  durationOfTimeUnpreferencesViolated: string;
  disruptedShifts: number;
  durationOfDisruptedShifts: string;
  incomingDisruptedShifts: number;
  durationOfIncomingDisruptedShifts: string;
  outgoingDisruptedShifts: number;
  durationOfOutgoingDisruptedShifts: string;
  /** From the WEEK period rules with a minutes maximum (metrics-cost.ts); null without one. */
  overtimeThresholdDuration: string | null;
  overtimeWorked: string | null;
  maximumAvailabilityDuration: string | null;
  costDefinitionTotalCost: number | null;
  costDefinitionOvertimeDuration: string | null;
  /** The spec's name of costDefinitionOvertimeDuration: the same value. */
  costDefinitionTotalOvertime: string | null;
}

export interface EmployeeOutput {
  id: string;
  metrics: EmployeeMetrics;
}

const duration = (minutes: number) => formatDurationMinutes(minutes * 60_000);

interface Minutes {
  preferred: number;
  unpreferred: number;
}

/** Per employee, the preference minutes met and unpreference minutes violated by the assignment. */
function preferenceMinutes(input: ModelInput, problem: EncodedProblem, assignment: ArrayLike<number>): Minutes[] {
  const out: Minutes[] = input.employees.map(() => ({ preferred: 0, unpreferred: 0 }));
  const spanMinutes = (spans: NonNullable<ModelInput["employees"][number]["preferredTimeSpans"]>, s: number, tags: Set<string>) => {
    let total = 0;
    for (const span of spans) {
      const minutes = Math.min(problem.shiftEnd[s], toMinutes(span.end)) - Math.max(problem.shiftStart[s], toMinutes(span.start));
      if (minutes > 0 && tagsMatch(tags, span.includeShiftTags, span.excludeShiftTags, span.shiftTagMatches)) total += minutes;
    }
    return total;
  };
  input.shifts.forEach((shift, s) => {
    const e = assignment[s];
    if (e < 0) return;
    const employee = input.employees[e];
    const tags = new Set(shift.tags ?? []);
    out[e].preferred += spanMinutes(employee.preferredTimeSpans ?? [], s, tags);
    out[e].unpreferred += spanMinutes(employee.unpreferredTimeSpans ?? [], s, tags);
    if ((shift.preferredEmployees ?? []).includes(employee.id)) out[e].preferred += problem.shiftWorked[s];
  });
  return out;
}

/**
 * Per employee (input order) the output metrics. Disruption compares with the submitted assignment (`employee` of
 * each shift): outgoing = shifts submitted with this employee and now elsewhere or unassigned; incoming = shifts now
 * with this employee that were submitted with another employee or none. When the submitted schedule assigns no
 * shift at all there is nothing to disrupt and the counts are 0 (as `disruptionPercentage`).
 */
export function employeeMetrics(input: ModelInput, problem: EncodedProblem, assignment: ArrayLike<number>): EmployeeOutput[] {
  const prefs = preferenceMinutes(input, problem, assignment);
  const costs = employeeCostMetrics(problem, assignment);
  const published = problem.shiftEmployee;
  const anyPublished = published.some((e) => e >= 0);
  const rows = input.employees.map(() => ({ shifts: 0, worked: 0, incoming: 0, incomingMinutes: 0, outgoing: 0, outgoingMinutes: 0 }));
  for (let s = 0; s < input.shifts.length; s++) {
    const e = assignment[s];
    const minutes = problem.shiftWorked[s];
    if (e >= 0) {
      rows[e].shifts++;
      rows[e].worked += minutes;
    }
    if (!anyPublished || e === published[s]) continue;
    if (e >= 0) {
      rows[e].incoming++;
      rows[e].incomingMinutes += minutes;
    }
    if (published[s] >= 0) {
      rows[published[s]].outgoing++;
      rows[published[s]].outgoingMinutes += minutes;
    }
  }
  return input.employees.map((employee, e) => {
    const r = rows[e];
    return {
      id: employee.id,
      metrics: {
        assignedShifts: r.shifts,
        durationWorked: duration(r.worked),
        durationOfTimePreferencesMet: duration(prefs[e].preferred),
        durationOfTimeUnpreferencesViolated: duration(prefs[e].unpreferred),
        disruptedShifts: r.incoming + r.outgoing,
        durationOfDisruptedShifts: duration(r.incomingMinutes + r.outgoingMinutes),
        incomingDisruptedShifts: r.incoming,
        durationOfIncomingDisruptedShifts: duration(r.incomingMinutes),
        outgoingDisruptedShifts: r.outgoing,
        durationOfOutgoingDisruptedShifts: duration(r.outgoingMinutes),
        overtimeThresholdDuration: nullableDuration(costs[e].overtimeThresholdDuration),
        overtimeWorked: nullableDuration(costs[e].overtimeWorked),
        maximumAvailabilityDuration: null,
        costDefinitionTotalCost: costs[e].costDefinitionTotalCost,
        costDefinitionOvertimeDuration: nullableDuration(costs[e].costDefinitionOvertimeDuration),
        costDefinitionTotalOvertime: nullableDuration(costs[e].costDefinitionOvertimeDuration),
      },
    };
  });
}

export interface ExtraKpis {
  /** Jain's fairness index of worked time, as a percentage; null without balanceTimeWorkedRules. */
  workingTimeFairnessPercentage: number | null;
  /** Share of submitted assignments changed, in percent (0 when none was submitted). */
  disruptionPercentage: number;
  averageDurationOfEmployeesPreferencesMet: string;
  minimumDurationOfPreferencesMetAcrossEmployees: string;
  averageDurationOfEmployeesUnpreferencesViolated: string;
  maximumDurationOfUnpreferencesViolatedAcrossEmployees: string;
  /** Total cost of the assignments under globalRules.costsRules (3 decimals); null without costs rules. */
  fixedTotalCost: number | null;
}

/**
 * KPIs of spec §2.7 that output.ts does not compute. `workingTimeFairnessPercentage` is Jain's fairness index
 * (Jain, Chiu & Hawe 1984, "A Quantitative Measure of Fairness and Discrimination for Resource Allocation in Shared
 * Computer Systems", DEC-TR-301): J = (Σx)² / (n·Σx²), 100% when every selected employee works the same time,
 * 1/n when one works everything. x is the worked time each balanceTimeWorkedRule sees (its employees, its shifts,
 * its published history); with several rules, the mean of their indices.
 */
export function extraKpis(input: ModelInput, problem: EncodedProblem, assignment: ArrayLike<number>): ExtraKpis {
  const E = input.employees.length, S = input.shifts.length;
  const sections = problem.sections;
  const indices: number[] = [];
  problem.balanceRules.forEach((rule, r) => {
    if (rule.kind !== "TIME") return;
    const loads = new Float64Array(E);
    for (let e = 0; e < E; e++) loads[e] = sections.balanceHistory[r * E + e];
    for (let s = 0; s < S; s++) {
      const e = assignment[s];
      if (e >= 0 && sections.balanceShifts[r * S + s]) loads[e] += problem.shiftWorked[s];
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
  const published = problem.shiftEmployee;
  const submitted = Array.from(published).filter((e) => e >= 0).length;
  let disrupted = 0;
  for (let s = 0; s < S; s++) if (published[s] >= 0 && assignment[s] !== published[s]) disrupted++;
  const prefs = preferenceMinutes(input, problem, assignment);
  const met = prefs.map((p) => p.preferred);
  const violated = prefs.map((p) => p.unpreferred);
  const mean = (v: number[]) => (v.length === 0 ? 0 : Math.round(v.reduce((a, b) => a + b, 0) / v.length));
  return {
    workingTimeFairnessPercentage: indices.length === 0 ? null : round2((indices.reduce((a, b) => a + b, 0) / indices.length) * 100),
    disruptionPercentage: submitted === 0 ? 0 : round2((disrupted / submitted) * 100),
    averageDurationOfEmployeesPreferencesMet: duration(mean(met)),
    minimumDurationOfPreferencesMetAcrossEmployees: duration(met.length ? Math.min(...met) : 0),
    averageDurationOfEmployeesUnpreferencesViolated: duration(mean(violated)),
    maximumDurationOfUnpreferencesViolatedAcrossEmployees: duration(violated.length ? Math.max(...violated) : 0),
    fixedTotalCost: fixedTotalCost(input, assignment),
  };
}

function nullableDuration(minutes: number | null): string | null {
  return minutes === null ? null : duration(minutes);
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
