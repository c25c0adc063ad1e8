/**
 * API keys of the model APIs (spec §2.10, §5): name, model scope, permissions, expiry (default 30 days). The value is
 * returned once, by the POST that creates it, and stored only as a SHA-256 hash. DELETE revokes: every later call with
 * the key gets 401. All keys of the tenant are visible to its administrators.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { API_KEY_PREFIX, type AppEnv } from "../auth";
import { newToken, sha256Hex } from "../../platform/crypto";
import { ApiError } from "../errors";
import { OPERATIONS } from "../permissions";
import { parseDurationMs } from "../../solver/duration";
import {
  auditStatement,
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

const TAG = "Platform Tenants Administration - API Keys";
/** Models of the platform a key can be scoped to (spec §1); this deployment serves employee-scheduling. */
export const MODEL_IDS = ["employee-scheduling", "field-service-routing", "pick-up-delivery-routing", "task-scheduling"] as const;
const DEFAULT_EXPIRY = "P30D";
const MAX_EXPIRY_DAYS = 730;

const OperationSchema = z.enum(OPERATIONS).openapi("Operation");

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    keyPrefix: z.string().openapi({ description: "The first characters of the key, to recognise it" }),
    permissions: z.array(OperationSchema),
    models: z.array(z.string()).nullable().openapi({ description: "Models the key may call; null = all models" }),
    createdBy: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    revokedAt: z.string().nullable(),
    status: CredentialStatusSchema,
  })
  .openapi("ApiKeyDTO");

const ApiKeyCreatedSchema = ApiKeySchema.extend({
  key: z.string().openapi({ description: "The key value. Shown only in this response; store it now." }),
}).openapi("ApiKeyCreatedDTO");

const ApiKeyCreateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    permissions: z
      .array(OperationSchema)
      .min(1)
      .default([...OPERATIONS])
      .openapi({ description: "Any of CREATE, READ, UPDATE, DELETE; default all" }),
    models: z
      .array(z.enum(MODEL_IDS))
      .min(1)
      .nullable()
      .default(null)
      .openapi({ description: "Selected models; null or absent = all models" }),
    expiresIn: durationSchema(MAX_EXPIRY_DAYS)
      .optional()
      .openapi({ description: "ISO 8601 duration until the key expires; default P30D", example: "P30D" }),
  })
  .openapi("ApiKeyCreateDTO");

interface ApiKeyRow {
  id: string;
  name: string;
  key_prefix: string;
  permissions: string;
  models: string | null;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

function toApiKey(r: ApiKeyRow): z.infer<typeof ApiKeySchema> {
  return {
    id: r.id,
    name: r.name,
    keyPrefix: r.key_prefix,
    permissions: JSON.parse(r.permissions),
    models: r.models ? JSON.parse(r.models) : null,
    createdBy: r.created_by,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    status: credentialStatus(r),
  };
}

const KeyParams = z.object({ apiKeyId: idParam("apiKeyId") });

async function findKey(db: D1Database, tenantId: string, id: string): Promise<ApiKeyRow> {
  const row = await db.prepare(`SELECT * FROM api_keys WHERE tenant_id = ? AND id = ?`).bind(tenantId, id).first<ApiKeyRow>();
  if (!row) throw ApiError.notFound(`API key '${id}'`);
  return row;
}

export function registerApiKeyRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "post",
      path: `${PLATFORM_BASE}/api-keys`,
      summary: "Create an API key; its value is returned once",
      tags: [TAG],
      security: SECURITY,
      request: { body: { required: true, content: { "application/json": { schema: ApiKeyCreateSchema } } } },
      responses: {
        201: json(ApiKeyCreatedSchema, "The key, with its value"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const db = c.env.DB;
      const key = newToken(API_KEY_PREFIX);
      const now = nowIso();
      const permissions = OPERATIONS.filter((p) => body.permissions.includes(p));
      const models = body.models ? [...new Set(body.models)] : null;
      const row: ApiKeyRow = {
        id: crypto.randomUUID(),
        name: body.name,
        key_prefix: key.slice(0, 13),
        permissions: JSON.stringify(permissions),
        models: models ? JSON.stringify(models) : null,
        created_by: caller.email ?? caller.memberName ?? caller.keyName,
        created_at: now,
        expires_at: new Date(Date.now() + parseDurationMs(body.expiresIn ?? DEFAULT_EXPIRY)).toISOString(),
        revoked_at: null,
      };
      await db.batch([
        db
          .prepare(
            `INSERT INTO api_keys (id, tenant_id, name, key_hash, key_prefix, permissions, models, created_by, created_at, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            row.id,
            caller.tenantId,
            row.name,
            await sha256Hex(key),
            row.key_prefix,
            row.permissions,
            row.models,
            row.created_by,
            now,
            row.expires_at,
          ),
        auditStatement(db, caller, {
          action: "API_KEY_CREATED",
          resourceType: "API_KEY",
          resourceId: row.id,
          details: { name: row.name, permissions, models, expiresAt: row.expires_at },
        }),
      ]);
      return c.json({ ...toApiKey(row), key }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/api-keys`,
      summary: "The tenant's API keys, newest first (never their values)",
      tags: [TAG],
      security: SECURITY,
      request: { query: PageQuerySchema },
      responses: { 200: json(z.array(ApiKeySchema), "API keys"), 401: ERRORS[401], 403: ERRORS[403] },
    }),
    async (c) => {
      const { page, size } = c.req.valid("query");
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM api_keys WHERE tenant_id = ? ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
      )
        .bind(c.get("caller").tenantId, size, page * size)
        .all<ApiKeyRow>();
      return c.json(results.map(toApiKey), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/api-keys/{apiKeyId}`,
      summary: "One API key (never its value)",
      tags: [TAG],
      security: SECURITY,
      request: { params: KeyParams },
      responses: { 200: json(ApiKeySchema, "API key"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => c.json(toApiKey(await findKey(c.env.DB, c.get("caller").tenantId, c.req.valid("param").apiKeyId)), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${PLATFORM_BASE}/api-keys/{apiKeyId}`,
      summary: "Revoke an API key: every later call with it gets 401",
      tags: [TAG],
      security: SECURITY,
      request: { params: KeyParams },
      responses: { 204: NO_CONTENT, 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { apiKeyId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      const row = await findKey(db, caller.tenantId, apiKeyId);
      await db.batch([
        db
          .prepare(`UPDATE api_keys SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL`)
          .bind(nowIso(), caller.tenantId, apiKeyId),
        auditStatement(
          db,
          caller,
          { action: "API_KEY_REVOKED", resourceType: "API_KEY", resourceId: apiKeyId, details: { name: row.name } },
          true,
        ),
      ]);
      return c.body(null, 204);
    },
  );
}
