/**
 * Request bodies on the wire (spec §8, README "Request bodies"). JSON is the only body type the API takes (415
 * otherwise); bodies may be gzip-compressed (`Content-Encoding: gzip`; workerd does not decompress request bodies
 * itself). The body is read here, once, and handed to the routes' validators already parsed.
 *
 * What keeps a hostile body from hurting the isolate (128 MB in production) or other callers:
 * - It is read only for a route that exists, and only after authentication (this middleware runs after the auth
 *   middleware and refuses to read for a caller nobody authenticated); an unknown path never reads its body.
 * - A declared `Content-Length` over the limit is refused before reading; otherwise the limit is enforced as bytes
 *   arrive, on the wire bytes and again on the decompressed bytes (decompression is a stream), and reading stops at
 *   the first piece over it: a gzip bomb costs about the limit in memory and the time to inflate that much.
 * - Nesting deeper than MAX_JSON_DEPTH is refused before parsing (structuredClone, JSON.stringify and validation
 *   recurse on nested values), and a `__proto__` member anywhere is a 400 naming its path: zod leaves such a member
 *   out of what it returns, which would drop it silently.
 */
import { Gunzip } from "fflate";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "./auth";
import { ApiError } from "./errors";
import { MAX_JSON_DEPTH } from "../model/json-stream";

/**
 * Largest body by default, compressed or not: a parsed and validated JSON body holds about 5 bytes of heap per byte of
 * text (the text, the parsed value, the validated copy), and the Worker must also fit the solver and the request's
 * other work in its 128 MB. About 45,000 shifts with contracts fit in 10 MB of JSON. A self-hosted service whose
 * isolates have more memory (local workerd has no limit) may raise it with the `MAX_BODY_BYTES` setting.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The body limit in force: the `MAX_BODY_BYTES` setting when it is a positive whole number, else the default. */
export function bodyLimit(setting: string | undefined): number {
  const value = Number(setting);
  return Number.isSafeInteger(value) && value > 0 ? value : MAX_BODY_BYTES;
}

function tooLarge(limit: number, what: string): ApiError {
  return new ApiError(413, "PAYLOAD_TOO_LARGE", `The request body exceeds the limit of ${limit} bytes${what}.`, [
    `limit: ${limit} bytes`,
  ]);
}

function hasBody(req: Request): boolean {
  const length = req.headers.get("Content-Length");
  return req.body !== null && (length === null || Number(length) > 0);
}

/** Largest piece of compressed input handed to the decompressor at once: deflate expands at most ~1032:1, so one
 * piece yields at most about 1 MB before the limit is checked again. */
const INFLATE_PIECE_BYTES = 1024;

function concat(chunks: Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** How far a body may go: bytes on the wire, and bytes once decompressed (the same for a body sent plain). */
export interface BodyLimits {
  wire: number;
  inflated: number;
}

/**
 * The body's bytes as they arrive, decompressed when `gzip`, refusing as soon as more bytes than the limits allow have
 * arrived on the wire or come out of the decompressor; the rest of the body is then never read. Decompression is
 * fflate's streaming Gunzip rather than workerd's DecompressionStream: fed in small pieces it stops within a piece of
 * the limit, and it inflated 10 MB in 0.2-0.7 s in local workerd where DecompressionStream, read as it produced its
 * 4 KB chunks, took 6-9 s. Each piece handed out is at most about 1 MB (INFLATE_PIECE_BYTES of gzip) or one chunk of
 * the wire.
 */
export async function* bodyChunks(body: ReadableStream<Uint8Array>, gzip: boolean, limits: BodyLimits): AsyncGenerator<Uint8Array> {
  let inflated = 0;
  let out: Uint8Array[] = [];
  const keep = (data: Uint8Array) => {
    inflated += data.byteLength;
    if (inflated > limits.inflated) throw tooLarge(limits.inflated, gzip ? " once decompressed" : "");
    out.push(data);
  };
  const gunzip = gzip ? new Gunzip((data) => keep(data)) : null;
  const reader = body.getReader();
  let wire = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!gunzip) {
        keep(value);
      } else {
        wire += value.byteLength;
        if (wire > limits.wire) throw tooLarge(limits.wire, " (compressed)");
        for (let at = 0; at < value.byteLength; at += INFLATE_PIECE_BYTES) {
          gunzip.push(value.subarray(at, at + INFLATE_PIECE_BYTES));
          yield* drain();
        }
        continue;
      }
      yield* drain();
    }
    gunzip?.push(new Uint8Array(0), true);
    yield* drain();
    finished = true;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, "BAD_REQUEST", "The request body is not valid gzip data.", ["(body): not valid gzip data"]);
  } finally {
    // Stopped early (a refusal, or the consumer stopped): the rest of the body is never read.
    if (!finished) reader.cancel().catch(() => undefined);
  }

  function* drain(): Generator<Uint8Array> {
    const pieces = out;
    out = [];
    yield* pieces;
  }
}

