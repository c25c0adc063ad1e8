/**
 * The account of the reference's justification types (README "Justification types"): each of them is produced by a
 * constraint (its glue row names it) or has a reason in model/unaccounted-justifications.ts, never both nor neither;
 * each reason names a field or override that is still unscored; the README table is the account's.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { UNACCOUNTED, justificationAccount, justificationMarkdown } from "../../model/unaccounted-justifications";
import { UNSCORED } from "../../model/unscored-fields";
import { CONSTRAINTS } from "../../solver/constraints";
import reference from "../fixtures/reference-justifications.json";
import operations from "../fixtures/reference-ess-operations.json";

const TYPES: readonly string[] = reference.justifications;

describe("justification types", () => {
  it("the fixture lists the reference's 113 types, no base and no duplicate", () => {
    expect(TYPES.length).toBe(113);
    expect(new Set(TYPES).size).toBe(TYPES.length);
    expect(TYPES.every((t) => t.endsWith("Justification"))).toBe(true);
    expect(TYPES).not.toContain("EmployeeSchedulingJustification");
    expect(TYPES).not.toContain("ModelConstraintJustification");
  });

  it("every constraint's justification is a reference type", () => {
    const unknown = CONSTRAINTS.filter((c) => !TYPES.includes(c.justification)).map((c) => `${c.id} ${c.justification}`);
    expect(unknown).toEqual([]);
  });

  it("every type is produced by a constraint or has a reason, not both", () => {
    const account = justificationAccount(TYPES);
    const neither = account.filter((a) => a.constraints.length === 0 && !a.reason).map((a) => a.type);
    // A type both produced and listed: delete its line in model/unaccounted-justifications.ts.
    const both = account.filter((a) => a.constraints.length > 0 && a.reason).map((a) => a.type);
    expect(neither).toEqual([]);
    expect(both).toEqual([]);
    expect(UNACCOUNTED.filter((u) => !TYPES.includes(u.type)).map((u) => u.type)).toEqual([]);
    expect(new Set(UNACCOUNTED.map((u) => u.type)).size).toBe(UNACCOUNTED.length);
  });

  it("each reason names a field that is still unscored", () => {
    const fields = new Set(UNSCORED.map((f) => f.path));
    for (const u of UNACCOUNTED) expect(fields.has(u.field), `${u.type}: ${u.field}`).toBe(true);
  });

  it("each type is a schema the score analysis responses reach (the operations fixture)", () => {
    expect(TYPES.filter((t) => !(t in operations.schemas))).toEqual([]);
  });

  it("the README table is the account's", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const block = /<!-- justifications:begin -->\n([\s\S]*?)\n<!-- justifications:end -->/.exec(readme);
    // On a mismatch: npx tsx scripts/update-readme-justifications.ts
    expect(block?.[1]).toBe(justificationMarkdown(TYPES));
  });
});
