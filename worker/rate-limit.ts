/**
 * Request rate per credential (README "Limits against abuse"): every authenticated request takes a token from its
 * credential's bucket (durable-objects/rate-limiter.ts); an empty bucket is a 429 with Retry-After and the one
 * error body. RATE_LIMIT_PER_MINUTE (default 600; 0 turns the limit off) refills the bucket, RATE_LIMIT_BURST
 * (default 120) is its size. The OpenAPI document lists the 429 on every route that needs a credential.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv, Caller } from "./auth";
import type { Env } from "../platform/env";
import { ApiError } from "./errors";

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
export const DEFAULT_RATE_LIMIT_BURST = 120;

function setting(value: string | undefined, fallback: number): number {
  const n = value === undefined || value.trim() === "" ? fallback : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export async function enforceRateLimit(env: Env, caller: Caller): Promise<void> {
  const perMinute = setting(env.RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMIT_PER_MINUTE);
  if (perMinute === 0) return;
  const burst = Math.max(1, setting(env.RATE_LIMIT_BURST, DEFAULT_RATE_LIMIT_BURST));
  const bucket = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${caller.tenantId}/${caller.credentialId}`));
  const { allowed, retryAfterSeconds } = await bucket.take(burst, perMinute / 60);
  if (allowed) return;
  throw new ApiError(
    429,
    "TOO_MANY_REQUESTS",
    `Too many requests with this credential; retry after ${retryAfterSeconds} s.`,
    [`credential '${caller.keyName}': at most ${perMinute} requests per minute, in bursts of at most ${burst}`],
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** Adds the shared 429 response to every documented route that answers 401, i.e. every one behind a credential. */
export function documentRateLimit(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("responses", "TooManyRequests", {
    description:
      "Too many requests with this credential (RATE_LIMIT_PER_MINUTE, RATE_LIMIT_BURST), or, for a new solve, too many datasets waiting in the tenant's solve queue",
    headers: {
      "Retry-After": { description: "Seconds until the next request is admitted", schema: { type: "integer", minimum: 1 } },
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorInfo" } } },
  });
  for (const d of app.openAPIRegistry.definitions) {
    if (d.type === "route" && d.route.responses[401]) {
      d.route.responses[429] = { $ref: "#/components/responses/TooManyRequests" };
    }
  }
}
