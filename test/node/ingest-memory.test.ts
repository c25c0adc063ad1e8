/**
 * The Worker's streamed ingest of POST <root> (worker/ingest.ts, README "Request bodies") holds memory that does not
 * grow with the body like a whole parse does: 20,000 shifts with the contract mix, sent gzip in 64 KB pieces, held
 * memory sampled every 2 MB of body. What it may hold: one R2 part (5 MiB), the employees, and the id sets.
 * The R2 side is an in-memory bucket (bench/memory-bucket.ts) that keeps the text it was given, which the test
 * compares with the body: the Worker tests (test/workers) run the same code against real local R2.
 */
import { describe, expect, it } from "vitest";
import { gzipSync } from "node:zlib";
import { generateInstance } from "../../bench/generate";
import { HeldPeak, sampledBody } from "../../bench/held-memory";
import { memoryBucket } from "../../bench/memory-bucket";
import { validateWithShiftFacts } from "../../model/validation";
import { ingestSolvingRequest, streamedLimits } from "../../worker/ingest";
import { PART_BYTES } from "../../worker/r2-upload";

const SHIFTS = 20_000;
/**
 * Held bytes per shift beyond one R2 part: about 135 measured (the id sets and what else is not traced yet); the body
 * is about 230 bytes per shift, and parsing it whole held about 5 bytes per byte of it.
 */
const BUDGET_PER_SHIFT = 200;

async function ingest(gzip: Uint8Array, bucket: R2Bucket, peak: HeldPeak | null) {
  const req = new Request("http://test/schedules", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
    body: peak ? sampledBody(gzip, peak) : new Blob([new Uint8Array(gzip)]).stream(),
    duplex: "half",
  } as RequestInit);
  const ingested = await ingestSolvingRequest(req, bucket, "k", streamedLimits(undefined));
  const issues = validateWithShiftFacts(ingested.modelInput, ingested.shifts);
  peak?.sample();
  await ingested.upload.finish(undefined);
  return { ingested, issues };
}

describe("streamed ingest", () => {
  it(`holds far less than the body: ${SHIFTS} shifts, under ${BUDGET_PER_SHIFT} bytes per shift beyond one R2 part`, async () => {
    const { bucket, text: objects } = memoryBucket(new Map(), "text");
    // A first submission: the code compiled on first use (the parser, the schemas) is not the ingest's to hold.
    await ingest(gzipSync(JSON.stringify({ modelInput: generateInstance({ shifts: 5_000, employees: 100, seed: 1, features: true, contracts: true }) })), bucket, null);
    objects.clear();

    const modelInput = generateInstance({ shifts: SHIFTS, employees: 400, seed: 7, features: true, contracts: true });
    const text = JSON.stringify({ modelInput });
    const gzip = gzipSync(text);
    const peak = new HeldPeak();
    const { ingested, issues } = await ingest(gzip, bucket, peak);

    expect(issues.filter((i) => i.severity === "ERROR")).toEqual([]);
    expect(ingested.shifts.count).toBe(SHIFTS);
    // What was stored is the request as sent.
    expect(JSON.parse(objects.get("k")!)).toEqual({ modelInput });
    const perShift = (peak.bytes - PART_BYTES) / SHIFTS;
    console.log(`body ${text.length} bytes; held at most ${peak.bytes} bytes: ${perShift.toFixed(0)} per shift beyond one part`);
    expect(peak.bytes - PART_BYTES).toBeLessThan(text.length);
    expect(perShift).toBeLessThan(BUDGET_PER_SHIFT);
  }, 120_000);
});
