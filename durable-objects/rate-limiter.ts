/**
 * The request budget of one credential (README "Limits against abuse"): a token bucket, one object per API key,
 * access token or bootstrap key, addressed by `idFromName("<tenantId>/<credentialId>")`. One object serves every
 * isolate and location, so the limit holds per key across the whole deployment; the cost is one RPC per request.
 *
 * The bucket lives in memory only: RPCs to one object run one at a time, and `take` does not await, so no two
 * requests see the same tokens. When the platform evicts an idle object the bucket comes back full, which an idle
 * key has earned anyway.
 */
import { DurableObject } from "cloudflare:workers";

export interface TakeResult {
  allowed: boolean;
  /** Whole seconds until one token is back (0 when allowed). */
  retryAfterSeconds: number;
}

export class RateLimiter extends DurableObject {
  private tokens = Number.NaN;
  private updatedAt = 0;

  /** Take one token from a bucket of `capacity` tokens that refills at `perSecond`. */
  take(capacity: number, perSecond: number): TakeResult {
    const now = Date.now();
    this.tokens = Number.isNaN(this.tokens)
      ? capacity
      : Math.min(capacity, this.tokens + ((now - this.updatedAt) / 1000) * perSecond);
    this.updatedAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - this.tokens) / perSecond)) };
  }
}
