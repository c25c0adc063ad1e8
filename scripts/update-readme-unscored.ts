/**
 * Rewrites the README table "Accepted, not scored" from model/unscored-fields.ts (test/node/unscored.test.ts fails
 * while they differ): `npx tsx scripts/update-readme-unscored.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { unscoredMarkdown } from "../model/unscored-fields";

const BEGIN = "<!-- unscored:begin -->";
const END = "<!-- unscored:end -->";
const path = new URL("../README.md", import.meta.url);
const readme = readFileSync(path, "utf8");
const start = readme.indexOf(BEGIN), end = readme.indexOf(END);
if (start < 0 || end < start) throw new Error(`README.md lacks the ${BEGIN} ... ${END} block`);
writeFileSync(path, `${readme.slice(0, start + BEGIN.length)}\n${unscoredMarkdown()}\n${readme.slice(end)}`);
