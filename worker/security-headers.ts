/**
 * Security headers on every /api/* response, errors included (README "Limits against abuse"). The API answers JSON
 * and server-sent events only, so nothing it returns may be rendered, framed or run: a Content-Security-Policy of
 * `default-src 'none'; frame-ancestors 'none'`, X-Frame-Options DENY, nosniff, no referrer. The planner's static
 * files at / do not pass through the Worker (wrangler.toml `run_worker_first`); their headers are in
 * web/public/_headers.
 */
import { secureHeaders } from "hono/secure-headers";

export const apiSecurityHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
  // Browser apps on CORS_ALLOWED_ORIGINS read the API with CORS; same-origin would also block their no-cors loads.
  crossOriginResourcePolicy: "cross-origin",
});
