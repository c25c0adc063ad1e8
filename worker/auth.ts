/**
 * API-key authentication (spec §5). Every model call carries `X-API-KEY`. For now one key exists: the Worker secret
 * `BOOTSTRAP_API_KEY`, a full-permission key of the default tenant. Tenants, scoped keys and permissions come with
 * the platform API.
 */
import { createMiddleware } from "hono/factory";
import type { Env } from "./env";
import { ApiError } from "./errors";

export interface Caller {
  tenantId: string;
  keyName: string;
}

export type AppEnv = { Bindings: Env; Variables: { caller: Caller } };

export const DEFAULT_TENANT_ID = "default";

export const requireApiKey = createMiddleware<AppEnv>(async function requireApiKey(c, next) {
  const presented = c.req.header("X-API-KEY");
  if (!presented) throw new ApiError(401, "UNAUTHORIZED", "Missing API key: send it in the X-API-KEY header.");
  const bootstrap = c.env.BOOTSTRAP_API_KEY;
  if (!bootstrap || !(await sameSecret(presented, bootstrap))) {
    throw new ApiError(401, "UNAUTHORIZED", "Unknown, expired or revoked API key.");
  }
  c.set("caller", { tenantId: DEFAULT_TENANT_ID, keyName: "bootstrap" });
  await next();
});

/** Constant-time comparison of two secrets (hashing first makes the lengths equal). */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [ha, hb] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  // workerd's extension of SubtleCrypto; the DOM lib in tsconfig (for web/) hides it from the type checker.
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean };
  return subtle.timingSafeEqual(ha, hb);
}
