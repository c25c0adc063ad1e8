/** The receiver-side helper (worker/webhook-verify.ts): signature, prefix, method PATH, replay window. */
import { describe, expect, it } from "vitest";
import { hmacSha256Base64 } from "../../platform/crypto";
import { verifyWebhook, verifyWebhookRequest } from "../../worker/webhook-verify";

const KEY = "whsec-0123456789abcdef0123456789";
const BODY = JSON.stringify({ id: "d1", name: "n", status: "SOLVING_COMPLETED" });
const TS = "2027-03-01T10:00:00Z";
const NOW = Date.parse(TS) + 30_000;

describe("verifyWebhook", () => {
  it("accepts a valid BODY signature and rejects any change", async () => {
    const signature = await hmacSha256Base64(KEY, BODY);
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature, timestamp: TS, now: NOW })).toEqual({ ok: true });
    expect(await verifyWebhook({ secret: KEY, body: new TextEncoder().encode(BODY), signature, timestamp: TS, now: NOW })).toEqual({ ok: true });
    expect(await verifyWebhook({ secret: KEY, body: BODY + " ", signature, timestamp: TS, now: NOW })).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
    expect(await verifyWebhook({ secret: "other-key-0123456789", body: BODY, signature, timestamp: TS, now: NOW })).toMatchObject({ ok: false });
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature: signature.slice(0, -4), timestamp: TS, now: NOW })).toMatchObject({ ok: false });
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature: "%%%not base64", timestamp: TS, now: NOW })).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("signs POST+<path>+<timestamp> with method PATH", async () => {
    const signature = await hmacSha256Base64(KEY, `POST+/hooks/rota+${TS}`);
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature, timestamp: TS, method: "PATH", path: "/hooks/rota", now: NOW })).toEqual({ ok: true });
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature, timestamp: TS, method: "PATH", path: "/hooks/other", now: NOW })).toMatchObject({ ok: false });
  });

  it("removes an optional prefix, and rejects a signature without it", async () => {
    const signature = `sha256=${await hmacSha256Base64(KEY, BODY)}`;
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature, timestamp: TS, prefix: "sha256=", now: NOW })).toEqual({ ok: true });
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature: signature.slice(7), timestamp: TS, prefix: "sha256=", now: NOW })).toEqual({ ok: false, reason: "BAD_PREFIX" });
  });

  it("refuses timestamps outside the window (replays) and malformed ones", async () => {
    const signature = await hmacSha256Base64(KEY, BODY);
    const at = (ms: number) => verifyWebhook({ secret: KEY, body: BODY, signature, timestamp: TS, now: Date.parse(TS) + ms });
    expect(await at(299_000)).toEqual({ ok: true });
    expect(await at(-299_000)).toEqual({ ok: true });
    expect(await at(301_000)).toEqual({ ok: false, reason: "STALE_TIMESTAMP" });
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature, timestamp: TS, now: Date.parse(TS) + 3_600_000, toleranceSeconds: 7200 })).toEqual({ ok: true });
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature, timestamp: "2027-03-01T10:00:00.000Z", now: NOW })).toEqual({ ok: false, reason: "BAD_TIMESTAMP" });
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature, timestamp: null, now: NOW })).toEqual({ ok: false, reason: "MISSING_TIMESTAMP" });
    expect(await verifyWebhook({ secret: KEY, body: BODY, signature: "", timestamp: TS, now: NOW })).toEqual({ ok: false, reason: "MISSING_SIGNATURE" });
  });

  it("verifies a fetch Request and hands back the body", async () => {
    const request = new Request("https://example.test/hooks/rota", {
      method: "POST",
      body: BODY,
      headers: { "X-Rota-Signature": await hmacSha256Base64(KEY, BODY), "X-Rota-Timestamp": TS },
    });
    expect(await verifyWebhookRequest(request, { secret: KEY, now: NOW })).toEqual({ ok: true, body: BODY });
  });
});
