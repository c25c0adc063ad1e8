/**
 * The account of the reference's justification types (README "Justification types"): each type is produced by the
 * constraint(s) whose glue row (solver/families/<family>/index.ts, field `justification`) names it, or it is listed
 * below with why no constraint produces it yet: the input field it would score, which is still
 * accepted and warned about as unscored (README "Accepted, not scored"). test/node/justifications.test.ts fails when
 * a type is neither, is both, or when a reason's field is no longer unscored.
 *
 * One line per type: when a constraint starts producing a type, delete its line and rerun
 * `npx tsx scripts/update-readme-justifications.ts`.
 */
import { CONSTRAINTS } from "../solver/constraints";

export interface Unaccounted {
  /** The reference schema name. */
  type: string;
  /** The unscored field of `modelInput` it would score (a path of model/unscored-fields.ts). */
  field: string;
}

export const UNACCOUNTED: readonly Unaccounted[] = [
];

/** One row of the account: a reference type, the constraints producing it (ids, names), else its reason. */
export interface JustificationAccount {
  type: string;
  constraints: Array<{ id: number; name: string }>;
  reason?: Unaccounted;
}

/** The account of `types` (the reference's names, test/fixtures/reference-justifications.json). */
export function justificationAccount(types: readonly string[]): JustificationAccount[] {
  return types.map((type) => {
    const reason = UNACCOUNTED.find((u) => u.type === type);
    return {
      type,
      constraints: CONSTRAINTS.filter((c) => c.justification === type).map((c) => ({ id: c.id, name: c.name })),
      ...(reason ? { reason } : {}),
    };
  });
}

/** The README table "Justification types" (test/node/justifications.test.ts keeps them equal). */
export function justificationMarkdown(types: readonly string[]): string {
  const rows = justificationAccount(types).map(({ type, constraints, reason }) => {
    const produced = constraints.map((c) => c.name).join("; ");
    const why = reason ? `not scored yet: \`${reason.field}\` (see "Accepted, not scored")` : "";
    return `| \`${type.replace(/Justification$/, "")}\` | ${[produced, why].filter(Boolean).join("; ")} |`;
  });
  return ["| justification type (`…Justification`) | produced by the constraint(s), or why not |", "|---|---|", ...rows].join("\n");
}
