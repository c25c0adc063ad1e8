/**
 * The glue's copies of the core's tables (README "How to add a constraint"): layout constants and the constraint
 * catalogue come from the core, and the committed generated files are the ones the current sources produce.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as layout from "../../solver/layout";
import { CONSTRAINTS, FAMILY_OF } from "../../solver/constraints";
import { FAMILIES } from "../../solver/families/index";
import { CONTRACT_RULE_KINDS } from "../../solver/families/contracts/kinds";
import { CORE_CONSTRAINTS } from "../../solver/catalog.generated";
import { instantiateRota, readString } from "../../solver/wasm";
import { generatedFiles } from "../../scripts/generate-glue-tables.mjs";
import { debugModule } from "./helpers";

const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("glue tables", () => {
  it("solver/layout.ts exports every constant of assembly/layout.ts with the same value", () => {
    const core = [...source("assembly/layout.ts").matchAll(/^export const ([A-Z0-9_]+): i32 = (-?(?:0x[0-9a-fA-F]+|\d+));/gm)];
    expect(core.length).toBeGreaterThan(150);
    const glue = layout as unknown as Record<string, unknown>;
    for (const [, name, value] of core) expect(glue[name], name).toBe(Number(value));
  });

  it("names every section of the problem buffer once, in SEC_* order", () => {
    expect(layout.SECTIONS.length).toBe(layout.SECTION_COUNT);
    expect(new Set(layout.SECTIONS).size).toBe(layout.SECTION_COUNT);
    expect(layout.SECTIONS[layout.SEC_SHIFT_START]).toBe("shiftStart");
    expect(layout.SECTIONS[layout.SEC_COST]).toBe("cost");
  });

  it("the committed generated files are what build:wasm writes from the current core", async () => {
    for (const [path, text] of Object.entries(await generatedFiles())) expect(source(path), `${path} is stale: run npm run build:wasm`).toBe(text);
  });

  it("the catalogue is the core's: ids, names, levels and rewards of the checked build too", async () => {
    const core = await instantiateRota(debugModule());
    const levels = ["HARD", "MEDIUM", "SOFT"];
    expect(CONSTRAINTS.length).toBe(core.constraintCount());
    for (const c of CONSTRAINTS) {
      expect(c.name).toBe(readString(core.memory, core.constraintName(c.id)));
      expect(c.level).toBe(levels[core.constraintLevel(c.id)]);
      expect(c.reward).toBe(core.constraintIsReward(c.id) === 1);
    }
  });

  it("every constraint belongs to exactly one glue family, with a justification schema", () => {
    const rows = FAMILIES.flatMap((f) => f.constraints.map((r) => r.id));
    expect([...rows].sort((a, b) => a - b)).toEqual(CONSTRAINTS.map((c) => c.id));
    for (const c of CONSTRAINTS) {
      expect(FAMILY_OF[c.id].constraints.some((r) => r.id === c.id)).toBe(true);
      expect(c.justification).toMatch(/Justification$/);
    }
  });

  it("the kinds of contract rule own the EMPLOYEE constraints, each core rule kind once, compiled only into their own rows", () => {
    const owned = CONTRACT_RULE_KINDS.flatMap((kind) => kind.constraints.map((r) => r.id));
    expect([...owned].sort((a, b) => a - b)).toEqual(CORE_CONSTRAINTS.filter((c) => c.kind === "EMPLOYEE").map((c) => c.id));
    const ruleKinds = CONTRACT_RULE_KINDS.flatMap((kind) => Object.keys(kind.constraintOf));
    expect(new Set(ruleKinds).size).toBe(ruleKinds.length);
    for (const kind of CONTRACT_RULE_KINDS) {
      const own = new Set(kind.constraints.map((r) => r.id));
      for (const [ruleKind, ids] of Object.entries(kind.constraintOf)) {
        for (const id of ids) expect(own.has(id), `${kind.lists.join(", ")}: rule kind ${ruleKind} scores ${id}`).toBe(true);
      }
    }
  });
});
