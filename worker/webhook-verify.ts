/**
 * Receiver-side verification of a Rota webhook delivery (spec §6.3), for the customer's endpoint. Self-contained:
 * WebCrypto only, no other import, so it runs in Node 18+, Deno, Bun, browsers and Workers. Copy it, or import it.
 *
 * A delivery with HMAC authorization carries
 *   X-Rota-Signature: Base64(HMAC-SHA-256(key, content))
 *   X-Rota-Timestamp: yyyy-mm-ddThh:mm:ssZ
 * where content is the raw request body (method BODY, the default) or `POST+<path>+<timestamp>` (method PATH).
 * The check: the signature (after removing an optional prefix such as "sha256=") is compared in constant time, and
 * the timestamp must lie within a window around now (default ±5 minutes) to refuse replays. With method BODY the
 * timestamp is not signed, so de-duplicate on the X-Rota-Delivery header as well; method PATH signs it.
 *
 * @example
 * // Any fetch-style handler (Workers, Deno, Bun, Node 18+ with a Request):
 * const result = await verifyWebhookRequest(request, { secret: env.ROTA_WEBHOOK_KEY });
 * if (!result.ok) return new Response(result.reason, { status: 401 });
 * const event = JSON.parse(result.body); // { id, name, model, modelVersion, tags, status, runLink, outputLink }
 * return new Response("ok", { status: 200 }); // Rota needs exactly 200
 */

export const SIGNATURE_HEADER = "X-Rota-Signature";
export const TIMESTAMP_HEADER = "X-Rota-Timestamp";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type VerifyFailure =
  | "MISSING_SIGNATURE"
  | "MISSING_TIMESTAMP"
  | "BAD_TIMESTAMP"
  | "STALE_TIMESTAMP"
  | "BAD_PREFIX"
  | "BAD_SIGNATURE";

export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure };

export interface VerifyOptions {
  /** The webhook's HMAC key. */
  secret: string;
  /** The raw request body, exactly as received (before any JSON parsing). */
  body: string | Uint8Array;
  /** The signature header's value. */
  signature: string | null | undefined;
  /** The X-Rota-Timestamp header's value. */
  timestamp: string | null | undefined;
  /** @default "BODY" */
  method?: "BODY" | "PATH";
  /** The request path as received (`/hooks/rota`); required for method PATH. */
  path?: string;
  /** A prefix the webhook's custom header puts before the signature, e.g. "sha256=". @default "" */
  prefix?: string;
  /** Accepted distance between the timestamp and now. @default 300 */
  toleranceSeconds?: number;
  /** @default the current time */
  now?: Date | number;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
const encoder = new TextEncoder();

export async function verifyWebhook(options: VerifyOptions): Promise<VerifyResult> {
  const { secret, signature, timestamp } = options;
  const prefix = options.prefix ?? "";
  if (!signature) return { ok: false, reason: "MISSING_SIGNATURE" };
  if (!timestamp) return { ok: false, reason: "MISSING_TIMESTAMP" };
  if (!TIMESTAMP.test(timestamp) || Number.isNaN(Date.parse(timestamp))) return { ok: false, reason: "BAD_TIMESTAMP" };
  const now = options.now === undefined ? Date.now() : typeof options.now === "number" ? options.now : options.now.getTime();
  const tolerance = (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS) * 1000;
  if (Math.abs(now - Date.parse(timestamp)) > tolerance) return { ok: false, reason: "STALE_TIMESTAMP" };
  if (!signature.startsWith(prefix)) return { ok: false, reason: "BAD_PREFIX" };

  const content =
    (options.method ?? "BODY") === "BODY"
      ? typeof options.body === "string"
        ? encoder.encode(options.body)
        : options.body
      : encoder.encode(`POST+${options.path ?? ""}+${timestamp}`);
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const expected = new Uint8Array(await crypto.subtle.sign("HMAC", key, content as Uint8Array<ArrayBuffer>));
  const given = decodeBase64(signature.slice(prefix.length).trim());
  return given && constantTimeEqual(given, expected) ? { ok: true } : { ok: false, reason: "BAD_SIGNATURE" };
}

/** Reads the body of a fetch `Request` once and verifies it; the body text comes back for parsing. */
export async function verifyWebhookRequest(
  request: Request,
  options: Omit<VerifyOptions, "body" | "signature" | "timestamp" | "path"> & { signatureHeader?: string },
): Promise<VerifyResult & { body: string }> {
  const body = await request.text();
  const result = await verifyWebhook({
    ...options,
    body,
    signature: request.headers.get(options.signatureHeader ?? SIGNATURE_HEADER),
    timestamp: request.headers.get(TIMESTAMP_HEADER),
    path: new URL(request.url).pathname,
  });
  return { ...result, body };
}

/** Equal length and bytes, in time that depends only on the expected length. */
function constantTimeEqual(given: Uint8Array, expected: Uint8Array): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (given[i] ?? 0) ^ expected[i];
  return diff === 0;
}

function decodeBase64(text: string): Uint8Array | null {
  try {
    const s = atob(text);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}
