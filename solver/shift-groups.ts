/**
 * Shift groups (`modelInput.shiftGroups`) and the `globalRules.shiftGroupRules` that govern them (README "Global rules
 * and shift groups"): which group a rule takes, and which shifts belong to a governed group. Read by the encoder (the
 * group's count, encode-global-counts.ts; the unassigned weight of its shifts, encode.ts) and the output metrics.
 */
import type { ModelInput } from "../schemas/model-input";

type GroupRuleIn = NonNullable<NonNullable<ModelInput["globalRules"]>["shiftGroupRules"]>[number];

export interface ShiftGroupIn {
  id: string;
  tags: string[];
  shifts: string[];
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strings = (v: unknown): string[] => list(v).filter((t): t is string => typeof t === "string");

/** Shift groups as the reference's `ShiftGroup` (id, tags, shifts), skipping malformed members. */
export function shiftGroupsOf(input: ModelInput): ShiftGroupIn[] {
  return list(input.shiftGroups)
    .filter((g): g is { id: string; tags?: unknown; shifts?: unknown } => g !== null && typeof g === "object" && typeof (g as { id?: unknown }).id === "string")
    .map((g) => ({ id: g.id, tags: strings(g.tags), shifts: strings(g.shifts) }));
}

/** The rule governing a group with `tags`: the first whose `includeShiftGroupTags` it carries one of (none = every group). */
export function groupRuleOf(input: ModelInput, tags: readonly string[]): GroupRuleIn | undefined {
  return list(input.globalRules?.shiftGroupRules).find((r): r is GroupRuleIn => {
    if (r === null || typeof r !== "object") return false;
    const include = strings((r as GroupRuleIn).includeShiftGroupTags);
    return include.length === 0 || include.some((t) => tags.includes(t));
  });
}

/** Ids of the shifts in a group that a rule governs (its count decides their assignment, not their own priority). */
export function governedShiftIds(input: ModelInput): Set<string> {
  const out = new Set<string>();
  if (list(input.globalRules?.shiftGroupRules).length === 0) return out;
  for (const g of shiftGroupsOf(input)) if (groupRuleOf(input, g.tags)) for (const id of g.shifts) out.add(id);
  return out;
}

/**
 * The shift group input metrics (reference `EmployeeSchedulingInputMetrics`): null without shift groups. A shift is
 * standalone when no group lists it; a group is historic when all its shifts end before the planning window.
 */
export function shiftGroupInputMetrics(input: ModelInput, mandatory: readonly boolean[], historic: readonly boolean[]) {
  const groups = shiftGroupsOf(input);
  if (groups.length === 0) {
    return { standaloneShifts: null, standalonePinnedShifts: null, standaloneMandatoryShifts: null, standaloneOptionalShifts: null, shiftGroups: null, shiftGroupShifts: null, historicShiftGroups: null };
  }
  const index = new Map(input.shifts.map((s, i) => [s.id, i]));
  const grouped = new Set<number>();
  let historicGroups = 0;
  for (const g of groups) {
    const members = g.shifts.map((id) => index.get(id)).filter((i): i is number => i !== undefined);
    for (const i of members) grouped.add(i);
    if (members.length > 0 && members.every((i) => historic[i])) historicGroups++;
  }
  let standalone = 0, pinned = 0, standaloneMandatory = 0;
  input.shifts.forEach((s, i) => {
    if (grouped.has(i)) return;
    standalone++;
    if (s.pinned === true) pinned++;
    if (mandatory[i]) standaloneMandatory++;
  });
  return {
    standaloneShifts: standalone,
    standalonePinnedShifts: pinned,
    standaloneMandatoryShifts: standaloneMandatory,
    standaloneOptionalShifts: standalone - standaloneMandatory,
    shiftGroups: groups.length,
    shiftGroupShifts: grouped.size,
    historicShiftGroups: historicGroups > 0 ? historicGroups : null,
  };
}

/**
 * `kpis.assignedShiftGroups` and `unassignedShiftGroups` (null without shift groups): a group under a rule is assigned
 * when its mode is met (SINGLE_SHIFT: exactly one shift worked), any other group when at least one shift is worked.
 */
export function shiftGroupKpis(input: ModelInput, assignment: ArrayLike<number>): { assignedShiftGroups: number | null; unassignedShiftGroups: number | null } {
  const groups = shiftGroupsOf(input);
  if (groups.length === 0) return { assignedShiftGroups: null, unassignedShiftGroups: null };
  const index = new Map(input.shifts.map((s, i) => [s.id, i]));
  let assigned = 0;
  for (const g of groups) {
    const worked = new Set(g.shifts.map((id) => index.get(id)).filter((i): i is number => i !== undefined && assignment[i] >= 0)).size;
    if (groupRuleOf(input, g.tags) ? worked === 1 : worked > 0) assigned++;
  }
  return { assignedShiftGroups: assigned, unassignedShiftGroups: groups.length - assigned };
}
