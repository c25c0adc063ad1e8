/**
 * Writes test/fixtures/reference-model-input.json: the schemas of the reference OpenAPI
 * (`timefold-ess-openapi-v1.json`) that the model input reaches (`EmployeeSchedule` and every schema it references),
 * plus `EmployeeScheduleConfigOverrides`, verbatim. test/node/unscored.test.ts walks it to list every property a
 * request can use. Run again when the reference changes: `node scripts/extract-reference-schemas.mjs <reference.json>`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const [source] = process.argv.slice(2);
if (!source) {
  console.error("usage: node scripts/extract-reference-schemas.mjs <timefold-ess-openapi-v1.json>");
  process.exit(2);
}
const all = JSON.parse(readFileSync(source, "utf8")).components.schemas;
const picked = {};
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
console.log(`${Object.keys(sorted).length} schemas`);
