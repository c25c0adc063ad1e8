/**
 * One webhook delivery attempt (spec §6.2, §6.3): build the request (payload, HMAC signature, custom headers with
 * `{hmac_signature}`, `{hmac_timestamp}` and `{secret:NAME}`), send it with a 5 s timeout and classify the result.
 *
 * Classification (spec §6.2 rules 1, 2, 4):
 * - HTTP 200 -> DELIVERED. Any other status, redirects included (they are not followed) -> FAILED, retried.
 * - fetch rejects before the timeout (refused, reset, DNS, TLS) -> FAILED, retried: no connection was made.
 * - the 5 s timeout fires -> TIMEOUT, not retried, to avoid a duplicate delivery. `fetch` cannot tell a connect that
 *   hangs for 5 s from a read that does, so both count as a read timeout (the side that never duplicates).
 */
import { hmacSha256Base64, unseal } from "../platform/crypto";
import { loadSecretValues, secretRefs, substituteSecrets, webhookKeyContext } from "../platform/secret-store";
import type { WebhookConfig } from "../platform/webhook-store";

export const SIGNATURE_HEADER = "X-Rota-Signature";
export const TIMESTAMP_HEADER = "X-Rota-Timestamp";
/** Same value for every attempt of one delivery: receivers can de-duplicate on it. */
export const DELIVERY_HEADER = "X-Rota-Delivery";
export const DELIVERY_TIMEOUT_MS = 5_000;
export const USER_AGENT = "Rota-Webhooks/1";

export type AttemptOutcome = "DELIVERED" | "FAILED" | "TIMEOUT";

export interface AttemptResult {
  outcome: AttemptOutcome;
  httpStatus: number | null;
  durationMs: number;
  message: string;
}

/** `yyyy-mm-ddThh:mm:ssZ` (spec §6.3). */
export function hmacTimestamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Signed content: the raw body (BODY), or `POST+<path>+<timestamp>` (PATH; the path is the URL's pathname). */
export function signedContent(method: "BODY" | "PATH", body: string, url: string, timestamp: string): string {
  return method === "BODY" ? body : `POST+${new URL(url).pathname}+${timestamp}`;
}

export interface DeliverySecrets {
  db: D1Database;
  secretsKey: string | undefined;
}

/** The headers of one attempt; secrets are resolved here and nowhere else. Throws on a missing secret. */
export async function buildHeaders(
  config: WebhookConfig,
  body: string,
  deliveryId: string,
  secrets: DeliverySecrets,
  at = new Date(),
): Promise<Headers> {
  const headers = new Headers({ "Content-Type": "application/json", "User-Agent": USER_AGENT, [DELIVERY_HEADER]: deliveryId });
  const templates = Object.values(config.headers);
  const auth = config.authorization;
  const names = secretRefs(...templates);
  if (auth.type === "HMAC" && auth.keySecret) names.push(auth.keySecret);
  const values = await loadSecretValues(secrets.db, secrets.secretsKey, config.tenantId, [...new Set(names)]);

  const timestamp = hmacTimestamp(at);
  let signature = "";
  if (auth.type === "HMAC") {
    const key = auth.keySecret
      ? values.get(auth.keySecret)!
      : await unseal(secrets.secretsKey, auth.sealedKey ?? "", webhookKeyContext(config.tenantId, config.id));
    signature = await hmacSha256Base64(key, signedContent(auth.method, body, config.url, timestamp));
    headers.set(SIGNATURE_HEADER, signature);
    headers.set(TIMESTAMP_HEADER, timestamp);
  }
  for (const [name, template] of Object.entries(config.headers)) {
    const value = substituteSecrets(template, values)
      .replaceAll("{hmac_signature}", signature)
      .replaceAll("{hmac_timestamp}", auth.type === "HMAC" ? timestamp : "");
    headers.set(name, value);
  }
  return headers;
}

export async function sendWebhook(url: string, headers: Headers, body: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<AttemptResult> {
  const started = Date.now();
  try {
    const res = await fetch(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    // The body is not used (spec §6.2 rule 1): release the connection.
    await res.body?.cancel().catch(() => undefined);
    const durationMs = Date.now() - started;
    return res.status === 200
      ? { outcome: "DELIVERED", httpStatus: 200, durationMs, message: "HTTP 200" }
      : { outcome: "FAILED", httpStatus: res.status, durationMs, message: `HTTP ${res.status} (the receiver must answer 200)` };
  } catch (err) {
    const durationMs = Date.now() - started;
    if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
      return {
        outcome: "TIMEOUT",
        httpStatus: null,
        durationMs,
        message: `No response within ${timeoutMs / 1000} s (read timeout); not retried, to avoid a duplicate delivery`,
      };
    }
    return {
      outcome: "FAILED",
      httpStatus: null,
      durationMs,
      message: `Connection failed: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
