/**
 * Speed of the streaming JSON reader (`model/json-stream.ts`, README "Request bodies"): `npx tsx bench/json-read.ts [SIZE]
 * [OTHER_MODULE]` (SIZE M, XL or 400k; default XL). Reads a generated stored request (`bench/generate.ts`, the
 * contract mix of `bench/memory.ts`) in 64 KiB chunks as the Durable Object does, its shifts handed over one by one
 * and dropped, and prints MB/s. With OTHER_MODULE (another version of json-stream.ts, e.g. the one before a change
 * written out by `git show REV:model/json-stream.ts > /tmp/old-json-stream.ts`, its imports rewritten to absolute
 * paths so that they resolve from there), the two read alternately, five
 * rounds each, so a shared machine's drift hits both alike. `JSON.parse` of the same text is timed for scale.
 * With `--load`, then the Durable Object's whole load once, as its first solving alarm does it (solver/read-request.ts
 * into the shift table, then solver/open-session.ts: encode and the core's load), in CPU seconds of each part.
 */
import { generateInstance } from "./generate";
import { readFileSync } from "node:fs";
import { JsonStream } from "../model/json-stream";
import { openSession } from "../solver/open-session";
import { readRequestBytes } from "../solver/read-request";

type Reader = typeof JsonStream;
const sizes = { M: { shifts: 1_000, employees: 50 }, XL: { shifts: 100_000, employees: 2_000 }, "400k": { shifts: 400_000, employees: 8_000 } };
const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const sizeName = (args[0] ?? "XL") as keyof typeof sizes;
const other = args[1];
const readers: Array<[string, Reader]> = [["this", JsonStream]];
if (other) readers.unshift(["other", ((await import(other)) as { JsonStream: Reader }).JsonStream]);

const input = generateInstance({ ...sizes[sizeName], seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts: true });
const text = JSON.stringify({ modelInput: input, config: { run: { name: "json-read" } } });
const bytes = new TextEncoder().encode(text);
const CHUNK = 64 * 1024;
console.log(`${sizeName}: ${(bytes.byteLength / 1e6).toFixed(1)} MB of JSON, ${input.shifts.length} shifts`);

function read(Reader: Reader): number {
  let members = 0;
  const json = new Reader({
    streamed: [["modelInput", "shifts"]],
    onMember: () => members++,
    maxKeptBytes: Number.MAX_SAFE_INTEGER,
    maxMemberBytes: Number.MAX_SAFE_INTEGER,
    refuse: (_s, _c, message) => new Error(message),
  });
  const start = performance.now();
  for (let at = 0; at < bytes.byteLength; at += CHUNK) json.write(bytes.subarray(at, at + CHUNK));
  json.end();
  const ms = performance.now() - start;
  if (members !== input.shifts.length) throw new Error(`read ${members} shifts of ${input.shifts.length}`);
  return ms;
}

const rounds = sizeName === "M" ? 50 : 5;
const totals = readers.map(() => 0);
for (let round = 0; round < rounds + 1; round++) {
  readers.forEach(([, reader], i) => {
    const ms = read(reader);
    if (round > 0) totals[i] += ms; // the first round warms up
  });
}
readers.forEach(([name], i) => console.log(`${name}: ${((bytes.byteLength * rounds) / 1e3 / totals[i]).toFixed(1)} MB/s`));
if (readers.length === 2) console.log(`ratio this/other: ${(totals[0] / totals[1]).toFixed(2)}`);
let parseMs = 0;
for (let round = 0; round < rounds; round++) {
  const start = performance.now();
  JSON.parse(text);
  parseMs += performance.now() - start;
}
console.log(`JSON.parse: ${((bytes.byteLength * rounds) / 1e3 / parseMs).toFixed(1)} MB/s`);

if (process.argv.includes("--load")) {
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));
  let at = cpu();
  const { request } = await readRequestBytes(bytes, CHUNK);
  const readS = cpu() - at;
  at = cpu();
  const session = await openSession(module, request, { seed: 1 });
  const openS = cpu() - at;
  console.log(`load: read ${readS.toFixed(1)} s, openSession ${openS.toFixed(1)} s, total ${(readS + openS).toFixed(1)} s of CPU (${session.problem.shiftIds.length} shifts)`);
}
