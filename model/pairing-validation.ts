/**
 * Semantic validation of employee pairings (`requiredPairings`, `preferredPairings`, `unpreferredPairings`,
 * `prohibitedPairings`), part of model/validation.ts: the reference's pairing issue types (codes = the `*Issue`
 * schema names in UPPER_SNAKE) and their checks. A pairing that cannot mean anything (no target, both targets, the
 * employee itself, an unknown employee, group or tag type, contradicting pairings) is an ERROR; a tag nobody carries
 * (the pairing never applies) is a WARNING. Daily shift pairing rules have no issue type in the reference.
 */
import type { ModelInput } from "../schemas/model-input";

type Entry = { severity: "ERROR" | "WARNING"; message: string };

export const PAIRING_ISSUE_TYPES = {
  EMPLOYEE_PAIRING_MISSING_TARGET: { severity: "ERROR", message: "An employee pairing names neither a pairedEmployee nor includeEmployeeWithTags." },
  EMPLOYEE_PAIRING_BOTH_EMPLOYEE_AND_TAGS: { severity: "ERROR", message: "An employee pairing names both a pairedEmployee and includeEmployeeWithTags; use one of them." },
  EMPLOYEE_PAIRING_SELF_PAIRING: { severity: "ERROR", message: "An employee is paired with itself." },
  EMPLOYEE_PAIRING_UNKNOWN_EMPLOYEE: { severity: "ERROR", message: "An employee pairing names a pairedEmployee that is not in the input." },
  EMPLOYEE_PAIRING_UNKNOWN_TAG: { severity: "WARNING", message: "An employee pairing names a tag (includeEmployeeWithTags, onlyForShiftTags) that is neither declared nor carried by any employee or shift: it never applies." },
  EMPLOYEE_PAIRING_UNKNOWN_GROUP_BY_TAG: { severity: "ERROR", message: "The groupByEmployeeTag of an employee pairing is neither a declared tag type nor a declared tag." },
  EMPLOYEE_PAIRING_GROUP_BY_TAG_WITHOUT_COMMON_TAG_TYPE: { severity: "ERROR", message: "groupByEmployeeTag of an employee pairing needs a commonTagType." },
  EMPLOYEE_PAIRING_GROUP_SHIFTS_PER_DAY_LIMIT_WITHOUT_COMMON_TAG_TYPE: { severity: "ERROR", message: "groupShiftsPerDayLimit (preview) of an employee pairing needs a commonTagType." },
  EMPLOYEE_PAIRING_GROUP_SHIFTS_PER_DAY_LIMIT_WITHOUT_GROUP_BY_TAG: { severity: "ERROR", message: "groupShiftsPerDayLimit (preview) of an employee pairing needs a groupByEmployeeTag." },
  UNDECLARED_TAG_TYPE_BY_EMPLOYEE_PAIRING: { severity: "ERROR", message: "The commonTagType of an employee pairing is not a declared tag type." },
  EMPLOYEE_CONFLICTING_PAIRINGS: { severity: "ERROR", message: "An employee both requires and prohibits working with the same employee." },
} as const satisfies Record<string, Entry>;

export type PairingIssueCode = keyof typeof PAIRING_ISSUE_TYPES;
type Report = (code: PairingIssueCode, message: string, detail: Record<string, unknown>) => void;

const KINDS = [
  ["REQUIRED", "requiredPairings"],
  ["PREFERRED", "preferredPairings"],
  ["UNPREFERRED", "unpreferredPairings"],
  ["PROHIBITED", "prohibitedPairings"],
] as const;

