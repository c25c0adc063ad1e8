/**
 * GET <root>/{id} as a byte stream (README "Request bodies": the Durable Object's memory): the response's JSON text,
 * the same as `JSON.stringify` of the response object, made in pieces as the Worker reads it, never one string.
 * - While solving (or before): the response with its shifts made as they are serialized (solver/output-json.ts).
 * - Once completed: the stored output's bytes from R2, passed on as they arrive between the response's metadata and
 *   its run (the stored output is `{"modelOutput":...,"inputMetrics":...,"kpis":...}`, its members in response order).
 * A failure part-way aborts the stream, so the client sees a broken response, never a short valid one.
 */
import { jsonPieces } from "../solver/output-json";

/**
 * The pieces of `value`'s JSON as a byte stream. Each piece is made inside `around` (a score analysis on a live run's
 * session: made while the session holds the analyzed assignment, dataset-object.ts `analyzed`).
 */
export function jsonStream(value: unknown, around: <T>(make: () => T) => T = (make) => make()): ReadableStream<Uint8Array> {
  const { readable, writable } = new IdentityTransformStream();
  void pump(writable, (async function* () {
    const encoder = new TextEncoder();
    const pieces = jsonPieces(value);
    for (;;) {
      const next = around(() => pieces.next());
      if (next.done) return;
      yield encoder.encode(next.value);
    }
  })());
  return readable;
}

/** `{"metadata":M,` + the stored output's members + `,"run":M}`: the response around a stored output's bytes. */
export function storedResponseStream(metadata: unknown, stored: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const { readable, writable } = new IdentityTransformStream();
  const encoder = new TextEncoder();
  const text = JSON.stringify(metadata);
  void pump(writable, (async function* () {
    yield encoder.encode(`{"metadata":${text},`);
    // The stored object's first byte is its `{` and its last its `}` (written by stored-output.ts): both dropped.
    let first = true;
    let held: Uint8Array | null = null;
    for await (const chunk of stored as unknown as AsyncIterable<Uint8Array>) {
      if (chunk.byteLength === 0) continue;
      let bytes = chunk;
      if (first) {
        if (bytes[0] !== 0x7b) throw new Error("The stored output is not a JSON object.");
        bytes = bytes.subarray(1);
        first = false;
      }
      if (held && held.byteLength > 0) yield held;
      held = bytes;
    }
    if (!held || held.byteLength === 0 || held[held.byteLength - 1] !== 0x7d) throw new Error("The stored output is not a whole JSON object.");
    yield held.subarray(0, held.byteLength - 1);
    yield encoder.encode(`,"run":${text}}`);
  })());
  return readable;
}

async function pump(writable: WritableStream<Uint8Array>, pieces: AsyncIterable<Uint8Array>): Promise<void> {
  const writer = writable.getWriter();
  try {
    for await (const piece of pieces) if (piece.byteLength > 0) await writer.write(piece);
    await writer.close();
  } catch (err) {
    console.error("A response stream failed", err);
    await writer.abort(err).catch(() => undefined);
  }
}
