/**
 * Request bodies on the wire (spec §8): gzip-compressed bodies (`Content-Encoding: gzip`) are decompressed as a
 * stream, with the limits of 100 MB compressed and 2 GB uncompressed (413 beyond either), and JSON is the only body
 * type the API takes (415 otherwise). workerd does not decompress request bodies itself (TOOLCHAIN.md).
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./auth";
import { ApiError } from "./errors";

export const MAX_COMPRESSED_BYTES = 100 * 1024 * 1024;
export const MAX_UNCOMPRESSED_BYTES = 2 * 1024 * 1024 * 1024;

class TooLarge extends Error {}

/** Passes bytes through, failing the stream once more than `limit` have gone by. */
function byteLimit(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new TooLarge());
      else controller.enqueue(chunk);
    },
  });
}

function tooLarge(what: string, limit: number): ApiError {
  return new ApiError(413, "PAYLOAD_TOO_LARGE", `The request body exceeds the ${what} limit of ${limit} bytes.`);
}

function hasBody(req: Request): boolean {
  const length = req.headers.get("Content-Length");
  return req.body !== null && (length === null || Number(length) > 0);
}

export const decodeRequestBody = createMiddleware<AppEnv>(async function decodeRequestBody(c, next) {
  const req = c.req.raw;
  if (!hasBody(req) || req.method === "GET" || req.method === "HEAD") return next();

  const contentType = req.headers.get("Content-Type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", `Request bodies must be JSON: send Content-Type: application/json (got '${contentType || "none"}').`);
  }
  const encoding = (req.headers.get("Content-Encoding") ?? "identity").trim().toLowerCase();
  const declared = Number(req.headers.get("Content-Length") ?? NaN);
  if (encoding === "identity") {
    if (declared > MAX_UNCOMPRESSED_BYTES) throw tooLarge("uncompressed", MAX_UNCOMPRESSED_BYTES);
    return next();
  }
  if (encoding !== "gzip") {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", `Content-Encoding '${encoding}' is not supported; use gzip or none.`);
  }
  if (declared > MAX_COMPRESSED_BYTES) throw tooLarge("compressed", MAX_COMPRESSED_BYTES);

  const stream = req
    .body!.pipeThrough(byteLimit(MAX_COMPRESSED_BYTES))
    // The cast bridges the DOM and workerd typings of DecompressionStream (both are in tsconfig's libs).
    .pipeThrough(new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>)
    .pipeThrough(byteLimit(MAX_UNCOMPRESSED_BYTES));
  let bytes: ArrayBuffer;
  try {
    bytes = await new Response(stream).arrayBuffer();
  } catch (err) {
    if (err instanceof TooLarge) throw tooLarge(declared > MAX_COMPRESSED_BYTES ? "compressed" : "uncompressed", MAX_UNCOMPRESSED_BYTES);
    throw new ApiError(400, "BAD_REQUEST", "The request body is not valid gzip data.");
  }
  const headers = new Headers(req.headers);
  headers.delete("Content-Encoding");
  headers.set("Content-Length", String(bytes.byteLength));
  c.req.raw = new Request(req.url, { method: req.method, headers, body: bytes });
  return next();
});