/** The body's bytes, whole (see `bodyChunks`). */
async function readBounded(body: ReadableStream<Uint8Array>, gzip: boolean, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of bodyChunks(body, gzip, { wire: limit, inflated: limit })) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  return concat(chunks, total);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Refuses nesting deeper than MAX_JSON_DEPTH, scanning UTF-8 bytes (no byte of a multi-byte character is ASCII). */
function checkDepth(bytes: Uint8Array): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
      if (++depth > MAX_JSON_DEPTH) {
        throw new ApiError(400, "BAD_REQUEST", `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, [
          `(body): nesting deeper than ${MAX_JSON_DEPTH} levels at byte ${i}`,
        ]);
      }
    } else if (b === CLOSE_BRACKET || b === CLOSE_BRACE) depth--;
  }
}

/** The path (`config.run`, `modelInput.shifts[3]`) of the first `__proto__` member, or null. Iterative: depth is bounded but no recursion is needed. */
function findProtoMember(root: unknown): string | null {
  type Entry = { value: unknown; parent: Entry | null; key: string | number | null };
  const pathOf = (entry: Entry, last: string) => {
    const keys: Array<string | number> = [last];
    for (let e: Entry | null = entry; e && e.key !== null; e = e.parent) keys.unshift(e.key);
    return keys.reduce<string>((path, k) => (typeof k === "number" ? `${path}[${k}]` : path ? `${path}.${k}` : k), "");
  };
  const stack: Entry[] = [{ value: root, parent: null, key: null }];
  while (stack.length) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (typeof value[i] === "object" && value[i] !== null) stack.push({ value: value[i], parent: entry, key: i });
      }
    } else if (typeof value === "object" && value !== null) {
      if (Object.hasOwn(value, "__proto__")) return pathOf(entry, "__proto__");
      for (const key of Object.keys(value)) {
        const child = (value as Record<string, unknown>)[key];
        if (typeof child === "object" && child !== null) stack.push({ value: child, parent: entry, key });
      }
    }
  }
  return null;
}

/**
 * A JSON body's headers: 415 unless JSON, plain or gzip; 413 when the declared `Content-Length` is over the limits
 * (nothing read). Whether the body is gzip.
 */
export function checkJsonHeaders(req: Request, limits: BodyLimits): { gzip: boolean } {
  const contentType = req.headers.get("Content-Type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", `Request bodies must be JSON: send Content-Type: application/json (got '${contentType || "none"}').`);
  }
  const encoding = (req.headers.get("Content-Encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "gzip") {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", `Content-Encoding '${encoding}' is not supported; use gzip or none.`);
  }
  const gzip = encoding === "gzip";
  const wireLimit = gzip ? limits.wire : limits.inflated;
  const declared = Number(req.headers.get("Content-Length") ?? NaN);
  if (declared > wireLimit) throw tooLarge(wireLimit, " (declared Content-Length)");
  return { gzip };
}

/** Read, bound, decompress, check and parse a JSON body. */
async function readJsonBody(req: Request, limit: number): Promise<unknown> {
  const { gzip } = checkJsonHeaders(req, { wire: limit, inflated: limit });
  const bytes = await readBounded(req.body!, gzip, limit);
  checkDepth(bytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, "BAD_REQUEST", "The request body is not valid UTF-8.", ["(body): not valid UTF-8"]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ApiError(400, "BAD_REQUEST", `Malformed JSON in request body: ${reason}`, [`(body): ${reason}`]);
  }
  const proto = findProtoMember(value);
  if (proto !== null) {
    throw new ApiError(400, "VALIDATION_ERROR", `The request body has a member named '__proto__' at ${proto}.`, [`${proto}: not allowed`]);
  }
  return value;
}

/** Marks a route that reads its body itself, as a stream (worker/ingest.ts): `decodeRequestBody` leaves it alone. */
export const streamsBody = createMiddleware<AppEnv>(async function streamsBody(c, next) {
  c.set("streamsBody", true);
  await next();
});

export const decodeRequestBody = createMiddleware<AppEnv>(async function decodeRequestBody(c, next) {
  const req = c.req.raw;
  if (!hasBody(req) || req.method === "GET" || req.method === "HEAD" || c.get("streamsBody")) return next();
  // Middleware are registered for every method ("ALL"); a route is what would consume the body.
  if (!matchedRoutes(c).some((route) => route.method !== "ALL")) return next();
  if (!c.get("caller")) throw new ApiError(401, "UNAUTHORIZED", "Missing API key: send it in the X-API-KEY header.");

  const body = Promise.resolve(await readJsonBody(req, bodyLimit(c.env.MAX_BODY_BYTES)));
  // The routes' validators read `c.req.json()` and `c.req.text()`: both now answer from the value read here (Hono
  // derives the text from its json cache) instead of reading the consumed stream again.
  c.req.bodyCache.json = body;
  c.req.json = <T>() => body as Promise<T>;
  return next();
});
