/**
 * Authentication (spec §5): who is calling, for which tenant, with which rights.
 *
 * Three kinds of credential, all presented in `X-API-KEY` (or `Authorization: Bearer <value>`):
 * - the bootstrap key, the Worker secret BOOTSTRAP_API_KEY: the default tenant's first administrator, with every model
 *   permission on every model;
 * - API keys (`rota_ak_...`, spec §2.10): tenant-owned, no user context, a model scope and CRUD permissions, for the
 *   model APIs;
 * - personal access tokens (`rota_pat_...`): act for one member of one tenant with that member's role, for the
 *   platform API.
 * Keys and tokens live in D1 as SHA-256 hashes only; the lookup by hash is the comparison (an attacker who times it
 * learns about hashes of guesses, not about the key). The bootstrap key is compared in constant time. Expiry and
 * revocation are checked on every call, nothing is cached, so a deleted key fails at once (§5.4).
 */
import type { BadRequestShape } from "./errors";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { sameSecret, sha256Hex } from "../platform/crypto";
import type { Env } from "../platform/env";
import { ApiError } from "./errors";
import { OPERATIONS, type Operation } from "./permissions";
import { enforceRateLimit } from "./rate-limit";

export type CredentialKind = "BOOTSTRAP" | "API_KEY" | "ACCESS_TOKEN";
export type MemberRole = "ADMIN" | "MEMBER";

export interface Caller {
  tenantId: string;
  /** The credential's name (an API key's name; "bootstrap"; an access token's name). */
  keyName: string;
  kind: CredentialKind;
  /** Row id of the API key or access token; "bootstrap" for the bootstrap key. */
  credentialId: string;
  /** The member an access token (or the bootstrap key) acts for; null for API keys, which have no user context. */
  memberId: string | null;
  memberName: string | null;
  email: string | null;
  /** Tenant role of that member; null for API keys. */
  role: MemberRole | null;
  /** Model API permissions (spec §4). */
  permissions: readonly Operation[];
  /** Model ids the credential may call; null = all models. */
  models: readonly string[] | null;
}

export type AppEnv = {
  Bindings: Env;
  /**
   * badRequestShape: set (errors.ts `badRequestShape`) on routes whose 400 body is not `ErrorInfo`. streamsBody: set
   * (transport.ts `streamsBody`) on routes that read their body as a stream.
   */
  Variables: { caller: Caller; badRequestShape?: BadRequestShape; streamsBody?: boolean };
};

export const DEFAULT_TENANT_ID = "default";
export const BOOTSTRAP_MEMBER_ID = "bootstrap";
export const API_KEY_PREFIX = "rota_ak_";
export const ACCESS_TOKEN_PREFIX = "rota_pat_";

const UNKNOWN = "Unknown API key.";

function presentedCredential(c: Context<AppEnv>): string | null {
  const key = c.req.header("X-API-KEY");
  if (key) return key.trim();
  const auth = c.req.header("Authorization");
  const bearer = auth && /^Bearer\s+(\S+)\s*$/i.exec(auth);
  return bearer ? bearer[1] : null;
}

interface ApiKeyRow {
  id: string;
  tenant_id: string;
  name: string;
  permissions: string;
  models: string | null;
  expires_at: string;
  revoked_at: string | null;
}

interface AccessTokenRow {
  id: string;
  tenant_id: string;
  name: string;
  expires_at: string;
  revoked_at: string | null;
  member_id: string;
  member_name: string;
  email: string | null;
  role: MemberRole;
}

function checkLifetime(what: string, row: { expires_at: string; revoked_at: string | null }): void {
  if (row.revoked_at) throw new ApiError(401, "UNAUTHORIZED", `This ${what} was revoked on ${row.revoked_at}.`);
  if (Date.parse(row.expires_at) <= Date.now()) {
    throw new ApiError(401, "UNAUTHORIZED", `This ${what} expired on ${row.expires_at}.`);
  }
}

