/**
 * ModelInput (wire) -> EncodedProblem (typed arrays in the Wasm layout). Everything the core needs is decided here:
 * ids become dense indices, times become minutes since the epoch, priorities become weights, spans are sorted and
 * merged. Deterministic: the same input always gives the same arrays.
 */
import type { ModelInput } from "../schemas/model-input";
import { LAYOUT_VERSION, HEADER_WORDS, H_VERSION, H_SHIFTS, H_EMPLOYEES, H_SKILLS, H_REQUIRED_SKILLS, H_EMPLOYEE_SKILLS, H_UNAVAILABLE, problemWords } from "./layout";

export interface EncodedProblem {
  /** Input order; index i of every shift array is shiftIds[i]. */
  shiftIds: string[];
  employeeIds: string[];
  /** Every skill mentioned by an employee or a shift, first-seen order. */
  skillIds: string[];
  /** Minutes since the Unix epoch (floored); shiftEnd >= shiftStart. */
  shiftStart: Int32Array;
  shiftEnd: Int32Array;
  /** 11 - priority: priority "1" -> 10 ... "10" -> 1; missing priority counts as "1". */
  shiftWeight: Int32Array;
  /** 1 when pinned (and its employee, if any, is known). */
  shiftPinned: Int32Array;
  /** Initial employee index, -1 when none or unknown. */
  shiftEmployee: Int32Array;
  shiftSkillOffsets: Int32Array;
  shiftSkills: Int32Array;
  employeeSkillOffsets: Int32Array;
  employeeSkills: Int32Array;
  unavailableOffsets: Int32Array;
  unavailableStart: Int32Array;
  unavailableEnd: Int32Array;
}

/** Minutes since the epoch of an ISO date-time with offset; NaN (never after schema validation) reads as 0. */
export function toMinutes(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 60_000) : 0;
}

/** Missing priority is treated as the highest, "1": an unprioritised shift is ordinarily a mandatory one. */
export function priorityWeight(priority: string | null | undefined): number {
  const p = priority == null ? 1 : Number(priority);
  return Number.isInteger(p) && p >= 1 && p <= 10 ? 11 - p : 10;
}

export function encodeProblem(input: ModelInput): EncodedProblem {
  const skillIndex = new Map<string, number>();
  const skillOf = (id: string): number => {
    let k = skillIndex.get(id);
    if (k === undefined) skillIndex.set(id, (k = skillIndex.size));
    return k;
  };

  const employees = input.employees;
  const employeeIndex = new Map<string, number>();
  employees.forEach((e, i) => {
    if (!employeeIndex.has(e.id)) employeeIndex.set(e.id, i);
  });

  const employeeSkillOffsets = new Int32Array(employees.length + 1);
  const employeeSkillRows: number[][] = employees.map((e) => {
    const row = [...new Set((e.skills ?? []).map((s) => skillOf(s.id)))];
    return row.sort((a, b) => a - b);
  });
  employeeSkillRows.forEach((row, i) => (employeeSkillOffsets[i + 1] = employeeSkillOffsets[i] + row.length));
  const employeeSkills = Int32Array.from(employeeSkillRows.flat());

  const unavailableOffsets = new Int32Array(employees.length + 1);
  const spanRows = employees.map((e) => mergeSpans((e.unavailableTimeSpans ?? []).map((s) => [toMinutes(s.start), toMinutes(s.end)])));
  spanRows.forEach((row, i) => (unavailableOffsets[i + 1] = unavailableOffsets[i] + row.length));
  const unavailableStart = Int32Array.from(spanRows.flat().map((s) => s[0]));
  const unavailableEnd = Int32Array.from(spanRows.flat().map((s) => s[1]));

  const shifts = input.shifts;
  const n = shifts.length;
  const shiftStart = new Int32Array(n);
  const shiftEnd = new Int32Array(n);
  const shiftWeight = new Int32Array(n);
  const shiftPinned = new Int32Array(n);
  const shiftEmployee = new Int32Array(n);
  const shiftSkillOffsets = new Int32Array(n + 1);
  const required: number[] = [];
  shifts.forEach((s, i) => {
    shiftStart[i] = toMinutes(s.start);
    shiftEnd[i] = Math.max(shiftStart[i], toMinutes(s.end));
    shiftWeight[i] = priorityWeight(s.priority);
    const employee = s.employee == null ? undefined : employeeIndex.get(s.employee);
    shiftEmployee[i] = employee ?? -1;
    // A shift naming an unknown employee is unassigned and movable, whatever its pinned flag says.
    shiftPinned[i] = s.pinned === true && !(s.employee != null && employee === undefined) ? 1 : 0;
    for (const k of [...new Set((s.requiredSkills ?? []).map(skillOf))].sort((a, b) => a - b)) required.push(k);
    shiftSkillOffsets[i + 1] = required.length;
  });

  return {
    shiftIds: shifts.map((s) => s.id),
    employeeIds: employees.map((e) => e.id),
    skillIds: [...skillIndex.keys()],
    shiftStart,
    shiftEnd,
    shiftWeight,
    shiftPinned,
    shiftEmployee,
    shiftSkillOffsets,
    shiftSkills: Int32Array.from(required),
    employeeSkillOffsets,
    employeeSkills,
    unavailableOffsets,
    unavailableStart,
    unavailableEnd,
  };
}

/** Sorts spans by start, drops empty ones and merges overlapping or touching ones, so no minute counts twice. */
function mergeSpans(spans: number[][]): number[][] {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: number[][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The problem buffer of assembly/layout.ts, as one Int32Array. */
export function packProblem(p: EncodedProblem): Int32Array {
  const s = p.shiftIds.length, e = p.employeeIds.length;
  const words = problemWords(s, e, p.shiftSkills.length, p.employeeSkills.length, p.unavailableStart.length);
  const out = new Int32Array(words);
  out[H_VERSION] = LAYOUT_VERSION;
  out[H_SHIFTS] = s;
  out[H_EMPLOYEES] = e;
  out[H_SKILLS] = p.skillIds.length;
  out[H_REQUIRED_SKILLS] = p.shiftSkills.length;
  out[H_EMPLOYEE_SKILLS] = p.employeeSkills.length;
  out[H_UNAVAILABLE] = p.unavailableStart.length;
  let at = HEADER_WORDS;
  for (const section of [
    p.shiftStart, p.shiftEnd, p.shiftWeight, p.shiftPinned, p.shiftEmployee,
    p.shiftSkillOffsets, p.shiftSkills,
    p.employeeSkillOffsets, p.employeeSkills,
    p.unavailableOffsets, p.unavailableStart, p.unavailableEnd,
  ]) {
    out.set(section, at);
    at += section.length;
  }
  return out;
}
