/** Every validation issue type (spec §2.4, §7), one row each, keyed by code so no row can test another code. */
import { describe, expect, it } from "vitest";
import { ISSUE_TYPES, MAX_SHIFTS, summarize, validateModelInput } from "../../model/validation";
import type { ModelInput } from "../../schemas/model-input";

const T = (h: number) => `2027-05-03T${String(h).padStart(2, "0")}:00:00Z`;

function valid(): ModelInput {
  return {
    employees: [{ id: "Ann", skills: [{ id: "Nurse" }] }, { id: "Bob" }],
    shifts: [{ id: "s1", start: T(8), end: T(16), requiredSkills: ["Nurse"] }],
  };
}

const manyShifts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, start: T(8), end: T(9) }));

const ROWS: Record<string, (input: ModelInput) => ModelInput> = {
  EMPTY_EMPLOYEES_LIST: (i) => ({ ...i, employees: [] }),
  EMPTY_SHIFTS_LIST: (i) => ({ ...i, shifts: [] }),
  DUPLICATE_ID: (i) => ({ ...i, employees: [...i.employees, { id: "Ann" }] }),
  SHIFT_START_NOT_BEFORE_END: (i) => ({ ...i, shifts: [{ id: "s1", start: T(9), end: T(9) }] }),
  SHIFT_BREAK_BEFORE_SHIFT_START: (i) => ({ ...i, shifts: [{ ...i.shifts[0], breaks: [{ start: T(7), end: T(9) }] }] }),
  SHIFT_BREAK_AFTER_SHIFT_END: (i) => ({ ...i, shifts: [{ ...i.shifts[0], breaks: [{ start: T(15), end: T(17) }] }] }),
  EMPLOYEE_UNAVAILABLE_TIME_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, employees: [{ id: "Ann", unavailableTimeSpans: [{ start: T(10), end: T(9) }] }] }),
  EMPLOYEE_AVAILABLE_TIME_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, employees: [{ id: "Ann", availableTimeSpans: [{ start: T(10), end: T(9) }] }] }),
  EMPLOYEE_PREFERRED_TIME_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, employees: [{ id: "Ann", preferredTimeSpans: [{ start: T(10), end: T(10) }] }] }),
  EMPLOYEE_UNPREFERRED_TIME_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, employees: [{ id: "Ann", unpreferredTimeSpans: [{ start: T(11), end: T(10) }] }] }),
  PLANNING_WINDOW_START_NOT_BEFORE_END: (i) => ({ ...i, planningWindow: { start: T(12), end: T(8) } }),
  EMPLOYEE_UNKNOWN_CONTRACT: (i) => ({ ...i, employees: [{ id: "Ann", contracts: ["full-time"] }] }),
  UNDECLARED_TAG_TYPE_BY_TAG: (i) => ({ ...i, tags: [{ id: "icu", tagType: "ward" }] }),
  UNDECLARED_TAG_IN_EMPLOYEE_REQUIRED_TAGS: (i) => ({ ...i, employees: [{ id: "Ann", requiredShiftTags: ["icu"] }], globalRules: { shiftTagMatchRules: [{ id: "r" }] } }),
  UNDECLARED_TAG_IN_EMPLOYEE_PREFERRED_TAGS: (i) => ({ ...i, employees: [{ id: "Ann", preferredShiftTags: ["icu"] }], globalRules: { shiftTagMatchRules: [{ id: "r" }] } }),
  SHIFT_UNKNOWN_SKILL: (i) => ({ ...i, shifts: [{ ...i.shifts[0], requiredSkills: ["Surgeon"] }] }),
  SHIFT_UNKNOWN_EMPLOYEE: (i) => ({ ...i, shifts: [{ ...i.shifts[0], employee: "Zed" }] }),
  EMPLOYEE_REQUIRED_TAGS_IGNORED: (i) => ({ ...i, employees: [{ id: "Ann", requiredShiftTags: ["icu"] }], shifts: [{ ...i.shifts[0], tags: ["icu"] }] }),
  EMPLOYEE_LEGACY_PRIORITY: (i) => ({ ...i, employees: [{ id: "Ann", priority: "HIGH" }] }),
  TOO_MANY_SHIFTS: (i) => ({ ...i, shifts: manyShifts(MAX_SHIFTS + 1) }),
  TOO_MANY_SHIFTS_SOFT_WARNING: (i) => ({ ...i, shifts: manyShifts(Math.floor(MAX_SHIFTS * 0.8) + 1) }),
};

describe("validation issues", () => {
  it("the valid base input has no issue", () => {
    expect(validateModelInput(valid())).toEqual([]);
    expect(summarize([]).summary).toBe("OK");
  });

  it("every issue type has a row", () => {
    expect(Object.keys(ROWS).sort()).toEqual(ISSUE_TYPES.map((t) => t.code).sort());
  });

  it.each(ISSUE_TYPES.map((t) => [t.code, t.severity] as const))("%s (%s)", (code, severity) => {
    const issues = validateModelInput(ROWS[code](valid()));
    const matching = issues.filter((i) => i.code === code);
    expect(matching.length, JSON.stringify(issues.map((i) => i.code))).toBeGreaterThan(0);
    expect(matching[0].severity).toBe(severity);
    expect(matching[0].message.length).toBeGreaterThan(10);
    expect(summarize(issues).summary).toBe(issues.some((i) => i.severity === "ERROR") ? "ERRORS" : "WARNINGS");
  });

  it("issue ids number the issues of one dataset from 1", () => {
    const issues = validateModelInput({ employees: [], shifts: [{ id: "a", start: T(9), end: T(8) }, { id: "a", start: T(8), end: T(9) }] });
    expect(issues.map((i) => i.id)).toEqual(issues.map((_, k) => k + 1));
    expect(issues.map((i) => i.code).sort()).toEqual(["DUPLICATE_ID", "EMPTY_EMPLOYEES_LIST", "SHIFT_START_NOT_BEFORE_END"]);
  });
});
