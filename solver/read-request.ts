/**
 * A stored solving request read as a stream (README "Request bodies": the Durable Object's streamed load): the bytes
 * go through the tokenizer the Worker validated them with (`@streamparser/json`), everything but
 * `modelInput.shifts` is built into objects as `JSON.parse` would build it, and each shift goes into a ShiftTable
 * (shift-table.ts) as soon as it is complete and is dropped. The request returned has `modelInput.shifts` as the
 * table's view. No whole-request text and no whole object tree is ever held.
 *
 * The Worker stored the request after validating it, so this reader checks only what keeps it safe: the grammar, a
 * member named `__proto__` and nesting are refused with an Error (the Durable Object then fails the run; it never
 * crashes on what it reads).
 */
import Tokenizer from "@streamparser/json/tokenizer.js";
import type { SolvingRequest } from "../schemas/solving-request";
import { ShiftTable } from "./shift-table";

// Token types of @streamparser/json (its `TokenType` enum); the values are the types above COMMA.
const LEFT_BRACE = 0;
const RIGHT_BRACE = 1;
const LEFT_BRACKET = 2;
const RIGHT_BRACKET = 3;
const COLON = 4;
const COMMA = 5;

/** Deeper than this is refused (the Worker refuses more than 64 levels, README "Request bodies"). */
const MAX_DEPTH = 64;

const enum Expect {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  End,
}

interface Frame {
  value: Record<string, unknown> | unknown[];
  isArray: boolean;
  key: string;
  /** This array is `modelInput.shifts`: its members go to the table. */
  shifts: boolean;
  /** This object is `modelInput`. */
  modelInput: boolean;
}

export interface StreamedRequest {
  request: SolvingRequest;
  shifts: ShiftTable;
}

class RequestBuilder {
  readonly shifts = new ShiftTable();
  private readonly stack: Frame[] = [];
  private expect = Expect.Value;
  private root: unknown = undefined;

  token(type: number, value: unknown): void {
    switch (this.expect) {
      case Expect.Value:
      case Expect.ValueOrClose:
        if (type === RIGHT_BRACKET && this.expect === Expect.ValueOrClose) return this.close();
        if (type === LEFT_BRACE || type === LEFT_BRACKET) return this.open(type === LEFT_BRACKET);
        if (type > COMMA) return this.complete(value);
        break;
      case Expect.Key:
      case Expect.KeyOrClose:
        if (type === RIGHT_BRACE && this.expect === Expect.KeyOrClose) return this.close();
        if (type > COMMA && typeof value === "string") {
          if (value === "__proto__") throw new Error("The stored request has a member named '__proto__'.");
          this.stack[this.stack.length - 1].key = value;
          this.expect = Expect.Colon;
          return;
        }
        break;
      case Expect.Colon:
        if (type === COLON) {
          this.expect = Expect.Value;
          return;
        }
        break;
      case Expect.CommaOrClose: {
        const top = this.stack[this.stack.length - 1];
        if (type === COMMA) {
          this.expect = top.isArray ? Expect.Value : Expect.Key;
          return;
        }
        if ((type === RIGHT_BRACKET && top.isArray) || (type === RIGHT_BRACE && !top.isArray)) return this.close();
        break;
      }
      case Expect.End:
        break;
    }
    throw new Error(`The stored request is not valid JSON (unexpected ${JSON.stringify(value)}).`);
  }

  end(): StreamedRequest {
    if (this.expect !== Expect.End) throw new Error("The stored request ends inside a value.");
    const request = this.root as SolvingRequest;
    if (!request || typeof request !== "object" || !request.modelInput || typeof request.modelInput !== "object") {
      throw new Error("The stored request has no modelInput.");
    }
    this.shifts.seal();
    request.modelInput.shifts = this.shifts.view();
    return { request, shifts: this.shifts };
  }

  private open(isArray: boolean): void {
    const depth = this.stack.length;
    if (depth + 1 > MAX_DEPTH) throw new Error(`The stored request nests deeper than ${MAX_DEPTH} levels.`);
    const parent = depth > 0 ? this.stack[depth - 1] : null;
    this.stack.push({
      value: isArray ? [] : {},
      isArray,
      key: "",
      shifts: isArray && depth === 2 && parent!.modelInput && parent!.key === "shifts",
      modelInput: !isArray && depth === 1 && !parent!.isArray && parent!.key === "modelInput",
    });
    this.expect = isArray ? Expect.ValueOrClose : Expect.KeyOrClose;
  }

  private close(): void {
    const { value, isArray } = this.stack.pop()!;
    // An array built by pushes keeps spare capacity; a copy is exactly its length, as JSON.parse makes it.
    this.complete(isArray && (value as unknown[]).length > 0 ? (value as unknown[]).slice() : value);
  }

  private complete(value: unknown): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.root = value;
      this.expect = Expect.End;
      return;
    }
    if (parent.shifts) {
      if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("The stored request has a shift that is not an object.");
      this.shifts.add(value as Record<string, unknown>);
    } else if (parent.isArray) {
      (parent.value as unknown[]).push(value);
    } else {
      (parent.value as Record<string, unknown>)[parent.key] = value;
    }
    this.expect = Expect.CommaOrClose;
  }
}

/** Reads a stored request (UTF-8 JSON bytes) as described in the header. */
export async function readRequestStream(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Promise<StreamedRequest> {
  const builder = new RequestBuilder();
  const tokenizer = new Tokenizer();
  let failure: unknown = null;
  tokenizer.onToken = ({ token, value }) => {
    if (failure) return;
    try {
      builder.token(token, value);
    } catch (err) {
      failure = err;
    }
  };
  tokenizer.onError = (err) => {
    failure ??= new Error(`The stored request is not valid JSON: ${err.message}`);
  };
  const chunks = Symbol.asyncIterator in body ? (body as AsyncIterable<Uint8Array>) : readerChunks(body as ReadableStream<Uint8Array>);
  for await (const chunk of chunks) {
    try {
      tokenizer.write(chunk);
    } catch (err) {
      failure ??= err;
    }
    if (failure) throw failure;
  }
  try {
    tokenizer.end();
  } catch (err) {
    failure ??= err;
  }
  if (failure) throw failure;
  return builder.end();
}

/** Reads a request held as bytes (tests, the browser): the same path as a stream of them. */
export function readRequestBytes(bytes: Uint8Array, chunkBytes = 64 * 1024): Promise<StreamedRequest> {
  return readRequestStream(
    (async function* () {
      for (let at = 0; at < bytes.byteLength; at += chunkBytes) yield bytes.subarray(at, at + chunkBytes);
    })(),
  );
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
