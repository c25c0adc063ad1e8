/**
 * Rewrites the README table "Justification types" from the constraints' glue rows and model/unaccounted-justifications.ts
 * (test/node/justifications.test.ts fails while they differ): `npx tsx scripts/update-readme-justifications.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { justificationMarkdown } from "../model/unaccounted-justifications";
import reference from "../test/fixtures/reference-justifications.json";

const BEGIN = "<!-- justifications:begin -->";
const END = "<!-- justifications:end -->";
const path = new URL("../README.md", import.meta.url);
const readme = readFileSync(path, "utf8");
const start = readme.indexOf(BEGIN), end = readme.indexOf(END);
if (start < 0 || end < start) throw new Error(`README.md lacks the ${BEGIN} ... ${END} block`);
writeFileSync(path, `${readme.slice(0, start + BEGIN.length)}\n${justificationMarkdown(reference.justifications)}\n${readme.slice(end)}`);
