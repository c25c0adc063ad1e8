/**
 * CORS for /api/* (README "Limits against abuse"): browser apps on the origins listed in CORS_ALLOWED_ORIGINS
 * (comma-separated, or `*` for any) may call the API. Preflights (OPTIONS) are answered here with 204, before
 * authentication, since a browser never sends credentials on a preflight. Unset: no origin but the service's own
 * (the planner at /). Credentials are the X-API-KEY or Authorization header, never cookies, so
 * Access-Control-Allow-Credentials is not sent.
 */
import type { Context } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "./auth";

export const CORS_ALLOWED_HEADERS = ["X-API-KEY", "Authorization", "Content-Type", "Content-Encoding"];
export const CORS_ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

function allowedOrigin(origin: string, c: Context<AppEnv>): string | null {
  const list = (c.env.CORS_ALLOWED_ORIGINS ?? "").split(",").map((o) => o.trim().replace(/\/+$/, "").toLowerCase());
  if (list.includes("*")) return "*";
  return origin && list.includes(origin.toLowerCase()) ? origin : null;
}

export const apiCors = cors({
  origin: allowedOrigin,
  allowMethods: CORS_ALLOWED_METHODS,
  allowHeaders: CORS_ALLOWED_HEADERS,
  // Readable by the calling page: the wait after a 429 and the methods after a 405.
  exposeHeaders: ["Retry-After", "Allow"],
  maxAge: 600,
});
