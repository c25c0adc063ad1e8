/**
 * Tenants (platform API). An administrator sees only the tenant its credential belongs to; another tenant's id is 404.
 * Creating a tenant also creates its first administrator and returns that member's first access token, once: that
 * token is the new tenant's way in (it shares nothing with the creator's tenant).
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { ACCESS_TOKEN_PREFIX, type AppEnv } from "../auth";
import { newToken, sha256Hex } from "../../platform/crypto";
import { ApiError } from "../errors";
import { auditStatement, batchOrConflict, ERRORS, idParam, json, nowIso, PLATFORM_BASE, SECURITY } from "./common";
import { AccessTokenCreatedSchema, MemberSchema, toAccessToken, toMember, type MemberRow } from "./members";

const TAG = "Platform Tenants Administration - Tenants";
export const PLANS = ["FREE", "TRIAL", "STANDARD", "ENTERPRISE"] as const;
export type Plan = (typeof PLANS)[number];

/**
 * Most searches a dataset of the plan may run (`config.run.maxThreadCount`, README "Tenants, API keys..."): each
 * extra search is a Durable Object that solves continuously, so the cap bounds what one tenant takes from others.
 */
export const MAX_THREADS_BY_PLAN: Readonly<Record<Plan, number>> = { FREE: 4, TRIAL: 4, STANDARD: 8, ENTERPRISE: 16 };
/**
 * The solve queue per plan (README "Solve queue"): threads solving at once (`maxThreadCount` counts), and datasets
 * that may wait beyond them (more is a 429). A platform administrator may set other values per tenant.
 */
export const SOLVE_QUEUE_LIMITS: Record<Plan, { concurrentSolves: number; queuedDatasets: number }> = {
  FREE: { concurrentSolves: 2, queuedDatasets: 20 },
  TRIAL: { concurrentSolves: 2, queuedDatasets: 50 },
  STANDARD: { concurrentSolves: 8, queuedDatasets: 500 },
  ENTERPRISE: { concurrentSolves: 32, queuedDatasets: 2000 },
};
const ADMIN_TOKEN_DAYS = 30;

export const TenantSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    plan: z.enum(PLANS),
    group: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("TenantDTO");

const TenantCreateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(60),
    plan: z.enum(PLANS).default("FREE"),
    group: z.string().trim().min(1).max(60).nullable().optional(),
    admin: z.strictObject({
      email: z.email(),
      name: z.string().trim().min(1).max(100).optional(),
    }),
  })
  .openapi("TenantCreateDTO");

const TenantUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(60),
    group: z.string().trim().min(1).max(60).nullable().optional(),
  })
  .openapi("TenantUpdateDTO");

const TenantCreatedSchema = z
  .object({ tenant: TenantSchema, admin: MemberSchema, accessToken: AccessTokenCreatedSchema })
  .openapi("TenantCreatedDTO");

interface TenantRow {
  id: string;
  name: string;
  plan: Plan;
  tenant_group: string | null;
  created_at: string;
}

export function toTenant(r: TenantRow): z.infer<typeof TenantSchema> {
  return { id: r.id, name: r.name, plan: r.plan, group: r.tenant_group, createdAt: r.created_at };
}

export async function findTenant(db: D1Database, id: string): Promise<TenantRow | null> {
  return db.prepare(`SELECT * FROM tenants WHERE id = ?`).bind(id).first<TenantRow>();
}

/** 400 naming `config.run.maxThreadCount` when it is above the cap of the tenant's plan. */
export async function checkThreadCount(db: D1Database, tenantId: string, threads: number | null | undefined): Promise<void> {
  if (threads == null || threads <= 1) return;
  const plan = (await findTenant(db, tenantId))?.plan ?? "FREE";
  const cap = MAX_THREADS_BY_PLAN[plan] ?? MAX_THREADS_BY_PLAN.FREE;
  if (threads > cap) {
    throw new ApiError(400, "VALIDATION_ERROR", `config.run.maxThreadCount is ${threads}; the ${plan} plan allows at most ${cap}.`, [
      `config.run.maxThreadCount: at most ${cap} on the ${plan} plan`,
    ]);
  }
}

const TenantIdParams = z.object({ tenantId: idParam("tenantId") });