/** The caller behind a presented credential; 401 when it is unknown, expired or revoked. */
export async function resolveCaller(env: Env, presented: string): Promise<Caller> {
  if (env.BOOTSTRAP_API_KEY && (await sameSecret(presented, env.BOOTSTRAP_API_KEY))) {
    return {
      tenantId: DEFAULT_TENANT_ID,
      keyName: "bootstrap",
      kind: "BOOTSTRAP",
      credentialId: "bootstrap",
      memberId: BOOTSTRAP_MEMBER_ID,
      memberName: "bootstrap",
      email: null,
      role: "ADMIN",
      permissions: OPERATIONS,
      models: null,
    };
  }
  if (presented.startsWith(API_KEY_PREFIX)) {
    const row = await env.DB.prepare(
      `SELECT id, tenant_id, name, permissions, models, expires_at, revoked_at FROM api_keys WHERE key_hash = ?`,
    )
      .bind(await sha256Hex(presented))
      .first<ApiKeyRow>();
    if (!row) throw new ApiError(401, "UNAUTHORIZED", UNKNOWN);
    checkLifetime("API key", row);
    return {
      tenantId: row.tenant_id,
      keyName: row.name,
      kind: "API_KEY",
      credentialId: row.id,
      memberId: null,
      memberName: null,
      email: null,
      role: null,
      permissions: JSON.parse(row.permissions) as Operation[],
      models: row.models ? (JSON.parse(row.models) as string[]) : null,
    };
  }
  if (presented.startsWith(ACCESS_TOKEN_PREFIX)) {
    const row = await env.DB.prepare(
      `SELECT t.id, t.tenant_id, t.name, t.expires_at, t.revoked_at, m.id AS member_id, m.name AS member_name,
              m.email, m.role
         FROM access_tokens t JOIN members m ON m.id = t.member_id AND m.tenant_id = t.tenant_id
        WHERE t.token_hash = ?`,
    )
      .bind(await sha256Hex(presented))
      .first<AccessTokenRow>();
    if (!row) throw new ApiError(401, "UNAUTHORIZED", UNKNOWN);
    checkLifetime("access token", row);
    return {
      tenantId: row.tenant_id,
      keyName: row.name,
      kind: "ACCESS_TOKEN",
      credentialId: row.id,
      memberId: row.member_id,
      memberName: row.member_name,
      email: row.email,
      role: row.role,
      permissions: [],
      models: null,
    };
  }
  throw new ApiError(401, "UNAUTHORIZED", UNKNOWN);
}

/** Any valid credential (model APIs, /api/aboutme). Model permissions are checked by `requireModelPermission`. */
export const requireApiKey = createMiddleware<AppEnv>(async function requireApiKey(c, next) {
  const presented = presentedCredential(c);
  if (!presented) throw new ApiError(401, "UNAUTHORIZED", "Missing API key: send it in the X-API-KEY header.");
  const caller = await resolveCaller(c.env, presented);
  await enforceRateLimit(c.env, caller);
  c.set("caller", caller);
  await next();
});

/** The platform API: a tenant administrator (an ADMIN member's access token, or the bootstrap key). */
export const requirePlatformAdmin = createMiddleware<AppEnv>(async function requirePlatformAdmin(c, next) {
  const presented = presentedCredential(c);
  if (!presented) {
    throw new ApiError(
      401,
      "UNAUTHORIZED",
      "Missing credential: send a personal access token as 'Authorization: Bearer <token>' (or in X-API-KEY).",
    );
  }
  const caller = await resolveCaller(c.env, presented);
  if (caller.kind === "API_KEY") {
    throw new ApiError(
      403,
      "FORBIDDEN",
      "API keys have no user context and cannot call the platform API; use a tenant administrator's access token.",
    );
  }
  if (caller.role !== "ADMIN") {
    throw new ApiError(403, "FORBIDDEN", `The platform API requires the tenant role ADMIN; this member is ${caller.role}.`);
  }
  await enforceRateLimit(c.env, caller);
  c.set("caller", caller);
  await next();
});
