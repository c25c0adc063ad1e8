/**
 * The permission table of spec §4 as data, and the middleware that enforces it on every model endpoint, so that
 * route files need no permission code of their own.
 *
 * Paths are relative to `/api/models/{model}`. In a pattern, `{name}` matches one segment, a final `*` matches one or
 * more segments and a trailing `/` matches zero or more. When several rows match, the most specific wins (the
 * most literal segments, then a pattern without a wildcard tail), so `GET .../validation-issue-types` is the Read-only
 * row and not the `GET .../{id}` row. A GET that no row covers falls under the `GET /{id}/*` row (any permission);
 * any other unmatched request to an existing route is denied, so a new non-GET endpoint is closed until a row admits
 * it (a request that no route serves goes on to the router's 404 or 405).
 */
import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { TrieRouter } from "hono/router/trie-router";
import type { AppEnv } from "./auth";
import { ApiError } from "./errors";

export const OPERATIONS = ["CREATE", "READ", "UPDATE", "DELETE"] as const;
export type Operation = (typeof OPERATIONS)[number];

const ANY: readonly Operation[] = OPERATIONS;

export interface PermissionRow {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** Each of these permissions alone is enough ("Yes" in the table). */
  grants: readonly Operation[];
  /** Where the row comes from: the spec's table, or a Rota addition for a path the table does not name. */
  source: "spec §4" | "rota";
  note?: string;
}

/** Spec §4, row by row, in the table's order. */
export const PERMISSION_TABLE: readonly PermissionRow[] = [
  { method: "POST", path: "/{version}/{resource}", grants: ["CREATE"], source: "spec §4" },
  { method: "DELETE", path: "/{version}/{resource}/{id}", grants: ["UPDATE"], source: "spec §4" },
  { method: "GET", path: "/{version}/{resource}/{id}", grants: ANY, source: "spec §4" },
  { method: "POST", path: "/{version}/{resource}/{id}", grants: ["UPDATE"], source: "spec §4" },
  { method: "PUT", path: "/{version}/{resource}/{id}", grants: ["UPDATE", "DELETE"], source: "spec §4" },
  { method: "POST", path: "/{version}/{resource}/{id}/from-input", grants: ["CREATE"], source: "spec §4" },
  { method: "POST", path: "/{version}/{resource}/{id}/from-patch", grants: ["CREATE"], source: "spec §4" },
  { method: "PATCH", path: "/{version}/{resource}/{id}/metadata", grants: ["UPDATE"], source: "spec §4" },
  { method: "POST", path: "/{version}/{resource}/{id}/new-run", grants: ["CREATE"], source: "spec §4" },
  { method: "DELETE", path: "/{version}/{resource}/{id}/purge", grants: ["DELETE"], source: "spec §4" },
  { method: "PATCH", path: "/{version}/{resource}/{id}/run", grants: ["UPDATE"], source: "spec §4" },
  { method: "GET", path: "/{version}/{resource}/{id}/{subresource}", grants: ANY, source: "spec §4" },
  { method: "GET", path: "/{version}/{resource}/{id}/*", grants: ANY, source: "spec §4" },
  {
    method: "POST",
    path: "/{version}/{resource}/recommendations/",
    grants: ["CREATE"],
    source: "spec §4",
    note: "Read cannot request recommendations, because that creates recommendations.",
  },
  {
    method: "POST",
    path: "/{version}/{resource}/{id}/recommendations/",
    grants: ["CREATE"],
    source: "spec §4",
    note: "Read cannot request recommendations, because that creates recommendations.",
  },
  { method: "POST", path: "/{version}/{resource}/score-analysis", grants: ["CREATE"], source: "spec §4" },
  { method: "GET", path: "/{version}/{resource}/{id}/score-analysis", grants: ANY, source: "spec §4" },
  { method: "GET", path: "/{version}/{resource}/validation-issue-types", grants: ["READ"], source: "spec §4" },
  { method: "GET", path: "/{version}/{resource}/validation-issue-types/{code}", grants: ["READ"], source: "spec §4" },
  // Rota's additions. Listing is a read like GET /{id}. Demo data is static sample input that the spec serves by GET
  // and by POST (§4 notes); neither reads nor changes a dataset, so any permission may fetch it.
  { method: "GET", path: "/{version}/{resource}", grants: ANY, source: "rota" },
  { method: "GET", path: "/{version}/demo-data/", grants: ANY, source: "rota" },
  { method: "POST", path: "/{version}/demo-data/", grants: ANY, source: "rota" },
];

