/**
 * A stored solving request read as a stream (README "Request bodies": the Durable Object's streamed load): the bytes
 * go through the tokenizer the Worker validated them with (model/json-tokenizer.ts), everything but
 * `modelInput.shifts` is built into objects as `JSON.parse` would build it, what repeats in it shared (each distinct
 * string once, the small flat arrays and objects of the employees and rules once, frozen: `shareValues`), and each
 * shift goes into a ShiftTable
 * (shift-table.ts) as soon as it is complete and is dropped. The request returned has `modelInput.shifts` as the
 * table's view. No whole-request text and no whole object tree is ever held.
 *
 * The reader is the Worker's (model/json-stream.ts), with its guards: the grammar, a member named `__proto__`, a
 * repeated member name and nesting are refused with an Error (the Durable Object then fails the run; it never
 * crashes on what it reads).
 */
import { JsonStream } from "../model/json-stream";
import type { SolvingRequest } from "../schemas/solving-request";
import { ShiftTable } from "./shift-table";

export interface StreamedRequest {
  request: SolvingRequest;
  shifts: ShiftTable;
}

/** A refusal of the stored request: a plain Error (the Durable Object fails the run; no HTTP answer is made here). */
const refuse = (_status: number, _code: string, message: string) => new Error(`The stored request was refused: ${message}`);

/** Reads a stored request (UTF-8 JSON bytes) as described in the header. */
export async function readRequestStream(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Promise<StreamedRequest> {
  const shifts = new ShiftTable();
  const json = new JsonStream({
    streamed: [["modelInput", "shifts"]],
    onMember: (_list, _index, value) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("The stored request has a shift that is not an object.");
      shifts.add(value as Record<string, unknown>);
    },
    // The Worker bounded both when it stored the request (README "Request bodies").
    maxKeptBytes: Number.MAX_SAFE_INTEGER,
    maxMemberBytes: Number.MAX_SAFE_INTEGER,
    // Employees repeat timestamps, ids and time spans: each distinct one is held once (frozen; the readers only read).
    shareValues: true,
    refuse,
  });
  for await (const chunk of byteChunks(body)) json.write(chunk);
  const request = json.end() as SolvingRequest;
  if (!request || typeof request !== "object" || !request.modelInput || typeof request.modelInput !== "object") {
    throw new Error("The stored request has no modelInput.");
  }
  shifts.seal();
  request.modelInput.shifts = shifts.view();
  return { request, shifts };
}

/** Reads a request held as bytes (tests, the browser): the same path as a stream of them. */
export function readRequestBytes(bytes: Uint8Array, chunkBytes = 64 * 1024): Promise<StreamedRequest> {
  return readRequestStream(
    (async function* () {
      for (let at = 0; at < bytes.byteLength; at += chunkBytes) yield bytes.subarray(at, at + chunkBytes);
    })(),
  );
}

/** The chunks of a byte stream (an R2 object's body) or of an async iterable of them. */
export function byteChunks(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return Symbol.asyncIterator in body ? (body as AsyncIterable<Uint8Array>) : readerChunks(body as ReadableStream<Uint8Array>);
}

async function* readerChunks(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
