/**
 * Semantic validation of a schema-valid model input (spec §2.4, §7). The zod schema already rejected malformed
 * shapes; this finds what a schema cannot express: duplicate ids, references to unknown entities, time spans that
 * end before they start, size limits. Shared by the Worker (at submission), the Durable Objects and the browser.
 *
 * Each issue has a code (the reference OpenAPI's `*Issue` schema names in the spec's UPPER_SNAKE form, e.g.
 * `ShiftUnknownEmployeeIssue` -> `SHIFT_UNKNOWN_EMPLOYEE`), a severity and a message. Any ERROR makes the dataset
 * DATASET_INVALID (HTTP 400); WARNINGs let processing continue.
 */
import type { ModelInput } from "../schemas/model-input";
import type { ValidationResult } from "../schemas/metadata";
import { CONTRACT_ISSUE_TYPES, validateContracts } from "./contract-validation";
import { COST_ISSUE_TYPES, validateCosts } from "./cost-validation";
import { DEMAND_ISSUE_TYPES, validateDemand } from "./demand-validation";
import { generatingRules } from "../solver/shift-generation";
import { PAIRING_ISSUE_TYPES, validatePairings } from "./pairing-validation";
import { GLOBAL_ISSUE_TYPES, validateGlobalCounts } from "./global-validation";
import { ROTATION_ISSUE_TYPES, validateRotations } from "./rotation-validation";
import { TRAVEL_ISSUE_TYPES, validateTravel } from "./travel-validation";
import { FTE_ISSUE_TYPES, validateFte } from "./fte-validation";
import { parseMs, ShiftFacts } from "./shift-facts";

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
  /** The affected entities; the shape depends on the code (spec §2.4). */
  detail: Record<string, unknown>;
  /** Human-readable text, as listed in `validationResult.errors` / `.warnings`. */
  message: string;
}

/** Spec §8: at most 400,000 shifts per dataset, a warning above 80% of that. */
export const MAX_SHIFTS = 400_000;
const SHIFT_WARNING_THRESHOLD = Math.floor(MAX_SHIFTS * 0.8);

