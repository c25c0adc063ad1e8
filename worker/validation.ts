/**
 * Semantic validation of a schema-valid model input (spec §2.4, §7). The zod schema already rejected malformed
 * shapes; this finds what a schema cannot express: duplicate ids, references to unknown entities, time spans that
 * end before they start, size limits. Each issue has a code from the reference OpenAPI's `*Issue` schemas in the
 * spec's UPPER_SNAKE form, a severity and a message. Any ERROR makes the dataset DATASET_INVALID (HTTP 400);
 * WARNINGs let processing continue.
 */
import type { ModelInput } from "../schemas/model-input";
import type { ValidationResult } from "../schemas/metadata";

export type Severity = "ERROR" | "WARNING";

export interface IssueType {
  code: string;
  severity: Severity;
  message: string;
}

export interface ValidationIssue {
  id: number;
  code: string;
  severity: Severity;
  detail: Record<string, unknown>;
  /** Human-readable text, as listed in `validationResult.errors` / `.warnings`. */
  message: string;
}

/** Spec §8: at most 400,000 shifts per dataset, a warning above 80% of that. */
export const MAX_SHIFTS = 400_000;
const SHIFT_WARNING_THRESHOLD = Math.floor(MAX_SHIFTS * 0.8);

export const ISSUE_TYPES = {
  EMPTY_EMPLOYEES_LIST: { severity: "ERROR", message: "The input has no employees." },
  EMPTY_SHIFTS_LIST: { severity: "ERROR", message: "The input has no shifts." },
  DUPLICATE_ID: { severity: "ERROR", message: "Ids must be unique within a list of the input." },
  SHIFT_START_NOT_BEFORE_END: { severity: "ERROR", message: "A shift must start before it ends." },
  EMPLOYEE_UNAVAILABLE_TIME_SPAN_START_NOT_BEFORE_END: {
    severity: "ERROR",
    message: "An unavailable time span of an employee must start before it ends.",
  },
  SHIFT_UNKNOWN_EMPLOYEE: {
    severity: "WARNING",
    message: "A shift is assigned to an employee that is not in the input; the shift is treated as unassigned.",
  },
  TOO_MANY_SHIFTS: { severity: "ERROR", message: `The input has more than ${MAX_SHIFTS} shifts.` },
  TOO_MANY_SHIFTS_SOFT_WARNING: {
    severity: "WARNING",
    message: `The input has more than 80% of the maximum of ${MAX_SHIFTS} shifts.`,
  },
} as const satisfies Record<string, Omit<IssueType, "code">>;

type IssueCode = keyof typeof ISSUE_TYPES;

export function validateModelInput(input: ModelInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const report = (code: IssueCode, message: string, detail: Record<string, unknown>) =>
    issues.push({ id: issues.length + 1, code, severity: ISSUE_TYPES[code].severity, detail, message });

  if (input.employees.length === 0) report("EMPTY_EMPLOYEES_LIST", "modelInput.employees is empty.", {});
  if (input.shifts.length === 0) report("EMPTY_SHIFTS_LIST", "modelInput.shifts is empty.", {});
  if (input.shifts.length > MAX_SHIFTS) {
    report("TOO_MANY_SHIFTS", `The input has ${input.shifts.length} shifts; at most ${MAX_SHIFTS} are allowed.`, {
      shiftCount: input.shifts.length,
      maxShifts: MAX_SHIFTS,
    });
  } else if (input.shifts.length > SHIFT_WARNING_THRESHOLD) {
    report(
      "TOO_MANY_SHIFTS_SOFT_WARNING",
      `The input has ${input.shifts.length} shifts, more than 80% of the maximum of ${MAX_SHIFTS}.`,
      { shiftCount: input.shifts.length, percentageOfLimit: 80, maxShifts: MAX_SHIFTS },
    );
  }

  const lists: Array<[string, ReadonlyArray<{ id: string }> | undefined]> = [
    ["employees", input.employees],
    ["shifts", input.shifts],
    ["contracts", input.contracts],
    ["tagTypes", input.tagTypes],
    ["tags", input.tags],
    ["shiftGroups", input.shiftGroups],
    ["employeeCostGroups", input.employeeCostGroups],
  ];
  for (const [list, items] of lists) {
    const seen = new Set<string>();
    for (const item of items ?? []) {
      if (seen.has(item.id)) {
        report("DUPLICATE_ID", `Duplicate id '${item.id}' in modelInput.${list}.`, { list, id: item.id });
      }
      seen.add(item.id);
    }
  }

  for (const employee of input.employees) {
    for (const span of employee.unavailableTimeSpans ?? []) {
      if (!(Date.parse(span.start) < Date.parse(span.end))) {
        report(
          "EMPLOYEE_UNAVAILABLE_TIME_SPAN_START_NOT_BEFORE_END",
          `Employee '${employee.id}' has an unavailable time span from ${span.start} to ${span.end} that does not start before it ends.`,
          { employee: employee.id, startTime: span.start, endTime: span.end },
        );
      }
    }
  }

  const employeeIds = new Set(input.employees.map((e) => e.id));
  for (const shift of input.shifts) {
    if (!(Date.parse(shift.start) < Date.parse(shift.end))) {
      report(
        "SHIFT_START_NOT_BEFORE_END",
        `Shift '${shift.id}' starts at ${shift.start}, not before its end ${shift.end}.`,
        { shift: shift.id, startTime: shift.start, endTime: shift.end },
      );
    }
    if (shift.employee != null && !employeeIds.has(shift.employee)) {
      report(
        "SHIFT_UNKNOWN_EMPLOYEE",
        `Shift '${shift.id}' references employee '${shift.employee}', which is not in the input; it is treated as unassigned.`,
        { shiftId: shift.id, employee: shift.employee },
      );
    }
  }
  return issues;
}

export function summarize(issues: readonly ValidationIssue[]): ValidationResult {
  const errors = issues.filter((i) => i.severity === "ERROR").map((i) => i.message);
  const warnings = issues.filter((i) => i.severity === "WARNING").map((i) => i.message);
  return { summary: errors.length > 0 ? "ERRORS" : "OK", errors, warnings };
}
