/**
 * The dataset's final output written to R2 (`.../output.json`, README "Architecture") in pieces (solver/output-json.ts),
 * never as one string: the pieces are made twice, once to count the bytes (R2 takes a stream only of a known length),
 * then into a FixedLengthStream that R2 reads as they come. R2 stores an object whole or not at all, so a failure
 * part-way leaves the previous state (no output yet): no partial writes. Its assignment is read back as a stream
 * (`readStoredAssignment`), never parsed whole.
 */
import { jsonPieces } from "../solver/output-json";
import { readOutputShifts } from "../solver/read-output";

/** A solution as compact values: per shift of the input, the index in `employees` of its employee, or -1. */
export interface CompactAssignment {
  employees: string[];
  assignment: Int32Array;
}

export async function putJsonInPieces(bucket: R2Bucket, key: string, value: unknown): Promise<void> {
  const encoder = new TextEncoder();
  let length = 0;
  for (const piece of jsonPieces(value)) length += encoder.encode(piece).byteLength;
  const { readable, writable } = new FixedLengthStream(length);
  const put = bucket.put(key, readable, { httpMetadata: { contentType: "application/json" } });
  const writer = writable.getWriter();
  try {
    for (const piece of jsonPieces(value)) await writer.write(encoder.encode(piece));
    await writer.close();
  } catch (err) {
    await writer.abort(err).catch(() => undefined);
    await put.catch(() => undefined);
    throw err;
  }
  await put;
}

/**
 * The assignment of the output stored under `key` (`modelOutput.shifts`, one per shift of the input in its order), read
 * as its bytes arrive (solver/read-output.ts): its per-employee metrics and generated shifts are dropped, nothing is
 * held whole. Null when there is no stored output.
 */
export async function readStoredAssignment(bucket: R2Bucket, key: string): Promise<CompactAssignment | null> {
  const stored = await bucket.get(key);
  if (!stored) return null;
  const employees: string[] = [];
  const indexOf = new Map<string, number>();
  let assignment = new Int32Array(1024);
  let count = 0;
  await readOutputShifts(stored.body, (member, index, generated) => {
    if (generated) return;
    const employee = member?.employee;
    let e = -1;
    if (typeof employee === "string") {
      e = indexOf.get(employee) ?? -1;
      if (e < 0) indexOf.set(employee, (e = employees.push(employee) - 1));
    }
    if (index >= assignment.length) {
      const grown = new Int32Array(assignment.length * 2);
      grown.set(assignment);
      assignment = grown;
    }
    assignment[index] = e;
    count = index + 1;
  });
  return { employees, assignment: assignment.slice(0, count) };
}
