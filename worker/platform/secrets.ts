/**
 * Secrets (platform API): named values, encrypted at rest with AES-256-GCM under the Worker secret SECRETS_KEY. No
 * endpoint ever returns a value. Webhooks use them as `{secret:NAME}` in header values or the HMAC key; a secret
 * that a webhook references cannot be deleted (409) or renamed.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../auth";
import { ApiError } from "../errors";
import {
  auditStatement,
  batchOrConflict,
  ERRORS,
  idParam,
  json,
  NO_CONTENT,
  nowIso,
  PageQuerySchema,
  PLATFORM_BASE,
  SECURITY,
} from "./common";
import { sealSecret, SECRET_NAME, secretRefs } from "../../platform/secret-store";

const TAG = "Platform Tenants Administration - Secrets";

export const SecretSchema = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .openapi("SecretDTO");

const SecretCreateSchema = z
  .strictObject({
    name: z.string().regex(SECRET_NAME, "1-64 characters: letters, digits, '_', '.', '-'"),
    value: z.string().min(1).max(8192).openapi({ description: "Stored encrypted; never returned" }),
  })
  .openapi("SecretCreateDTO");

const SecretUpdateSchema = z
  .strictObject({ value: z.string().min(1).max(8192) })
  .openapi("SecretUpdateDTO");

interface SecretRow {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

const toSecret = (r: SecretRow) => ({ id: r.id, name: r.name, createdAt: r.created_at, updatedAt: r.updated_at });

async function findSecret(db: D1Database, tenantId: string, id: string): Promise<SecretRow> {
  const row = await db
    .prepare(`SELECT id, name, created_at, updated_at FROM secrets WHERE tenant_id = ? AND id = ?`)
    .bind(tenantId, id)
    .first<SecretRow>();
  if (!row) throw ApiError.notFound(`Secret '${id}'`);
  return row;
}

const SecretParams = z.object({ secretId: idParam("secretId") });

export function registerSecretRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "post",
      path: `${PLATFORM_BASE}/secrets`,
      summary: "Store a secret (encrypted at rest; the value is never returned)",
      tags: [TAG],
      security: SECURITY,
      request: { body: { required: true, content: { "application/json": { schema: SecretCreateSchema } } } },
      responses: {
        201: json(SecretSchema, "The secret, without its value"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        409: ERRORS[409],
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const db = c.env.DB;
      const now = nowIso();
      const row: SecretRow = { id: crypto.randomUUID(), name: body.name, created_at: now, updated_at: now };
      const ciphertext = await sealSecret(c.env.SECRETS_KEY, caller.tenantId, row.id, body.value);
      await batchOrConflict(
        db,
        [
          db
            .prepare(`INSERT INTO secrets (id, tenant_id, name, ciphertext, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`)
            .bind(row.id, caller.tenantId, row.name, ciphertext, now, now),
          auditStatement(db, caller, { action: "SECRET_CREATED", resourceType: "SECRET", resourceId: row.id, details: { name: row.name } }),
        ],
        `A secret named '${row.name}' already exists in this tenant.`,
      );
      return c.json(toSecret(row), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/secrets`,
      summary: "The tenant's secrets (names only)",
      tags: [TAG],
      security: SECURITY,
      request: { query: PageQuerySchema },
      responses: { 200: json(z.array(SecretSchema), "Secrets"), 401: ERRORS[401], 403: ERRORS[403] },
    }),
    async (c) => {
      const { page, size } = c.req.valid("query");
      const { results } = await c.env.DB.prepare(
        `SELECT id, name, created_at, updated_at FROM secrets WHERE tenant_id = ? ORDER BY name LIMIT ? OFFSET ?`,
      )
        .bind(c.get("caller").tenantId, size, page * size)
        .all<SecretRow>();
      return c.json(results.map(toSecret), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/secrets/{secretId}`,
      summary: "One secret (without its value)",
      tags: [TAG],
      security: SECURITY,
      request: { params: SecretParams },
      responses: { 200: json(SecretSchema, "Secret"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => c.json(toSecret(await findSecret(c.env.DB, c.get("caller").tenantId, c.req.valid("param").secretId)), 200),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: `${PLATFORM_BASE}/secrets/{secretId}`,
      summary: "Replace a secret's value",
      tags: [TAG],
      security: SECURITY,
      request: {
        params: SecretParams,
        body: { required: true, content: { "application/json": { schema: SecretUpdateSchema } } },
      },
      responses: {
        200: json(SecretSchema, "The secret, without its value"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        404: ERRORS[404],
      },
    }),
    async (c) => {
      const { secretId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      const row = await findSecret(db, caller.tenantId, secretId);
      const ciphertext = await sealSecret(c.env.SECRETS_KEY, caller.tenantId, secretId, c.req.valid("json").value);
      const now = nowIso();
      await db.batch([
        db
          .prepare(`UPDATE secrets SET ciphertext = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`)
          .bind(ciphertext, now, caller.tenantId, secretId),
        auditStatement(db, caller, { action: "SECRET_UPDATED", resourceType: "SECRET", resourceId: secretId, details: { name: row.name } }),
      ]);
      return c.json(toSecret({ ...row, updated_at: now }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${PLATFORM_BASE}/secrets/{secretId}`,
      summary: "Delete a secret (409 while a webhook references it)",
      tags: [TAG],
      security: SECURITY,
      request: { params: SecretParams },
      responses: { 204: NO_CONTENT, 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404], 409: ERRORS[409] },
    }),
    async (c) => {
      const { secretId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      const row = await findSecret(db, caller.tenantId, secretId);
      const { results } = await db
        .prepare(`SELECT name, headers FROM webhooks WHERE tenant_id = ?`)
        .bind(caller.tenantId)
        .all<{ name: string; headers: string }>();
      // Header values hold references in clear; an HMAC key given as {secret:NAME} is kept by name in hmac_key_secret.
      const users = results.filter((w) => secretRefs(w.headers).includes(row.name)).map((w) => w.name);
      const keyUsers = await db
        .prepare(`SELECT name FROM webhooks WHERE tenant_id = ? AND hmac_key_secret = ?`)
        .bind(caller.tenantId, row.name)
        .all<{ name: string }>();
      users.push(...keyUsers.results.map((w) => w.name));
      if (users.length) {
        throw new ApiError(409, "CONFLICT", `The secret '${row.name}' is referenced by webhooks: ${[...new Set(users)].join(", ")}.`);
      }
      await db.batch([
        db.prepare(`DELETE FROM secrets WHERE tenant_id = ? AND id = ?`).bind(caller.tenantId, secretId),
        auditStatement(db, caller, { action: "SECRET_DELETED", resourceType: "SECRET", resourceId: secretId, details: { name: row.name } }, true),
      ]);
      return c.body(null, 204);
    },
  );
}