export function registerTenantRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/tenants`,
      summary: "The tenants the caller administers",
      tags: [TAG],
      security: SECURITY,
      responses: { 200: json(z.array(TenantSchema), "Tenants"), 401: ERRORS[401], 403: ERRORS[403] },
    }),
    async (c) => {
      const row = await findTenant(c.env.DB, c.get("caller").tenantId);
      return c.json(row ? [toTenant(row)] : [], 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: `${PLATFORM_BASE}/tenants`,
      summary: "Create a tenant with its first administrator; returns that administrator's access token once",
      tags: [TAG],
      security: SECURITY,
      request: { body: { required: true, content: { "application/json": { schema: TenantCreateSchema } } } },
      responses: {
        201: json(TenantCreatedSchema, "The tenant, its administrator and the administrator's access token"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const db = c.env.DB;
      const now = nowIso();
      const tenant: TenantRow = {
        id: crypto.randomUUID(),
        name: body.name,
        plan: body.plan,
        tenant_group: body.group ?? null,
        created_at: now,
      };
      const admin: MemberRow = {
        id: crypto.randomUUID(),
        tenant_id: tenant.id,
        email: body.admin.email.toLowerCase(),
        name: body.admin.name ?? body.admin.email,
        role: "ADMIN",
        created_at: now,
        updated_at: now,
      };
      const token = newToken(ACCESS_TOKEN_PREFIX);
      const tokenRow = {
        id: crypto.randomUUID(),
        tenant_id: tenant.id,
        member_id: admin.id,
        name: "first administrator token",
        token_prefix: token.slice(0, 14),
        created_by: caller.memberId ?? caller.credentialId,
        created_at: now,
        expires_at: new Date(Date.now() + ADMIN_TOKEN_DAYS * 86_400_000).toISOString(),
        revoked_at: null,
      };
      const details = { name: tenant.name, plan: tenant.plan, admin: admin.email };
      await batchOrConflict(
        db,
        [
          db
            .prepare(`INSERT INTO tenants (id, name, plan, created_at, tenant_group) VALUES (?, ?, ?, ?, ?)`)
            .bind(tenant.id, tenant.name, tenant.plan, tenant.created_at, tenant.tenant_group),
          db
            .prepare(
              `INSERT INTO members (id, tenant_id, email, name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(admin.id, admin.tenant_id, admin.email, admin.name, admin.role, now, now),
          db
            .prepare(
              `INSERT INTO access_tokens (id, tenant_id, member_id, name, token_hash, token_prefix, created_by, created_at, expires_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              tokenRow.id,
              tokenRow.tenant_id,
              tokenRow.member_id,
              tokenRow.name,
              await sha256Hex(token),
              tokenRow.token_prefix,
              tokenRow.created_by,
              now,
              tokenRow.expires_at,
            ),
          // Both tenants' logs record the creation: the creator's (who did it) and the new one's (where it came from).
          auditStatement(db, caller, { action: "TENANT_CREATED", resourceType: "TENANT", resourceId: tenant.id, details }),
          auditStatement(db, caller, {
            action: "TENANT_CREATED",
            resourceType: "TENANT",
            resourceId: tenant.id,
            details: { ...details, createdFromTenant: caller.tenantId },
            tenantId: tenant.id,
          }),
        ],
        "The tenant could not be created.",
      );
      return c.json(
        { tenant: toTenant(tenant), admin: toMember(admin), accessToken: { ...toAccessToken(tokenRow), token } },
        201,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${PLATFORM_BASE}/tenants/{tenantId}`,
      summary: "One tenant",
      tags: [TAG],
      security: SECURITY,
      request: { params: TenantIdParams },
      responses: { 200: json(TenantSchema, "Tenant"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { tenantId } = c.req.valid("param");
      const row = tenantId === c.get("caller").tenantId ? await findTenant(c.env.DB, tenantId) : null;
      if (!row) throw ApiError.notFound(`Tenant '${tenantId}'`);
      return c.json(toTenant(row), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: `${PLATFORM_BASE}/tenants/{tenantId}`,
      summary: "Rename a tenant or change its group (the plan is not self-service)",
      tags: [TAG],
      security: SECURITY,
      request: {
        params: TenantIdParams,
        body: { required: true, content: { "application/json": { schema: TenantUpdateSchema } } },
      },
      responses: {
        200: json(TenantSchema, "Updated tenant"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        404: ERRORS[404],
      },
    }),
    async (c) => {
      const { tenantId } = c.req.valid("param");
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const before = tenantId === caller.tenantId ? await findTenant(c.env.DB, tenantId) : null;
      if (!before) throw ApiError.notFound(`Tenant '${tenantId}'`);
      const group = body.group === undefined ? before.tenant_group : body.group;
      await c.env.DB.batch([
        c.env.DB.prepare(`UPDATE tenants SET name = ?, tenant_group = ? WHERE id = ?`).bind(body.name, group, tenantId),
        auditStatement(c.env.DB, caller, {
          action: "TENANT_UPDATED",
          resourceType: "TENANT",
          resourceId: tenantId,
          details: { name: body.name, group },
        }),
      ]);
      return c.json(toTenant({ ...before, name: body.name, tenant_group: group }), 200);
    },
  );
}