/** `shiftTags`: every tag some shift carries. */
export function validatePairings(input: ModelInput, shiftTags: ReadonlySet<string>, report: Report): void {
  if (!input.employees.some((e) => KINDS.some(([, field]) => (e[field]?.length ?? 0) > 0))) return;
  const employeeIds = new Set(input.employees.map((e) => e.id));
  const tagTypes = new Set((input.tagTypes ?? []).map((t) => t.id));
  const declaredTags = new Set((input.tags ?? []).map((t) => t.id));
  const knownTags = new Set([
    ...declaredTags,
    ...input.employees.flatMap((e) => e.tags ?? []),
    ...shiftTags,
  ]);
  for (const employee of input.employees) {
    const required = new Set<string>();
    const prohibited = new Set<string>();
    for (const [kind, field] of KINDS) {
      for (const pairing of employee[field] ?? []) {
        const at = { employee: employee.id, pairingKind: kind };
        const tags = pairing.includeEmployeeWithTags ?? [];
        const named = pairing.pairedEmployee;
        if (named === undefined && tags.length === 0) {
          report("EMPLOYEE_PAIRING_MISSING_TARGET", `A ${kind} pairing of employee '${employee.id}' names no pairedEmployee and no includeEmployeeWithTags.`, at);
        }
        if (named !== undefined && tags.length > 0) {
          report("EMPLOYEE_PAIRING_BOTH_EMPLOYEE_AND_TAGS", `A ${kind} pairing of employee '${employee.id}' names both pairedEmployee '${named}' and includeEmployeeWithTags.`, at);
        }
        if (named !== undefined) {
          if (named === employee.id) report("EMPLOYEE_PAIRING_SELF_PAIRING", `Employee '${employee.id}' has a ${kind} pairing with itself.`, at);
          else if (!employeeIds.has(named)) {
            report("EMPLOYEE_PAIRING_UNKNOWN_EMPLOYEE", `A ${kind} pairing of employee '${employee.id}' names the unknown employee '${named}'.`, { ...at, pairedEmployee: named });
          }
          if (kind === "REQUIRED") required.add(named);
          if (kind === "PROHIBITED") prohibited.add(named);
        }
        for (const tag of [...tags, ...(pairing.onlyForShiftTags ?? [])]) {
          if (!knownTags.has(tag)) {
            report("EMPLOYEE_PAIRING_UNKNOWN_TAG", `A ${kind} pairing of employee '${employee.id}' names the unknown tag '${tag}'.`, { ...at, tag });
          }
        }
        const group = pairing.groupByEmployeeTag;
        if (group !== undefined) {
          if (!tagTypes.has(group) && !declaredTags.has(group)) {
            report("EMPLOYEE_PAIRING_UNKNOWN_GROUP_BY_TAG", `The groupByEmployeeTag '${group}' of a ${kind} pairing of employee '${employee.id}' is neither a tag type nor a tag.`, { ...at, groupByEmployeeTag: group });
          }
          if (pairing.commonTagType === undefined) {
            report("EMPLOYEE_PAIRING_GROUP_BY_TAG_WITHOUT_COMMON_TAG_TYPE", `A ${kind} pairing of employee '${employee.id}' has groupByEmployeeTag '${group}' but no commonTagType.`, { ...at, groupByEmployeeTag: group });
          }
        }
        if (pairing.groupShiftsPerDayLimit !== undefined) {
          if (pairing.commonTagType === undefined) {
            report("EMPLOYEE_PAIRING_GROUP_SHIFTS_PER_DAY_LIMIT_WITHOUT_COMMON_TAG_TYPE", `A ${kind} pairing of employee '${employee.id}' has groupShiftsPerDayLimit but no commonTagType.`, at);
          }
          if (group === undefined) {
            report("EMPLOYEE_PAIRING_GROUP_SHIFTS_PER_DAY_LIMIT_WITHOUT_GROUP_BY_TAG", `A ${kind} pairing of employee '${employee.id}' has groupShiftsPerDayLimit but no groupByEmployeeTag.`, at);
          }
        }
        if (pairing.commonTagType !== undefined && !tagTypes.has(pairing.commonTagType)) {
          report("UNDECLARED_TAG_TYPE_BY_EMPLOYEE_PAIRING", `The commonTagType '${pairing.commonTagType}' of a ${kind} pairing of employee '${employee.id}' is not a declared tag type.`, { employee: employee.id, tagType: pairing.commonTagType });
        }
      }
    }
    for (const other of required) {
      if (prohibited.has(other)) {
        report("EMPLOYEE_CONFLICTING_PAIRINGS", `Employee '${employee.id}' both requires and prohibits working with '${other}'.`, { employee: employee.id, pairedEmployee: other });
      }
    }
  }
}