interface CompiledRow {
  row: PermissionRow;
  segments: string[];
  /** "+" = one or more further segments, "*" = zero or more, null = exact length. */
  tail: "+" | "*" | null;
  specificity: number;
}

function compile(row: PermissionRow): CompiledRow {
  let path = row.path;
  let tail: CompiledRow["tail"] = null;
  if (path.endsWith("/*")) {
    tail = "+";
    path = path.slice(0, -2);
  } else if (path.endsWith("/")) {
    tail = "*";
    path = path.slice(0, -1);
  }
  const segments = path.split("/").filter(Boolean);
  const literals = segments.filter((s) => !s.startsWith("{")).length;
  return { row, segments, tail, specificity: literals * 2 + (tail ? 0 : 1) };
}

const COMPILED = PERMISSION_TABLE.map(compile);

function matches(c: CompiledRow, parts: string[]): boolean {
  if (parts.length < c.segments.length) return false;
  if (c.tail === null && parts.length !== c.segments.length) return false;
  if (c.tail === "+" && parts.length === c.segments.length) return false;
  return c.segments.every((s, i) => s.startsWith("{") || s === parts[i]);
}

/** The row that governs `method path` (path relative to /api/models/{model}), or null when none does. */
export function findPermissionRow(method: string, path: string): PermissionRow | null {
  const m = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  const parts = path.split("/").filter(Boolean);
  let best: CompiledRow | null = null;
  for (const c of COMPILED) {
    if (c.row.method !== m || !matches(c, parts)) continue;
    if (!best || c.specificity > best.specificity) best = c;
  }
  return best?.row ?? null;
}

/** The permissions any one of which admits `method path`; an empty list means the request is denied to every key. */
export function requiredPermissions(method: string, path: string): { row: PermissionRow | null; grants: readonly Operation[] } {
  const row = findPermissionRow(method, path);
  if (row) return { row, grants: row.grants };
  const isRead = method.toUpperCase() === "GET" || method.toUpperCase() === "HEAD";
  return { row: null, grants: isRead ? ANY : [] };
}

const MODEL_PATH = /^\/api\/models\/([^/]+)(\/.*)?$/;

/**
 * Enforces model scope and the permission table on /api/models/*. Runs after `requireApiKey`, before the route, so a
 * key without the permission gets 403 whether or not the dataset exists (nothing about the dataset is revealed).
 * `app` is consulted only for requests that no row covers: is there a route for this method and path at all?
 */
export function requireModelPermission(app: Hono<AppEnv>) {
  let routes: TrieRouter<true> | null = null;
  const served = (method: string, path: string): boolean => {
    if (!routes) {
      routes = new TrieRouter<true>();
      for (const r of app.routes) if (r.method !== "ALL") routes.add(r.method, r.path, true);
    }
    return routes.match(method === "HEAD" ? "GET" : method, path)[0].length > 0;
  };
  return createMiddleware<AppEnv>(async function requireModelPermission(c, next) {
    const caller = c.get("caller");
    if (caller.kind === "ACCESS_TOKEN") {
      throw new ApiError(
        403,
        "FORBIDDEN",
        "Personal access tokens are for the platform API; call the model APIs with an API key (X-API-KEY).",
      );
    }
    const match = MODEL_PATH.exec(c.req.path);
    if (!match) throw ApiError.notFound(`Model path '${c.req.path}'`);
    const [, model, rest = "/"] = match;
    if (caller.models !== null && !caller.models.includes(model)) {
      throw new ApiError(403, "FORBIDDEN", `This API key is not scoped to the model '${model}'.`, [
        `key models: ${caller.models.join(", ")}`,
      ]);
    }
    const { row, grants } = requiredPermissions(c.req.method, rest);
    if (!row && !grants.length && !served(c.req.method, c.req.path)) return next(); // 404 or 405 from the router
    if (!grants.some((p) => caller.permissions.includes(p))) {
      const where = `${c.req.method} ${row?.path ?? rest}`;
      const message = grants.length
        ? `This API key lacks the ${grants.join(" or ")} permission that ${where} requires.${row?.note ? ` ${row.note}` : ""}`
        : `No permission rule admits ${where}.`;
      throw new ApiError(403, "FORBIDDEN", message, [
        `required: ${grants.length ? grants.join(" | ") : "(none admits this request)"}`,
        `granted: ${caller.permissions.join(", ") || "(none)"}`,
      ]);
    }
    await next();
  });
}
