/**
 * The dataset's final output written to R2 (`.../output.json`, README "Architecture") in pieces (solver/output-json.ts),
 * never as one string: the pieces are made twice, once to count the bytes (R2 takes a stream only of a known length),
 * then into a FixedLengthStream that R2 reads as they come. R2 stores an object whole or not at all, so a failure
 * part-way leaves the previous state (no output yet): no partial writes.
 */
import { jsonPieces } from "../solver/output-json";

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
