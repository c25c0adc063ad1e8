/**
 * Members, their roles and their personal access tokens (platform API; spec §5.8 names them as features).
 * Roles: ADMIN (may use the platform API: keys, secrets, webhooks, members, audit log) and MEMBER (may read
 * /api/aboutme; nothing else yet). A tenant always keeps at least one ADMIN. The bootstrap administrator stands for
 * the Worker secret BOOTSTRAP_API_KEY and cannot be changed or removed through the API.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { ACCESS_TOKEN_PREFIX, BOOTSTRAP_MEMBER_ID, type AppEnv, type MemberRole } from "../auth";
import { newToken, sha256Hex } from "../../platform/crypto";
import { ApiError } from "../errors";
import { parseDurationMs } from "../../solver/duration";
import {
  auditStatement,
  batchOrConflict,
  credentialStatus,
  CredentialStatusSchema,
  durationSchema,
  ERRORS,
  idParam,
  json,
  NO_CONTENT,
  nowIso,
  PageQuerySchema,
  PLATFORM_BASE,
  SECURITY,
} from "./common";

const TAG = "Platform Tenants Administration - Members";
const ROLES = ["ADMIN", "MEMBER"] as const;
const DEFAULT_TOKEN_EXPIRY = "P30D";

export const MemberSchema = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("MemberDTO");

const MemberCreateSchema = z
  .strictObject({
    email: z.email(),
    name: z.string().trim().min(1).max(100).optional(),
    role: z.enum(ROLES).default("MEMBER"),
  })
  .openapi("MemberCreateDTO");

const MemberUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    role: z.enum(ROLES).optional(),
  })
  .openapi("MemberUpdateDTO");

export const AccessTokenSchema = z
  .object({
    id: z.string(),
    memberId: z.string(),
    name: z.string(),
    tokenPrefix: z.string().openapi({ description: "The first characters of the token, to recognise it" }),
    createdAt: z.string(),
    expiresAt: z.string(),
    revokedAt: z.string().nullable(),
    status: CredentialStatusSchema,
  })
  .openapi("AccessTokenDTO");

export const AccessTokenCreatedSchema = AccessTokenSchema.extend({
  token: z.string().openapi({ description: "The token value. Shown only in this response; store it now." }),
}).openapi("AccessTokenCreatedDTO");

const AccessTokenCreateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    expiresIn: durationSchema(365).optional().openapi({ description: "ISO 8601 duration; default P30D" }),
  })
  .openapi("AccessTokenCreateDTO");

export interface MemberRow {
  id: string;
  tenant_id: string;
  email: string | null;
  name: string;
  role: MemberRole;
  created_at: string;
  updated_at: string;
}

interface AccessTokenRow {
  id: string;
  member_id: string;
  name: string;
  token_prefix: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export function toMember(r: MemberRow): z.infer<typeof MemberSchema> {
  return { id: r.id, email: r.email, name: r.name, role: r.role, createdAt: r.created_at, updatedAt: r.updated_at };
}

export function toAccessToken(r: AccessTokenRow): z.infer<typeof AccessTokenSchema> {
  return {
    id: r.id,
    memberId: r.member_id,
    name: r.name,
    tokenPrefix: r.token_prefix,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    status: credentialStatus(r),
  };
}

async function findMember(db: D1Database, tenantId: string, id: string): Promise<MemberRow> {
  const row = await db.prepare(`SELECT * FROM members WHERE tenant_id = ? AND id = ?`).bind(tenantId, id).first<MemberRow>();
  if (!row) throw ApiError.notFound(`Member '${id}'`);
  return row;
}

/** SQL condition (bound: tenant id) that stays true while the tenant has another ADMIN besides the member. */
const ANOTHER_ADMIN = `(SELECT COUNT(*) FROM members WHERE tenant_id = ?3 AND role = 'ADMIN' AND id <> ?2) > 0`;

const MemberParams = z.object({ memberId: idParam("memberId") });
const TokenParams = z.object({ memberId: idParam("memberId"), tokenId: idParam("tokenId") });

