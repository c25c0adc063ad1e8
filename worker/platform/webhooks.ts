/**
 * Webhooks (platform API; spec §2.11, §6): configuration CRUD, the delivery logs of a webhook, and resending a logged
 * delivery. Deliveries themselves run in the dataset Durable Objects (durable-objects/webhook-outbox.ts).
 *
 * Header values may use `{hmac_signature}` and `{hmac_timestamp}` (HMAC authorization only) and `{secret:NAME}`;
 * the HMAC key is a literal (stored encrypted, never returned) or exactly `{secret:NAME}`.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../auth";
import { seal } from "../../platform/crypto";
import { ApiError } from "../errors";
import {
  auditStatement,
  ERRORS,
  idParam,
  json,
  NO_CONTENT,
  nowIso,
  PageQuerySchema,
  PLATFORM_BASE,
  SECURITY,
} from "./common";
import { missingSecrets, secretRefs, webhookKeyContext } from "../../platform/secret-store";
import { compileUserRegex, MAX_USER_REGEX_LENGTH } from "../../platform/user-regex";
import { refusedTarget, targetPolicy, type TargetPolicy } from "../../platform/webhook-target";
import { toWebhookConfig, WEBHOOK_EVENT_STATUSES, type WebhookConfig, type WebhookRow } from "../../platform/webhook-store";

const TAG = "Platform Tenants Administration - Webhooks";
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Set by the service on every delivery; a custom header cannot replace them. */
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "user-agent",
  "x-rota-delivery",
  "x-rota-signature",
  "x-rota-timestamp",
]);
const SECRET_ONLY = /^\{secret:([A-Za-z0-9_.-]{1,64})\}$/;
const MIN_HMAC_KEY_LENGTH = 16;

const StatusSchema = z.enum(WEBHOOK_EVENT_STATUSES);

const FiltersSchema = z
  .strictObject({
    statuses: z.array(StatusSchema).min(1).nullable().optional(),
    datasetNameRegex: z
      .string()
      .min(1)
      .max(MAX_USER_REGEX_LENGTH, `at most ${MAX_USER_REGEX_LENGTH} characters`)
      .nullable()
      .optional()
      .openapi({ description: "RE2 syntax (no backreferences or lookaround), searched in the dataset name" }),
    tags: z.array(z.string().min(1)).min(1).nullable().optional(),
  })
  .openapi("WebhookFiltersDTO");

const WebhookWriteSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional().openapi({ description: "Generated when absent" }),
    url: z.url({ protocol: /^https?$/ }),
    enabled: z.boolean().default(true),
    headers: z.record(z.string(), z.string().max(2048)).default({}),
    authorization: z
      .strictObject({
        type: z.enum(["NONE", "HMAC"]).default("NONE"),
        method: z.enum(["BODY", "PATH"]).default("BODY"),
        hmacKey: z
          .string()
          .min(1)
          .max(1024)
          .optional()
          .openapi({ description: "Literal key (at least 16 characters) or {secret:NAME}; kept by PUT when absent" }),
      })
      .default({ type: "NONE", method: "BODY" }),
    filters: FiltersSchema.default({}),
  })
  .openapi("WebhookWriteDTO");
type WebhookWrite = z.infer<typeof WebhookWriteSchema>;

