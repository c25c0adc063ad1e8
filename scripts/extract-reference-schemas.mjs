/**
 * Copies what the tests need from the reference OpenAPI (`timefold-ess-openapi-v1.json`), verbatim, so that the
 * repository stands alone:
 * - test/fixtures/reference-model-input.json: the schemas the model input reaches (`EmployeeSchedule` and every
 *   schema it references), plus `EmployeeScheduleConfigOverrides`. test/node/unscored.test.ts walks it to list every
 *   property a request can use.
 * - test/fixtures/reference-ess-operations.json: every operation (method, path, parameters, responses) and every
 *   schema a response reaches. test/workers/conformance.test.ts calls each operation and validates each body.
 * - test/fixtures/reference-justifications.json: the names of the reference's justification types (every
 *   `*Justification` schema but the bases `EmployeeSchedulingJustification` and `ModelConstraintJustification`).
 *   test/node/justifications.test.ts accounts for each one (README "Justification types").
 * Run again when the reference changes: `node scripts/extract-reference-schemas.mjs <reference.json>`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const [source] = process.argv.slice(2);
if (!source) {
  console.error("usage: node scripts/extract-reference-schemas.mjs <timefold-ess-openapi-v1.json>");
  process.exit(2);
}
const reference = JSON.parse(readFileSync(source, "utf8"));
const all = reference.components.schemas;
let picked = {};
const visit = (name) => {
  if (picked[name]) return;
  picked[name] = all[name];
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      if (typeof node.$ref === "string") visit(node.$ref.split("/").pop());
      Object.values(node).forEach(walk);
    }
  };
  walk(all[name]);
};
visit("EmployeeSchedule");
visit("EmployeeScheduleConfigOverrides");
const sorted = Object.fromEntries(Object.keys(picked).sort().map((k) => [k, picked[k]]));
writeFileSync(
  new URL("../test/fixtures/reference-model-input.json", import.meta.url),
  `${JSON.stringify({ source: "timefold-ess-openapi-v1.json components.schemas", schemas: sorted }, null, 1)}\n`,
);
console.log(`reference-model-input.json: ${Object.keys(sorted).length} schemas`);

picked = {};
const operations = [];
const walkRefs = (node) => {
  if (Array.isArray(node)) node.forEach(walkRefs);
  else if (node && typeof node === "object") {
    if (typeof node.$ref === "string") visit(node.$ref.split("/").pop());
    Object.values(node).forEach(walkRefs);
  }
};
for (const [path, item] of Object.entries(reference.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (!op || typeof op !== "object" || !op.responses) continue;
    operations.push({ method: method.toUpperCase(), path, operationId: op.operationId, parameters: op.parameters ?? [], responses: op.responses });
    walkRefs(op.responses);
  }
}
const responseSchemas = Object.fromEntries(Object.keys(picked).sort().map((k) => [k, picked[k]]));
writeFileSync(
  new URL("../test/fixtures/reference-ess-operations.json", import.meta.url),
  `${JSON.stringify({ source: "timefold-ess-openapi-v1.json paths and components.schemas", servers: reference.servers, operations, schemas: responseSchemas })}\n`,
);
console.log(`reference-ess-operations.json: ${operations.length} operations, ${Object.keys(responseSchemas).length} schemas`);

const BASES = new Set(["EmployeeSchedulingJustification", "ModelConstraintJustification"]);
const justifications = Object.keys(all).filter((name) => name.endsWith("Justification") && !BASES.has(name)).sort();
writeFileSync(
  new URL("../test/fixtures/reference-justifications.json", import.meta.url),
  `${JSON.stringify({ source: "timefold-ess-openapi-v1.json components.schemas *Justification but the bases", justifications }, null, 1)}\n`,
);
console.log(`reference-justifications.json: ${justifications.length} justification types`);
