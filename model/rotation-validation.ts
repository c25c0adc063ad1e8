/**
 * Semantic validation of the contracts' shift rotation rules (README "Days off, rotations and travel"),
 * part of model/validation.ts; codes = the reference `ShiftRotation*Issue` / `ShiftMatchesMultipleRotationGroupsIssue`
 * schema names in UPPER_SNAKE. (An unsupported period type never gets here: the schema rejects it.)
 */
import type { ModelInput } from "../schemas/model-input";
import { tagsMatch } from "../solver/encode";
import { TAG_SET_SHIFTS, type ShiftFacts } from "./shift-facts";

type Entry = { severity: "ERROR" | "WARNING"; message: string };

export const ROTATION_ISSUE_TYPES = {
  SHIFT_ROTATION_RULE_MISSING_PERIOD: { severity: "ERROR", message: "A shift rotation rule has neither rotationPeriod nor builtInRotationPeriod: it scores nothing." },
  SHIFT_ROTATION_RULE_DEPRECATED_PERIOD: { severity: "WARNING", message: "builtInRotationPeriod of a shift rotation rule is deprecated; use rotationPeriod (it is read as such when rotationPeriod is absent)." },
  SHIFT_ROTATION_RULE_CUSTOM_PERIOD_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "preferredRotationPeriodMinSizeInDays of a custom rotation period is greater than a maximum of it." },
  SHIFT_MATCHES_MULTIPLE_ROTATION_GROUPS: { severity: "WARNING", message: "A shift matches several rotation groups of one shift rotation rule; it counts in the first of them." },
} as const satisfies Record<string, Entry>;

export type RotationIssueCode = keyof typeof ROTATION_ISSUE_TYPES;
const MAX_SHIFT_ISSUES = TAG_SET_SHIFTS;
type Report = (code: RotationIssueCode, message: string, detail: Record<string, unknown>) => void;

/** `tagSets`: the shifts' distinct tag sets with their first shifts (ShiftFacts), in place of the shifts themselves. */
export function validateRotations(input: Omit<ModelInput, "shifts">, tagSets: ShiftFacts["tagSets"], report: Report): void {
  for (const contract of input.contracts ?? []) {
    for (const r of contract.shiftRotationRules ?? []) {
      const at = { contract: contract.id, rule: r.id };
      const text = `Shift rotation rule '${r.id}' of contract '${contract.id}'`;
      if (!r.rotationPeriod && !r.builtInRotationPeriod) report("SHIFT_ROTATION_RULE_MISSING_PERIOD", `${text} has no rotation period.`, at);
      if (r.builtInRotationPeriod) report("SHIFT_ROTATION_RULE_DEPRECATED_PERIOD", `${text} uses the deprecated builtInRotationPeriod.`, at);
      const period = (r.rotationPeriod ?? r.builtInRotationPeriod) as Record<string, unknown> | undefined;
      if (period?.type === "CUSTOM") {
        const min = period.preferredRotationPeriodMinSizeInDays;
        const max = [period.preferredRotationPeriodMaxSizeInDays, period.requiredRotationPeriodMaxSizeInDays].filter((v): v is number => typeof v === "number");
        if (typeof min === "number" && max.some((m) => min > m)) {
          report("SHIFT_ROTATION_RULE_CUSTOM_PERIOD_MIN_GREATER_THAN_MAX", `${text} has a preferred minimum of ${min} days above a maximum of ${Math.min(...max)}.`, { ...at, minSizeInDays: min, maxSizeInDays: Math.min(...max) });
        }
      }
      // At most MAX_SHIFT_ISSUES shifts per rule are named, the first ones in input order.
      const hits: Array<{ at: number; id: string; groups: string[] }> = [];
      for (const { tags, shifts } of tagSets.values()) {
        const set = new Set(tags);
        const groups = r.rotationGroups.filter((g) => tagsMatch(set, g.includeShiftTags, undefined, g.shiftTagMatches ?? "ALL")).map((g) => g.id);
        if (groups.length > 1) for (const s of shifts) hits.push({ ...s, groups });
      }
      hits.sort((x, y) => x.at - y.at);
      for (const hit of hits.slice(0, MAX_SHIFT_ISSUES)) {
        report("SHIFT_MATCHES_MULTIPLE_ROTATION_GROUPS", `Shift '${hit.id}' matches rotation groups ${hit.groups.join(", ")} of ${text}.`, { ...at, shift: hit.id, rotationGroups: hit.groups });
      }
    }
  }
}
