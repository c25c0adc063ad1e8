/**
 * The constraint catalogue as the API sees it: the core's constraints (catalog.generated.ts, read from the core's
 * registry at build: ids, names, levels, rewards) with the rows of their glue families (solver/families/*): the
 * names of their reference justification schemas and weight overrides (reference `EmployeeScheduleConfigOverrides`:
 * soft constraints only; hard and medium constraints keep weight 1 unless a caller names them directly).
 */
import type { ConstraintLevel } from "./session";
import { CORE_CONSTRAINTS } from "./catalog.generated";
import { FAMILIES, type FamilyDescriptor } from "./families/index";

export { CONSTRAINT_ID } from "./constraint-ids";

export interface ConstraintInfo {
  id: number;
  name: string;
  level: ConstraintLevel;
  /** True when matches add to the score. */
  reward: boolean;
  /** `config.model.overrides` key of its weight, when the reference has one. */
  override?: string;
  /** Reference schema of its match justification. */
  justification: string;
}

/** The glue family of each constraint id. */
export const FAMILY_OF: readonly FamilyDescriptor[] = (() => {
  const of: FamilyDescriptor[] = [];
  for (const family of FAMILIES) {
    for (const row of family.constraints) {
      if (of[row.id]) throw new Error(`constraint ${row.id} is in glue families '${of[row.id].name}' and '${family.name}'`);
      of[row.id] = family;
    }
  }
  for (const c of CORE_CONSTRAINTS) if (!of[c.id]) throw new Error(`constraint ${c.id} (${c.name}) has no glue family (solver/families)`);
  if (of.length !== CORE_CONSTRAINTS.length) throw new Error("a glue family names a constraint id the core does not declare");
  return of;
})();

export const CONSTRAINTS: readonly ConstraintInfo[] = CORE_CONSTRAINTS.map((c) => {
  const row = FAMILY_OF[c.id].constraints.find((r) => r.id === c.id)!;
  return { id: c.id, name: c.name, level: c.level, reward: c.reward, ...(row.override ? { override: row.override } : {}), justification: row.justification };
});

/** Constraint id for a weight key: an override name of the reference or a constraint name; undefined if unknown. */
export function constraintIdForWeightKey(key: string): number | undefined {
  return CONSTRAINTS.find((c) => c.override === key || c.name === key)?.id;
}
