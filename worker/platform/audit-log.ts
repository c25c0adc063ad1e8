/**
 * The audit log (platform API): every change made through the platform API, newest first, filtered by time, actor and
 * action. Entries are written in the same D1 batch as the change they record (common.ts `auditStatement`).
 * Also the tenant's administrator notifications (webhook failure notices, spec §6.2 rule 3).
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../auth";
import { ERRORS, json, PageQuerySchema, PLATFORM_BASE, SECURITY, type AuditAction } from "./common";

const TAG = "Platform Tenants Administration - Audit log";

export const AuditLogEntrySchema = z
  .object({
    id: z.string(),
    timestamp: z.string(),
    actor: z.string().openapi({ description: "The member's e-mail, or 'bootstrap'" }),
    actorId: z.string(),
    credentialId: z.string(),
    action: z.string().openapi({ example: "API_KEY_CREATED" }),
    resourceType: z.string(),
    resourceId: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .openapi("AuditLogEntryDTO");

const AuditQuerySchema = PageQuerySchema.extend({
  from: z.iso.datetime({ offset: true }).optional().openapi({ description: "Entries at or after this time" }),
  to: z.iso.datetime({ offset: true }).optional().openapi({ description: "Entries at or before this time" }),
  // Bounded like the values they filter: e-mail addresses (RFC 5321: 254), names and ids (100), action names.
  actor: z.string().min(1).max(254).optional().openapi({ description: "Actor e-mail/name or actor id" }),
  action: z.string().min(1).max(100).optional().openapi({ description: "For example API_KEY_CREATED" }),
  resourceType: z.string().min(1).max(100).optional(),
  resourceId: z.string().min(1).max(100).optional(),
});

const NotificationSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    subject: z.string(),
    body: z.string(),
    recipients: z.array(z.string()),
    link: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .openapi("NotificationDTO");

interface AuditRow {
  id: string;
  timestamp: string;
  actor: string;
  actor_id: string;
  credential_id: string;
  action: AuditAction;
  resource_type: string;
  resource_id: string;
  details: string;
}

interface NotificationRow {
  id: string;
  kind: string;
  subject: string;
  body: string;
  recipients: string;
  link: string | null;
  created_at: string;
  sent_at: string | null;
}

const iso = (t: string | undefined) => (t ? new Date(t).toISOString() : null);

export function registerAuditLogRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/audit-log`,
      summary: "The tenant's audit log, newest first",
      tags: [TAG],
      security: SECURITY,
      request: { query: AuditQuerySchema },
      responses: { 200: json(z.array(AuditLogEntrySchema), "Audit entries"), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403] },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM audit_log WHERE tenant_id = ?1
            AND (?2 IS NULL OR timestamp >= ?2) AND (?3 IS NULL OR timestamp <= ?3)
            AND (?4 IS NULL OR actor = ?4 OR actor_id = ?4) AND (?5 IS NULL OR action = ?5)
            AND (?6 IS NULL OR resource_type = ?6) AND (?7 IS NULL OR resource_id = ?7)
          ORDER BY timestamp DESC, id LIMIT ?8 OFFSET ?9`,
      )
        .bind(
          c.get("caller").tenantId,
          iso(q.from),
          iso(q.to),
          q.actor ?? null,
          q.action ?? null,
          q.resourceType ?? null,
          q.resourceId ?? null,
          q.size,
          q.page * q.size,
        )
        .all<AuditRow>();
      return c.json(
        results.map((r) => ({
          id: r.id,
          timestamp: r.timestamp,
          actor: r.actor,
          actorId: r.actor_id,
          credentialId: r.credential_id,
          action: r.action,
          resourceType: r.resource_type,
          resourceId: r.resource_id,
          details: JSON.parse(r.details) as Record<string, unknown>,
        })),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/notifications`,
      summary: "Notifications sent to the tenant's administrators, newest first",
      tags: [TAG],
      security: SECURITY,
      request: { query: PageQuerySchema },
      responses: { 200: json(z.array(NotificationSchema), "Notifications"), 401: ERRORS[401], 403: ERRORS[403] },
    }),
    async (c) => {
      const { page, size } = c.req.valid("query");
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM notifications WHERE tenant_id = ? ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
      )
        .bind(c.get("caller").tenantId, size, page * size)
        .all<NotificationRow>();
      return c.json(
        results.map((r) => ({
          id: r.id,
          kind: r.kind,
          subject: r.subject,
          body: r.body,
          recipients: JSON.parse(r.recipients) as string[],
          link: r.link,
          createdAt: r.created_at,
          sentAt: r.sent_at,
        })),
        200,
      );
    },
  );
}