export const WebhookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    enabled: z.boolean(),
    headers: z.record(z.string(), z.string()),
    authorization: z.object({
      type: z.enum(["NONE", "HMAC"]),
      method: z.enum(["BODY", "PATH"]),
      hmacKeySet: z.boolean(),
      hmacKeySecret: z.string().nullable().openapi({ description: "The secret holding the key, when it is a reference" }),
    }),
    filters: z.object({
      statuses: z.array(StatusSchema).nullable(),
      datasetNameRegex: z.string().nullable(),
      tags: z.array(z.string()).nullable(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookDTO");

const WebhookLogSchema = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    deliveryId: z.string(),
    attempt: z.number().int().openapi({ description: "0 = first delivery, 1..10 = retries" }),
    timestamp: z.string(),
    durationMs: z.number().int(),
    httpStatus: z.number().int().nullable(),
    outcome: z.enum(["DELIVERED", "RETRY_SCHEDULED", "FAILED", "TIMEOUT"]),
    datasetId: z.string(),
    datasetStatus: z.string(),
    model: z.string(),
    modelVersion: z.string(),
    message: z.string(),
    resendOf: z.string().nullable(),
  })
  .openapi("WebhookLogDTO");

const ResendSchema = z
  .object({ deliveryId: z.string(), webhookId: z.string(), datasetId: z.string(), resendOf: z.string() })
  .openapi("WebhookResendDTO");

const LogQuerySchema = PageQuerySchema.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

function toWebhook(w: WebhookConfig): z.infer<typeof WebhookSchema> {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    enabled: w.enabled,
    headers: w.headers,
    authorization: {
      type: w.authorization.type,
      method: w.authorization.method,
      hmacKeySet: Boolean(w.authorization.sealedKey || w.authorization.keySecret),
      hmacKeySecret: w.authorization.keySecret,
    },
    filters: w.filters,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
}

interface LogRow {
  id: string;
  webhook_id: string;
  delivery_id: string;
  attempt: number;
  timestamp: string;
  duration_ms: number;
  http_status: number | null;
  outcome: z.infer<typeof WebhookLogSchema>["outcome"];
  dataset_id: string;
  dataset_status: string;
  model: string;
  model_version: string;
  message: string;
  payload: string;
  resend_of: string | null;
}

const toLog = (r: LogRow): z.infer<typeof WebhookLogSchema> => ({
  id: r.id,
  webhookId: r.webhook_id,
  deliveryId: r.delivery_id,
  attempt: r.attempt,
  timestamp: r.timestamp,
  durationMs: r.duration_ms,
  httpStatus: r.http_status,
  outcome: r.outcome,
  datasetId: r.dataset_id,
  datasetStatus: r.dataset_status,
  model: r.model,
  modelVersion: r.model_version,
  message: r.message,
  resendOf: r.resend_of,
});

async function findWebhookRow(db: D1Database, tenantId: string, id: string): Promise<WebhookRow> {
  const row = await db.prepare(`SELECT * FROM webhooks WHERE tenant_id = ? AND id = ?`).bind(tenantId, id).first<WebhookRow>();
  if (!row) throw ApiError.notFound(`Webhook '${id}'`);
  return row;
}

/** Checks zod cannot express; every problem is one detail line naming its field. */
async function checkWebhook(
  db: D1Database,
  tenantId: string,
  body: WebhookWrite,
  hasStoredKey: boolean,
  policy: TargetPolicy,
): Promise<void> {
  const details: string[] = [];
  const refused = refusedTarget(body.url, policy);
  if (refused) details.push(`url: ${refused}`);
  const hmac = body.authorization.type === "HMAC";
  for (const [name, value] of Object.entries(body.headers)) {
    if (!HEADER_NAME.test(name)) details.push(`headers.${name}: not a valid HTTP header name`);
    else if (RESERVED_HEADERS.has(name.toLowerCase())) details.push(`headers.${name}: set by the service; cannot be replaced`);
    if (/[\r\n\0]/.test(value)) details.push(`headers.${name}: line breaks are not allowed in a header value`);
    if (!hmac && /\{hmac_(signature|timestamp)\}/.test(value)) {
      details.push(`headers.${name}: {hmac_signature} and {hmac_timestamp} need authorization.type HMAC`);
    }
  }
  const key = body.authorization.hmacKey;
  if (hmac && !key && !hasStoredKey) details.push("authorization.hmacKey: required for HMAC authorization");
  if (key && !SECRET_ONLY.test(key) && key.length < MIN_HMAC_KEY_LENGTH) {
    details.push(`authorization.hmacKey: at least ${MIN_HMAC_KEY_LENGTH} characters, or {secret:NAME}`);
  }
  const pattern = body.filters.datasetNameRegex;
  const regex = pattern ? compileUserRegex(pattern) : null;
  if (regex && !regex.ok) details.push(`filters.datasetNameRegex: ${regex.reason}`);
  const refs = secretRefs(...Object.values(body.headers), key && SECRET_ONLY.test(key) ? key : null);
  for (const name of await missingSecrets(db, tenantId, refs)) details.push(`{secret:${name}}: no secret with this name in the tenant`);
  if (details.length) throw new ApiError(400, "VALIDATION_ERROR", "The webhook configuration is invalid.", details);
}

/** The columns of a webhook from a write request; the HMAC key is sealed (or kept from `previous`). */
async function webhookColumns(
  secretsKey: string | undefined,
  tenantId: string,
  id: string,
  body: WebhookWrite,
  previous: WebhookRow | null,
): Promise<Pick<WebhookRow, "name" | "url" | "enabled" | "headers" | "auth_type" | "hmac_method" | "hmac_key" | "hmac_key_secret" | "filter_statuses" | "filter_name_regex" | "filter_tags">> {
  let hmacKey: string | null = null;
  let hmacKeySecret: string | null = null;
  const key = body.authorization.hmacKey;
  if (body.authorization.type === "HMAC") {
    if (key) {
      const ref = SECRET_ONLY.exec(key);
      if (ref) hmacKeySecret = ref[1];
      else hmacKey = await seal(secretsKey, key, webhookKeyContext(tenantId, id));
    } else if (previous) {
      hmacKey = previous.hmac_key;
      hmacKeySecret = previous.hmac_key_secret;
    }
  }
  return {
    name: body.name ?? previous?.name ?? `webhook-${id.slice(0, 8)}`,
    url: body.url,
    enabled: body.enabled ? 1 : 0,
    headers: JSON.stringify(body.headers),
    auth_type: body.authorization.type,
    hmac_method: body.authorization.method,
    hmac_key: hmacKey,
    hmac_key_secret: hmacKeySecret,
    filter_statuses: body.filters.statuses ? JSON.stringify([...new Set(body.filters.statuses)]) : null,
    filter_name_regex: body.filters.datasetNameRegex ?? null,
    filter_tags: body.filters.tags ? JSON.stringify([...new Set(body.filters.tags)]) : null,
  };
}

/** What the audit log records of a configuration: everything but the key. */
function auditDetails(row: Pick<WebhookRow, "name" | "url" | "enabled" | "auth_type" | "hmac_method" | "filter_statuses" | "filter_name_regex" | "filter_tags" | "headers">) {
  return {
    name: row.name,
    url: row.url,
    enabled: row.enabled === 1,
    authorization: row.auth_type,
    method: row.hmac_method,
    headers: Object.keys(JSON.parse(row.headers)),
    filters: { statuses: row.filter_statuses, datasetNameRegex: row.filter_name_regex, tags: row.filter_tags },
  };
}

const WebhookParams = z.object({ webhookId: idParam("webhookId") });
const LogParams = z.object({ webhookId: idParam("webhookId"), logId: idParam("logId") });

export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "post",
      path: `${PLATFORM_BASE}/webhooks`,
      summary: "Create a webhook",
      tags: [TAG],
      security: SECURITY,
      request: { body: { required: true, content: { "application/json": { schema: WebhookWriteSchema } } } },
      responses: { 201: json(WebhookSchema, "The webhook"), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403] },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const db = c.env.DB;
      await checkWebhook(db, caller.tenantId, body, false, targetPolicy(c.env, c.req.url));
      const id = crypto.randomUUID();
      const now = nowIso();
      const cols = await webhookColumns(c.env.SECRETS_KEY, caller.tenantId, id, body, null);
      const row: WebhookRow = { id, tenant_id: caller.tenantId, ...cols, created_at: now, updated_at: now };
      await db.batch([
        db
          .prepare(
            `INSERT INTO webhooks (id, tenant_id, name, url, enabled, headers, auth_type, hmac_method, hmac_key, hmac_key_secret,
               filter_statuses, filter_name_regex, filter_tags, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            row.id,
            row.tenant_id,
            row.name,
            row.url,
            row.enabled,
            row.headers,
            row.auth_type,
            row.hmac_method,
            row.hmac_key,
            row.hmac_key_secret,
            row.filter_statuses,
            row.filter_name_regex,
            row.filter_tags,
            now,
            now,
          ),
        auditStatement(db, caller, { action: "WEBHOOK_CREATED", resourceType: "WEBHOOK", resourceId: id, details: auditDetails(row) }),
      ]);
      return c.json(toWebhook(toWebhookConfig(row)), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/webhooks`,
      summary: "The tenant's webhooks",
      tags: [TAG],
      security: SECURITY,
      request: { query: PageQuerySchema },
      responses: { 200: json(z.array(WebhookSchema), "Webhooks"), 401: ERRORS[401], 403: ERRORS[403] },
    }),
    async (c) => {
      const { page, size } = c.req.valid("query");
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM webhooks WHERE tenant_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?`,
      )
        .bind(c.get("caller").tenantId, size, page * size)
        .all<WebhookRow>();
      return c.json(results.map((r) => toWebhook(toWebhookConfig(r))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/webhooks/{webhookId}`,
      summary: "One webhook",
      tags: [TAG],
      security: SECURITY,
      request: { params: WebhookParams },
      responses: { 200: json(WebhookSchema, "Webhook"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const row = await findWebhookRow(c.env.DB, c.get("caller").tenantId, c.req.valid("param").webhookId);
      return c.json(toWebhook(toWebhookConfig(row)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: `${PLATFORM_BASE}/webhooks/{webhookId}`,
      summary: "Replace a webhook's configuration (an absent hmacKey keeps the stored one)",
      tags: [TAG],
      security: SECURITY,
      request: {
        params: WebhookParams,
        body: { required: true, content: { "application/json": { schema: WebhookWriteSchema } } },
      },
      responses: {
        200: json(WebhookSchema, "The webhook"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        404: ERRORS[404],
      },
    }),
    async (c) => {
      const { webhookId } = c.req.valid("param");
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const db = c.env.DB;
      const previous = await findWebhookRow(db, caller.tenantId, webhookId);
      const hasStoredKey = Boolean(previous.hmac_key || previous.hmac_key_secret);
      await checkWebhook(db, caller.tenantId, body, hasStoredKey, targetPolicy(c.env, c.req.url));
      const cols = await webhookColumns(c.env.SECRETS_KEY, caller.tenantId, webhookId, body, previous);
      const row: WebhookRow = { ...previous, ...cols, updated_at: nowIso() };
      await db.batch([
        db
          .prepare(
            `UPDATE webhooks SET name = ?, url = ?, enabled = ?, headers = ?, auth_type = ?, hmac_method = ?, hmac_key = ?,
               hmac_key_secret = ?, filter_statuses = ?, filter_name_regex = ?, filter_tags = ?, updated_at = ?
             WHERE tenant_id = ? AND id = ?`,
          )
          .bind(
            row.name,
            row.url,
            row.enabled,
            row.headers,
            row.auth_type,
            row.hmac_method,
            row.hmac_key,
            row.hmac_key_secret,
            row.filter_statuses,
            row.filter_name_regex,
            row.filter_tags,
            row.updated_at,
            caller.tenantId,
            webhookId,
          ),
        auditStatement(db, caller, {
          action: "WEBHOOK_UPDATED",
          resourceType: "WEBHOOK",
          resourceId: webhookId,
          details: { ...auditDetails(row), hmacKeyChanged: Boolean(body.authorization.hmacKey) },
        }),
      ]);
      return c.json(toWebhook(toWebhookConfig(row)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${PLATFORM_BASE}/webhooks/{webhookId}`,
      summary: "Delete a webhook (pending deliveries to it are dropped; its logs stay until they expire)",
      tags: [TAG],
      security: SECURITY,
      request: { params: WebhookParams },
      responses: { 204: NO_CONTENT, 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { webhookId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      const row = await findWebhookRow(db, caller.tenantId, webhookId);
      await db.batch([
        db.prepare(`DELETE FROM webhooks WHERE tenant_id = ? AND id = ?`).bind(caller.tenantId, webhookId),
        auditStatement(
          db,
          caller,
          { action: "WEBHOOK_DELETED", resourceType: "WEBHOOK", resourceId: webhookId, details: { name: row.name, url: row.url } },
          true,
        ),
      ]);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/webhooks/{webhookId}/logs`,
      summary: "Delivery logs of a webhook, newest first (kept 30 days)",
      tags: [TAG],
      security: SECURITY,
      request: { params: WebhookParams, query: LogQuerySchema },
      responses: { 200: json(z.array(WebhookLogSchema), "Delivery attempts"), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { webhookId } = c.req.valid("param");
      const { page, size, from, to } = c.req.valid("query");
      const tenantId = c.get("caller").tenantId;
      await findWebhookRow(c.env.DB, tenantId, webhookId);
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM webhook_logs WHERE tenant_id = ?1 AND webhook_id = ?2
            AND (?3 IS NULL OR timestamp >= ?3) AND (?4 IS NULL OR timestamp <= ?4)
          ORDER BY timestamp DESC, attempt DESC LIMIT ?5 OFFSET ?6`,
      )
        .bind(tenantId, webhookId, from ? new Date(from).toISOString() : null, to ? new Date(to).toISOString() : null, size, page * size)
        .all<LogRow>();
      return c.json(results.map(toLog), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: `${PLATFORM_BASE}/webhooks/{webhookId}/logs/{logId}/resend`,
      summary: "Resend a logged delivery: a new delivery of the same payload, with retries",
      tags: [TAG],
      security: SECURITY,
      request: { params: LogParams },
      responses: { 202: json(ResendSchema, "Scheduled"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { webhookId, logId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      await findWebhookRow(db, caller.tenantId, webhookId);
      const log = await db
        .prepare(`SELECT * FROM webhook_logs WHERE tenant_id = ? AND webhook_id = ? AND id = ?`)
        .bind(caller.tenantId, webhookId, logId)
        .first<LogRow>();
      if (!log) throw ApiError.notFound(`Webhook log '${logId}'`);
      const stub = c.env.DATASETS.get(c.env.DATASETS.idFromName(log.dataset_id));
      const deliveryId = await stub.resendWebhook(caller.tenantId, webhookId, log.payload, logId);
      await db.batch([
        auditStatement(db, caller, {
          action: "WEBHOOK_DELIVERY_RESENT",
          resourceType: "WEBHOOK",
          resourceId: webhookId,
          details: { logId, deliveryId, datasetId: log.dataset_id },
        }),
      ]);
      return c.json({ deliveryId, webhookId, datasetId: log.dataset_id, resendOf: logId }, 202);
    },
  );
}
