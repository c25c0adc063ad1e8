/**
 * The solving response's model-specific parts (spec §2.7) from an input and an assignment: `modelOutput.shifts` and
 * `.employees` (per-employee metrics), `inputMetrics` and `kpis`. Shared by the Durable Object (API responses) and the browser.
 *
 * `assignment[i]` is the index in `input.employees` of the employee assigned to `input.shifts[i]`, or -1.
 */
import type { ModelInput } from "../schemas/model-input";
import type { InputMetrics, Kpis, ModelOutput } from "../schemas/model-output";
import { encodeProblem, historicShifts, shiftAssignmentWeights, type EncodedProblem } from "./encode";
import { lazyArray } from "./lazy-array";
import { employeeMetrics, extraKpis } from "./metrics";
import { shiftIdsOf } from "./shift-table";
import { demandKpis, generatedShiftsOutput, withGeneratedShifts } from "./shift-generation";
import { shiftGroupInputMetrics, shiftGroupKpis } from "./shift-groups";

export interface SolutionParts {
  modelOutput: ModelOutput;
  inputMetrics: InputMetrics;
  kpis: Kpis;
}

/** Per shift: mandatory, unless `globalRules.unassignedShiftRule` maps its priority to OPTIONAL (encode.ts). */
function mandatoryFlags(input: ModelInput): boolean[] {
  return shiftAssignmentWeights(input).map((w) => w.mandatory);
}

export function inputMetrics(input: ModelInput): InputMetrics {
  const flags = mandatoryFlags(input);
  const mandatory = flags.filter(Boolean).length;
  // Shifts ending before the planning window (spec §2.6); null when there are none, as the reference.
  const historicFlags = historicShifts(input);
  const historic = historicFlags.filter(Boolean).length;
  return {
    employees: input.employees.length,
    shifts: input.shifts.length,
    pinnedShifts: input.shifts.filter((s) => s.pinned === true).length,
    mandatoryShifts: mandatory,
    optionalShifts: input.shifts.length - mandatory,
    historicShifts: historic > 0 ? historic : null,
    ...shiftGroupInputMetrics(input, flags, historicFlags),
  };
}

/**
 * `problem` is the encoded input when the caller has it (a live session); otherwise it is encoded here, which the
 * per-employee metrics and the fairness KPI need. `lazyShifts`: `modelOutput.shifts` is a lazy array (see below).
 */
export function solutionParts(input: ModelInput, given: ArrayLike<number>, problem?: EncodedProblem, options: { lazyShifts?: boolean } = {}): SolutionParts {
  const encoded = problem ?? encodeProblem(input);
  // Generated demand shifts follow the input's shifts (shift-generation.ts): `modelOutput.shifts` lists the input's,
  // `generatedShifts` the generated ones; the assigned generated shifts count as assigned (optional) shifts and for
  // the employees' metrics, the unused candidates are not unassigned shifts (their demand is uncovered instead).
  const full = encoded.input;
  const assignment = given.length === full.shifts.length ? given : Int32Array.from(full.shifts, (_s, i) => (i < given.length ? given[i] : -1));
  const shifts = shiftsOutput(input, assignment, options.lazyShifts ?? false);
  let assigned = 0;
  let assignedMandatory = 0;
  const activated = new Set<number>();
  const mandatory = mandatoryFlags(input);
  full.shifts.forEach((_shift, i) => {
    if (assignment[i] < 0) return;
    assigned++;
    if (i < mandatory.length && mandatory[i]) assignedMandatory++;
    activated.add(assignment[i]);
  });
  const generatedShifts = generatedShiftsOutput(encoded, assignment);
  return {
    modelOutput: { shifts, employees: employeeMetrics(full, encoded, assignment), ...(generatedShifts ? { generatedShifts } : {}) },
    inputMetrics: inputMetrics(input),
    kpis: {
      assignedShifts: assigned,
      unassignedShifts: unassignedCount(input.shifts.length, assignment),
      activatedEmployees: activated.size,
      assignedMandatoryShifts: assignedMandatory,
      assignedOptionalShifts: assigned - assignedMandatory,
      ...extraKpis(full, encoded, assignment),
      ...demandKpis(encoded, assignment),
      ...shiftGroupKpis(input, assignment),
    },
  };
}

/** Shifts among the first `count` left unassigned (counted without reading the shifts: no lazy shift made). */
function unassignedCount(count: number, assignment: ArrayLike<number>): number {
  let unassigned = 0;
  for (let i = 0; i < count; i++) if (assignment[i] < 0) unassigned++;
  return unassigned;
}

/**
 * `modelOutput.shifts`. Lazy (lazy-array.ts): made as they are read, for a serializer that writes them in pieces
 * (output-json.ts); not for a value sent over RPC. Made in a function of its own: a lazy array's closures keep only
 * what they read (input, assignment, ids), not what solutionParts computes beside them (its per-shift mandatory
 * flags, 8 bytes a shift, were held while the output was serialized; README "Request bodies").
 */
function shiftsOutput(input: ModelInput, assignment: ArrayLike<number>, lazy: boolean): ModelOutput["shifts"] {
  const shiftOutput = (id: string, i: number) => {
    const e = assignment[i];
    return { id, employee: e >= 0 ? input.employees[e].id : null };
  };
  const ids = lazy ? shiftIdsOf(input.shifts) : null;
  return ids ? lazyArray(() => ids.length, (i) => shiftOutput(ids[i], i)) : input.shifts.map((shift, i) => shiftOutput(shift.id, i));
}

/** The assignment a dataset was submitted with: known employees only (unknown ones warned about, unassigned). */
export function submittedAssignment(input: ModelInput): Int32Array {
  const index = new Map(input.employees.map((e, i) => [e.id, i]));
  // Generated demand shifts (appended after the input's) start unassigned.
  return Int32Array.from(withGeneratedShifts(input).shifts, (s) => (s.employee != null ? (index.get(s.employee) ?? -1) : -1));
}

/**
 * The assignment (employee index per shift of the encoded problem: the input's shifts, then the generated demand
 * shifts) that a stored `modelOutput` describes.
 */
export function assignmentOfOutput(input: ModelInput, output: ModelOutput): Int32Array {
  const index = new Map(input.employees.map((e, i) => [e.id, i]));
  const byShift = new Map<string, string | null>();
  for (const s of output.shifts) byShift.set(s.id, s.employee);
  for (const s of output.generatedShifts ?? []) byShift.set(s.id, s.employee);
  return Int32Array.from(withGeneratedShifts(input).shifts, (s) => {
    const employee = byShift.get(s.id);
    return employee == null ? -1 : (index.get(employee) ?? -1);
  });
}
