/**
 * The layers of README "Architecture" import downwards only: `worker/` (HTTP) on top, then `durable-objects/`, then
 * `platform/` (bindings, cryptography, the secret and webhook stores), then the shared logic (`solver/`, `model/`,
 * `schemas/`). A scan of every import specifier (static, re-export and dynamic) of the lower folders.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "../..");

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ts$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
    }
  };
  walk(join(ROOT, folder));
  return out;
}

interface Import {
  file: string;
  /** Top folder of the repository the import resolves to (relative imports only). */
  target: string;
  typeOnly: boolean;
  line: string;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^;]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/gm;

export function importsOf(file: string, text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4];
    const target = relative(ROOT, resolve(dirname(file), spec)).split("/")[0];
    out.push({ file: relative(ROOT, file), target, typeOnly: Boolean(m[2]), line: m[0].trim() });
  }
  return out;
}

function importsUnder(folder: string): Import[] {
  return sourceFiles(folder).flatMap((file) => importsOf(file, readFileSync(file, "utf8")));
}

/** Folders each layer may not import from. */
const FORBIDDEN: Record<string, string[]> = {
  "durable-objects": ["worker"],
  platform: ["worker"],
  solver: ["worker", "durable-objects", "platform"],
  model: ["worker", "durable-objects", "platform"],
  schemas: ["worker", "durable-objects", "platform"],
};

describe("layers", () => {
  it("the scan sees static, re-exported, type-only and dynamic imports", () => {
    const file = join(ROOT, "durable-objects/x.ts");
    const text = [
      `import { a } from "../worker/a";`,
      `import type { B } from "../worker/b";`,
      `export { c } from "../worker/c";`,
      `const d = await import("../worker/d");`,
      `import {\n  e,\n  f,\n} from "./storage";`,
    ].join("\n");
    const found = importsOf(file, text).map((i) => [i.target, i.typeOnly]);
    expect(found).toEqual([["worker", false], ["worker", true], ["worker", false], ["worker", false], ["durable-objects", false]]);
  });

  for (const [folder, forbidden] of Object.entries(FORBIDDEN)) {
    it(`${folder}/ imports nothing from ${forbidden.map((f) => `${f}/`).join(", ")}`, () => {
      const imports = importsUnder(folder);
      expect(imports.length).toBeGreaterThan(0);
      const wrong = imports.filter((i) => forbidden.includes(i.target)).map((i) => `${i.file}: ${i.line}`);
      expect(wrong).toEqual([]);
    });
  }

  it("platform/ names the Durable Object classes only as types (platform/env.ts types their namespaces)", () => {
    const wrong = importsUnder("platform")
      .filter((i) => i.target === "durable-objects" && !i.typeOnly)
      .map((i) => `${i.file}: ${i.line}`);
    expect(wrong).toEqual([]);
  });
});
