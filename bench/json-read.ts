/**
 * Speed of the streaming JSON reader (`model/json-stream.ts`, README "Load"): `npx tsx bench/json-read.ts [SIZE]
 * [OTHER_MODULE]` (SIZE M, XL or 400k; default XL). Reads a generated stored request (`bench/generate.ts`, the
 * contract mix of `bench/memory.ts`) in 64 KiB chunks as the Durable Object does, its shifts handed over one by one
 * and dropped, and prints MB/s. With OTHER_MODULE (another version of json-stream.ts, e.g. the one before a change
 * written out by `git show REV:model/json-stream.ts > /tmp/old-json-stream.ts`), the two read alternately, five
 * rounds each, so a shared machine's drift hits both alike. `JSON.parse` of the same text is timed for scale.
 */
import { generateInstance } from "./generate";
import { JsonStream } from "../model/json-stream";

type Reader = typeof JsonStream;
const sizes = { M: { shifts: 1_000, employees: 50 }, XL: { shifts: 100_000, employees: 2_000 }, "400k": { shifts: 400_000, employees: 8_000 } };
const sizeName = (process.argv[2] ?? "XL") as keyof typeof sizes;
const other = process.argv[3];
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
