/**
 * Output metrics of a solution (spec §2.7): per-employee `modelOutput.employees[].metrics` (reference
 * `EmployeeOutputMetrics`) and the KPIs beyond the counts of output.ts (reference `EmployeeSchedulingOutputMetrics`).
 * Pure functions of (input, encoded problem, assignment): the browser and the Durable Object compute the same. Each
 * constraint family contributes the metrics of its concern (solver/families/* `metrics`); this module adds the base
 * ones (shifts and time worked) and fixes the order of the fields.
 *
 * `assignment[i]` is the index in `input.employees` of the employee of `input.shifts[i]`, or -1.
 */
import type { ModelInput } from "../schemas/model-input";
import type { EncodedProblem } from "./encode";
import { minutesDuration } from "./duration";
import { FAMILIES } from "./families/index";

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
  /** Meters from each assigned shift's employee home to the shift (both with a location), great-circle. */
  travelDistance: number;
}

/** What the families' metrics read. */
export interface MetricsInput {
  input: ModelInput;
  problem: EncodedProblem;
  assignment: ArrayLike<number>;
}

const EMPLOYEE_FIELDS: readonly (keyof EmployeeMetrics)[] = [
  "assignedShifts", "durationWorked", "durationOfTimePreferencesMet", "durationOfTimeUnpreferencesViolated", "disruptedShifts",
  "durationOfDisruptedShifts", "incomingDisruptedShifts", "durationOfIncomingDisruptedShifts", "outgoingDisruptedShifts",
  "durationOfOutgoingDisruptedShifts", "overtimeThresholdDuration", "overtimeWorked", "maximumAvailabilityDuration",
  "costDefinitionTotalCost", "costDefinitionOvertimeDuration", "costDefinitionTotalOvertime",
];

const KPI_FIELDS: readonly (keyof ExtraKpis)[] = [
  "workingTimeFairnessPercentage", "disruptionPercentage", "averageDurationOfEmployeesPreferencesMet",
  "minimumDurationOfPreferencesMetAcrossEmployees", "averageDurationOfEmployeesUnpreferencesViolated",
  "maximumDurationOfUnpreferencesViolatedAcrossEmployees", "fixedTotalCost", "travelDistance",
];

/** The fields in their order; each must come from the base or a family. */
function ordered<T>(fields: readonly (keyof T)[], parts: Partial<T>[], what: string): T {
  const all = Object.assign({}, ...parts) as Partial<T>;
  const out = {} as T;
  for (const field of fields) {
    if (!(field in all)) throw new Error(`${what}: no family computes '${String(field)}'`);
    out[field] = all[field] as T[keyof T];
  }
  return out;
}

/** Per employee (input order) the output metrics. */
export function employeeMetrics(input: ModelInput, problem: EncodedProblem, assignment: ArrayLike<number>): EmployeeOutput[] {
  const m: MetricsInput = { input, problem, assignment };
  const rows = input.employees.map(() => ({ shifts: 0, worked: 0 }));
  for (let s = 0; s < input.shifts.length; s++) {
    const e = assignment[s];
    if (e < 0) continue;
    rows[e].shifts++;
    rows[e].worked += problem.shiftWorked[s];
  }
  const families = FAMILIES.flatMap((f) => (f.metrics?.employees ? [f.metrics.employees(m)] : []));
  return input.employees.map((employee, e) => {
    const base: Partial<EmployeeMetrics> = { assignedShifts: rows[e].shifts, durationWorked: minutesDuration(rows[e].worked), maximumAvailabilityDuration: null };
    return { id: employee.id, metrics: ordered(EMPLOYEE_FIELDS, [base, ...families.map((rows) => rows[e])], "employeeMetrics") };
  });
}

/**
 * KPIs of spec §2.7 that output.ts does not compute, each from its family's `metrics.kpis`: working time fairness
 * (balance), disruption and preferences (local), the fixed total cost (cost).
 */
export function extraKpis(input: ModelInput, problem: EncodedProblem, assignment: ArrayLike<number>): ExtraKpis {
  const m: MetricsInput = { input, problem, assignment };
  return ordered(KPI_FIELDS, FAMILIES.flatMap((f) => (f.metrics?.kpis ? [f.metrics.kpis(m)] : [])), "extraKpis");
}