const ISSUE_TYPE_TABLE = {
  EMPTY_EMPLOYEES_LIST: { severity: "ERROR", message: "The input has no employees." },
  EMPTY_SHIFTS_LIST: { severity: "ERROR", message: "The input has no shifts." },
  DUPLICATE_ID: {
    severity: "ERROR",
    message: "Ids must be unique within each list of the input (employees, shifts, contracts, tags, ...).",
  },
  SHIFT_START_NOT_BEFORE_END: { severity: "ERROR", message: "A shift must start before it ends." },
  SHIFT_BREAK_BEFORE_SHIFT_START: { severity: "ERROR", message: "A break of a shift starts before the shift." },
  SHIFT_BREAK_AFTER_SHIFT_END: { severity: "ERROR", message: "A break of a shift ends after the shift." },
  EMPLOYEE_UNAVAILABLE_TIME_SPAN_START_NOT_BEFORE_END: {
    severity: "ERROR",
    message: "An unavailable time span of an employee must start before it ends.",
  },
  EMPLOYEE_AVAILABLE_TIME_SPAN_START_NOT_BEFORE_END: {
    severity: "ERROR",
    message: "An available time span of an employee must start before it ends.",
  },
  EMPLOYEE_PREFERRED_TIME_SPAN_START_NOT_BEFORE_END: {
    severity: "ERROR",
    message: "A preferred time span of an employee must start before it ends.",
  },
  EMPLOYEE_UNPREFERRED_TIME_SPAN_START_NOT_BEFORE_END: {
    severity: "ERROR",
    message: "An unpreferred time span of an employee must start before it ends.",
  },
  PLANNING_WINDOW_START_NOT_BEFORE_END: { severity: "ERROR", message: "The planning window must start before it ends." },
  EMPLOYEE_UNKNOWN_CONTRACT: { severity: "ERROR", message: "An employee refers to a contract that is not in the input." },
  UNDECLARED_TAG_TYPE_BY_TAG: { severity: "ERROR", message: "A tag refers to a tag type that is not in the input." },
  UNDECLARED_TAG_IN_EMPLOYEE_REQUIRED_TAGS: {
    severity: "ERROR",
    message: "An employee requires a shift tag that is neither declared nor used by any shift.",
  },
  UNDECLARED_TAG_IN_EMPLOYEE_PREFERRED_TAGS: {
    severity: "ERROR",
    message: "An employee prefers a shift tag that is neither declared nor used by any shift.",
  },
  SHIFT_UNKNOWN_SKILL: {
    severity: "WARNING",
    message: "A shift requires a skill that no employee has; it can only be assigned by breaking a hard constraint.",
  },
  SHIFT_UNKNOWN_EMPLOYEE: {
    severity: "WARNING",
    message: "A shift is assigned to an employee that is not in the input; the shift is treated as unassigned.",
  },
  EMPLOYEE_REQUIRED_TAGS_IGNORED: {
    severity: "WARNING",
    message: "An employee has required or preferred shift tags but no shift tag matching rule is defined; the tags are ignored.",
  },
  EMPLOYEE_LEGACY_PRIORITY: {
    severity: "WARNING",
    message: "The employee priority levels LOW, NORMAL, HIGH and CRITICAL are deprecated; use the numeric scale 1 (highest) to 10 (lowest).",
  },
  TOO_MANY_SHIFTS: { severity: "ERROR", message: `The input has more than ${MAX_SHIFTS} shifts.` },
  TOO_MANY_SHIFTS_SOFT_WARNING: {
    severity: "WARNING",
    message: `The input has more than 80% of the maximum of ${MAX_SHIFTS} shifts.`,
  },
  // Contract rules, periods and time zones (model/contract-validation.ts).
  ...CONTRACT_ISSUE_TYPES,
  // Costs rules and cost definitions (model/cost-validation.ts).
  ...COST_ISSUE_TYPES,
  // Hourly demand rules and shift generation (model/demand-validation.ts).
  ...DEMAND_ISSUE_TYPES,
  // Employee pairings (model/pairing-validation.ts).
  ...PAIRING_ISSUE_TYPES,
  // Global shift counts and shift groups (model/global-validation.ts).
  ...GLOBAL_ISSUE_TYPES,
  // Shift rotation rules (model/rotation-validation.ts).
  ...ROTATION_ISSUE_TYPES,
  // Travel configurations (model/travel-validation.ts).
  ...TRAVEL_ISSUE_TYPES,
  // Full time equivalents (model/fte-validation.ts).
  ...FTE_ISSUE_TYPES,
  // Our own codes (the reference has no issue for them): accepted but not scored (model/unscored-fields.ts).
  UNSCORED_FIELD: {
    severity: "WARNING",
    message: "The input uses a field the schema accepts but no constraint scores yet: it has no effect on the schedule, and the score does not reflect it.",
  },
} as const satisfies Record<string, Omit<IssueType, "code">>;

export type IssueCode = keyof typeof ISSUE_TYPE_TABLE;

/** Every issue type the model can produce (GET <root>/validation-issue-types). */
export const ISSUE_TYPES: readonly IssueType[] = Object.entries(ISSUE_TYPE_TABLE).map(([code, t]) => ({ code, ...t }));

export function findIssueType(code: string): IssueType | undefined {
  return ISSUE_TYPES.find((t) => t.code === code);
}

type Span = { start: string; end: string };
const startsBeforeEnd = (span: Span) => parseMs(span.start) < parseMs(span.end);

/** Every issue of a model input (every weight of `config.model.overrides` has its constraint: none is an issue). */
export function validateModelInput(input: ModelInput): ValidationIssue[] {
  const shifts = new ShiftFacts(new Set(input.employees.map((e) => e.id)));
  for (const shift of input.shifts) shifts.add(shift);
  return validateWithShiftFacts(input, shifts);
}

/**
 * Every issue of a model input whose shifts came one by one into `shifts` (`input.shifts` is not read): the Worker's
 * streamed submissions (README "Request bodies") and `validateModelInput`. It adds the input's unscored fields to
 * `shifts.unscored`: call it once per `shifts`.
 */