export function registerMemberRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/members`,
      summary: "The tenant's members",
      tags: [TAG],
      security: SECURITY,
      request: { query: PageQuerySchema },
      responses: { 200: json(z.array(MemberSchema), "Members"), 401: ERRORS[401], 403: ERRORS[403] },
    }),
    async (c) => {
      const { page, size } = c.req.valid("query");
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM members WHERE tenant_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?`,
      )
        .bind(c.get("caller").tenantId, size, page * size)
        .all<MemberRow>();
      return c.json(results.map(toMember), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: `${PLATFORM_BASE}/members`,
      summary: "Add a member with a role",
      tags: [TAG],
      security: SECURITY,
      request: { body: { required: true, content: { "application/json": { schema: MemberCreateSchema } } } },
      responses: {
        201: json(MemberSchema, "The new member"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        409: ERRORS[409],
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const now = nowIso();
      const row: MemberRow = {
        id: crypto.randomUUID(),
        tenant_id: caller.tenantId,
        email: body.email.toLowerCase(),
        name: body.name ?? body.email,
        role: body.role,
        created_at: now,
        updated_at: now,
      };
      await batchOrConflict(
        c.env.DB,
        [
          c.env.DB.prepare(
            `INSERT INTO members (id, tenant_id, email, name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          ).bind(row.id, row.tenant_id, row.email, row.name, row.role, now, now),
          auditStatement(c.env.DB, caller, {
            action: "MEMBER_ADDED",
            resourceType: "MEMBER",
            resourceId: row.id,
            details: { email: row.email, role: row.role },
          }),
        ],
        `A member with the e-mail '${row.email}' already exists in this tenant.`,
      );
      return c.json(toMember(row), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/members/{memberId}`,
      summary: "One member",
      tags: [TAG],
      security: SECURITY,
      request: { params: MemberParams },
      responses: { 200: json(MemberSchema, "Member"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => c.json(toMember(await findMember(c.env.DB, c.get("caller").tenantId, c.req.valid("param").memberId)), 200),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: `${PLATFORM_BASE}/members/{memberId}`,
      summary: "Change a member's name or role (the last ADMIN cannot be demoted)",
      tags: [TAG],
      security: SECURITY,
      request: {
        params: MemberParams,
        body: { required: true, content: { "application/json": { schema: MemberUpdateSchema } } },
      },
      responses: {
        200: json(MemberSchema, "Updated member"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        404: ERRORS[404],
        409: ERRORS[409],
      },
    }),
    async (c) => {
      const { memberId } = c.req.valid("param");
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const db = c.env.DB;
      const before = await findMember(db, caller.tenantId, memberId);
      if (before.id === BOOTSTRAP_MEMBER_ID) {
        throw new ApiError(409, "CONFLICT", "The bootstrap administrator is defined by the BOOTSTRAP_API_KEY secret.");
      }
      const after: MemberRow = { ...before, name: body.name ?? before.name, role: body.role ?? before.role, updated_at: nowIso() };
      // Conditional update: a demotion happens only while another ADMIN remains (checked inside the transaction).
      const [update] = await db.batch([
        db
          .prepare(
            `UPDATE members SET name = ?4, role = ?5, updated_at = ?6 WHERE id = ?2 AND tenant_id = ?3
               AND (?5 = 'ADMIN' OR ${ANOTHER_ADMIN})`,
          )
          .bind(null, memberId, caller.tenantId, after.name, after.role, after.updated_at),
        auditStatement(
          db,
          caller,
          {
            action: "MEMBER_UPDATED",
            resourceType: "MEMBER",
            resourceId: memberId,
            details: { name: after.name, role: after.role, previousRole: before.role },
          },
          true,
        ),
      ]);
      if (!update.meta.changes) throw new ApiError(409, "CONFLICT", "The tenant must keep at least one ADMIN.");
      return c.json(toMember(after), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${PLATFORM_BASE}/members/{memberId}`,
      summary: "Remove a member and revoke its access tokens (the last ADMIN cannot be removed)",
      tags: [TAG],
      security: SECURITY,
      request: { params: MemberParams },
      responses: { 204: NO_CONTENT, 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404], 409: ERRORS[409] },
    }),
    async (c) => {
      const { memberId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      const before = await findMember(db, caller.tenantId, memberId);
      if (before.id === BOOTSTRAP_MEMBER_ID) {
        throw new ApiError(409, "CONFLICT", "The bootstrap administrator is defined by the BOOTSTRAP_API_KEY secret.");
      }
      const now = nowIso();
      const [remove] = await db.batch([
        db
          .prepare(`DELETE FROM members WHERE id = ?2 AND tenant_id = ?3 AND (role <> 'ADMIN' OR ${ANOTHER_ADMIN})`)
          .bind(null, memberId, caller.tenantId),
        auditStatement(
          db,
          caller,
          { action: "MEMBER_REMOVED", resourceType: "MEMBER", resourceId: memberId, details: { email: before.email } },
          true,
        ),
        // Tokens of a removed member are revoked (kept for the record); the join in auth also drops them.
        db
          .prepare(
            `UPDATE access_tokens SET revoked_at = ?1 WHERE tenant_id = ?2 AND member_id = ?3 AND revoked_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM members WHERE id = ?3 AND tenant_id = ?2)`,
          )
          .bind(now, caller.tenantId, memberId),
      ]);
      if (!remove.meta.changes) throw new ApiError(409, "CONFLICT", "The tenant must keep at least one ADMIN.");
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: `${PLATFORM_BASE}/members/{memberId}/access-tokens`,
      summary: "Issue a personal access token for a member; the value is returned once",
      tags: [TAG],
      security: SECURITY,
      request: {
        params: MemberParams,
        body: { required: true, content: { "application/json": { schema: AccessTokenCreateSchema } } },
      },
      responses: {
        201: json(AccessTokenCreatedSchema, "The token, with its value"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        404: ERRORS[404],
      },
    }),
    async (c) => {
      const { memberId } = c.req.valid("param");
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const db = c.env.DB;
      await findMember(db, caller.tenantId, memberId);
      const token = newToken(ACCESS_TOKEN_PREFIX);
      const now = nowIso();
      const row: AccessTokenRow = {
        id: crypto.randomUUID(),
        member_id: memberId,
        name: body.name,
        token_prefix: token.slice(0, 14),
        created_at: now,
        expires_at: new Date(Date.now() + parseDurationMs(body.expiresIn ?? DEFAULT_TOKEN_EXPIRY)).toISOString(),
        revoked_at: null,
      };
      await db.batch([
        db
          .prepare(
            `INSERT INTO access_tokens (id, tenant_id, member_id, name, token_hash, token_prefix, created_by, created_at, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            row.id,
            caller.tenantId,
            memberId,
            row.name,
            await sha256Hex(token),
            row.token_prefix,
            caller.memberId ?? caller.credentialId,
            now,
            row.expires_at,
          ),
        auditStatement(db, caller, {
          action: "ACCESS_TOKEN_CREATED",
          resourceType: "ACCESS_TOKEN",
          resourceId: row.id,
          details: { memberId, name: row.name, expiresAt: row.expires_at },
        }),
      ]);
      return c.json({ ...toAccessToken(row), token }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/members/{memberId}/access-tokens`,
      summary: "A member's access tokens (never their values)",
      tags: [TAG],
      security: SECURITY,
      request: { params: MemberParams },
      responses: { 200: json(z.array(AccessTokenSchema), "Tokens"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { memberId } = c.req.valid("param");
      const tenantId = c.get("caller").tenantId;
      await findMember(c.env.DB, tenantId, memberId);
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM access_tokens WHERE tenant_id = ? AND member_id = ? ORDER BY created_at DESC, id`,
      )
        .bind(tenantId, memberId)
        .all<AccessTokenRow>();
      return c.json(results.map(toAccessToken), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${PLATFORM_BASE}/members/{memberId}/access-tokens/{tokenId}`,
      summary: "Revoke an access token",
      tags: [TAG],
      security: SECURITY,
      request: { params: TokenParams },
      responses: { 204: NO_CONTENT, 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { memberId, tokenId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      const exists = await db
        .prepare(`SELECT 1 FROM access_tokens WHERE tenant_id = ? AND member_id = ? AND id = ?`)
        .bind(caller.tenantId, memberId, tokenId)
        .first();
      if (!exists) throw ApiError.notFound(`Access token '${tokenId}'`);
      await db.batch([
        db
          .prepare(`UPDATE access_tokens SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL`)
          .bind(nowIso(), caller.tenantId, tokenId),
        auditStatement(
          db,
          caller,
          { action: "ACCESS_TOKEN_REVOKED", resourceType: "ACCESS_TOKEN", resourceId: tokenId, details: { memberId } },
          true,
        ),
      ]);
      return c.body(null, 204);
    },
  );
}