export function validateWithShiftFacts(
  input: Omit<ModelInput, "shifts">,
  shifts: ShiftFacts,
): ValidationIssue[] {
  const whole = { ...input, shifts: [] } as ModelInput;
  const issues: ValidationIssue[] = [];
  const report = (code: IssueCode, message: string, detail: Record<string, unknown>) =>
    issues.push({ id: issues.length + 1, code, severity: ISSUE_TYPE_TABLE[code].severity, detail, message });

  if (input.employees.length === 0) report("EMPTY_EMPLOYEES_LIST", "modelInput.employees is empty.", {});
  // Shifts generated from demand rules count: such an input may come without shifts of its own.
  if (shifts.count === 0 && generatingRules(whole).length === 0) report("EMPTY_SHIFTS_LIST", "modelInput.shifts is empty.", {});
  if (shifts.count > MAX_SHIFTS) {
    report("TOO_MANY_SHIFTS", `The input has ${shifts.count} shifts; at most ${MAX_SHIFTS} are allowed.`, {
      shiftCount: shifts.count,
      maxShifts: MAX_SHIFTS,
    });
  } else if (shifts.count > SHIFT_WARNING_THRESHOLD) {
    report(
      "TOO_MANY_SHIFTS_SOFT_WARNING",
      `The input has ${shifts.count} shifts, more than 80% of the maximum of ${MAX_SHIFTS}.`,
      { shiftCount: shifts.count, percentageOfLimit: 80, maxShifts: MAX_SHIFTS },
    );
  }

  const lists: Array<[string, ReadonlyArray<{ id: string }> | undefined]> = [
    ["employees", input.employees],
    ["shifts", undefined],
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
    if (list === "shifts") {
      for (const id of shifts.duplicateIds) report("DUPLICATE_ID", `Duplicate id '${id}' in modelInput.shifts.`, { list, id });
    }
  }

  if (input.planningWindow && !startsBeforeEnd(input.planningWindow)) {
    report("PLANNING_WINDOW_START_NOT_BEFORE_END", "The planning window does not start before it ends.", {
      start: input.planningWindow.start,
      end: input.planningWindow.end,
    });
  }

  const tagTypeIds = new Set((input.tagTypes ?? []).map((t) => t.id));
  for (const tag of input.tags ?? []) {
    if (!tagTypeIds.has(tag.tagType)) {
      report("UNDECLARED_TAG_TYPE_BY_TAG", `Tag '${tag.id}' refers to the undeclared tag type '${tag.tagType}'.`, {
        tag: tag.id,
        tagType: tag.tagType,
      });
    }
  }
  const knownTags = new Set([...(input.tags ?? []).map((t) => t.id), ...shifts.tags]);
  const contractIds = new Set((input.contracts ?? []).map((c) => c.id));
  const skillsHeld = new Set(input.employees.flatMap((e) => (e.skills ?? []).map((s) => s.id)));
  const hasTagMatchRule =
    Array.isArray(input.globalRules?.shiftTagMatchRules) && input.globalRules.shiftTagMatchRules.length > 0;

  for (const employee of input.employees) {
    const spans = [
      ["unavailableTimeSpans", "EMPLOYEE_UNAVAILABLE_TIME_SPAN_START_NOT_BEFORE_END", "unavailable"],
      ["availableTimeSpans", "EMPLOYEE_AVAILABLE_TIME_SPAN_START_NOT_BEFORE_END", "available"],
      ["preferredTimeSpans", "EMPLOYEE_PREFERRED_TIME_SPAN_START_NOT_BEFORE_END", "preferred"],
      ["unpreferredTimeSpans", "EMPLOYEE_UNPREFERRED_TIME_SPAN_START_NOT_BEFORE_END", "unpreferred"],
    ] as const;
    for (const [field, code, kind] of spans) {
      for (const span of employee[field] ?? []) {
        if (!startsBeforeEnd(span)) {
          report(
            code,
            `Employee '${employee.id}' has an ${kind} time span from ${span.start} to ${span.end} that does not start before it ends.`,
            { employee: employee.id, startTime: span.start, endTime: span.end },
          );
        }
      }
    }
    for (const contract of employee.contracts ?? []) {
      if (!contractIds.has(contract)) {
        report("EMPLOYEE_UNKNOWN_CONTRACT", `Employee '${employee.id}' refers to the unknown contract '${contract}'.`, {
          employee: employee.id,
          contract,
        });
      }
    }
    for (const [field, code] of [
      ["requiredShiftTags", "UNDECLARED_TAG_IN_EMPLOYEE_REQUIRED_TAGS"],
      ["preferredShiftTags", "UNDECLARED_TAG_IN_EMPLOYEE_PREFERRED_TAGS"],
    ] as const) {
      for (const tag of employee[field] ?? []) {
        if (!knownTags.has(tag)) {
          report(code, `Employee '${employee.id}' lists the unknown shift tag '${tag}' in ${field}.`, {
            employee: employee.id,
            tag,
          });
        }
      }
    }
    const hasShiftTags =
      (employee.requiredShiftTags?.length ?? 0) > 0 ||
      (employee.preferredShiftTags?.length ?? 0) > 0 ||
      employee.requiredShiftTagsExpression != null ||
      employee.preferredShiftTagsExpression != null;
    if (hasShiftTags && !hasTagMatchRule) {
      report(
        "EMPLOYEE_REQUIRED_TAGS_IGNORED",
        `Employee '${employee.id}' has shift tags, but no shift tag matching rule is defined (globalRules.shiftTagMatchRules); they are ignored.`,
        { employee: employee.id },
      );
    }
    if (employee.priority === "LOW" || employee.priority === "NORMAL" || employee.priority === "HIGH" || employee.priority === "CRITICAL") {
      report(
        "EMPLOYEE_LEGACY_PRIORITY",
        `Employee '${employee.id}' uses the deprecated priority '${employee.priority}'; use 1 (highest) to 10 (lowest).`,
        { employee: employee.id, priority: employee.priority },
      );
    }
  }

  validateContracts(whole, report);
  validateCosts(whole, report);
  validateDemand(whole, report);
  validatePairings(whole, shifts.tags, report);
  validateGlobalCounts(whole, report);
  validateRotations(whole, shifts.tagSets, report);
  validateTravel(whole, report);
  validateFte(whole, report);

  // The issues of single shifts, in shift order, each shift's own before its unknown skill and unknown employee.
  const employeeIds = new Set(input.employees.map((e) => e.id));
  const shiftIssues: Array<{ at: number; rank: number; emit: () => void }> = shifts.issues.map((i) => ({
    at: i.at,
    rank: 0,
    emit: () => report(i.code, i.message, i.detail),
  }));
  for (const [skill, { at, shift }] of shifts.firstRequiring) {
    if (skillsHeld.has(skill)) continue;
    shiftIssues.push({
      at,
      rank: 1,
      emit: () => report("SHIFT_UNKNOWN_SKILL", `Shift '${shift}' requires the skill '${skill}', which no employee has.`, { shift, skill }),
    });
  }
  for (const { at, shift, employee } of shifts.employeeRefs) {
    if (employeeIds.has(employee)) continue;
    shiftIssues.push({
      at,
      rank: 2,
      emit: () =>
        report(
          "SHIFT_UNKNOWN_EMPLOYEE",
          `Shift '${shift}' references employee '${employee}', which is not in the input; it is treated as unassigned.`,
          { shiftId: shift, employee },
        ),
    });
  }
  shiftIssues.sort((x, y) => x.at - y.at || x.rank - y.rank);
  for (const issue of shiftIssues) issue.emit();

  shifts.unscored.addInput(whole);
  for (const use of shifts.unscored.uses()) {
    const value = use.value === undefined ? "" : ` (${JSON.stringify(use.value)})`;
    report("UNSCORED_FIELD", `${use.field}${value} is accepted but not scored yet: it has no effect on the schedule or its score.`, { ...use });
  }
  return issues;
}

export function summarize(issues: readonly ValidationIssue[]): ValidationResult {
  const errors = issues.filter((i) => i.severity === "ERROR").map((i) => i.message);
  const warnings = issues.filter((i) => i.severity === "WARNING").map((i) => i.message);
  return { summary: errors.length > 0 ? "ERRORS" : warnings.length > 0 ? "WARNINGS" : "OK", errors, warnings };
}
