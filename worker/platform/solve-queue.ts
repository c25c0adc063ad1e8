/**
 * The tenant's solve queue as seen from the Worker (README "Solve queue"): its limits (the plan's, or a platform
 * administrator's), the reservation every new solve makes before anything is stored (429 with Retry-After over the
 * cap on waiting datasets), and `GET/PUT /api/platform/v1/tenants/{tenantId}/solve-queue`. The queue itself is the
 * tenant's SolveQueue Durable Object (durable-objects/solve-queue.ts).
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { queueStub, type QueueLimits } from "../../durable-objects/solve-queue";
import { DEFAULT_PRIORITY } from "../../schemas/configuration";
import type { ModelConfiguration } from "../../schemas/solving-request";
import type { AppEnv } from "../auth";
import type { Env } from "../../platform/env";
import { ApiError } from "../errors";
import { auditStatement, ERRORS, idParam, json, PLATFORM_BASE, SECURITY } from "./common";
import { PLANS, SOLVE_QUEUE_LIMITS } from "./tenants";

const TAG = "Platform Tenants Administration - Tenants";
/** Ceilings of what an administrator may set. */
const MAX_CONCURRENT_SOLVES = 256;
const MAX_QUEUED_DATASETS = 10_000;

/** The tenant's limits: its own where an administrator set them, else its plan's. */
export async function tenantQueueLimits(db: D1Database, tenantId: string): Promise<QueueLimits & { plan: (typeof PLANS)[number] }> {
  const row = await db
    .prepare(`SELECT plan, max_concurrent_solves, max_queued_datasets FROM tenants WHERE id = ?`)
    .bind(tenantId)
    .first<{ plan: (typeof PLANS)[number]; max_concurrent_solves: number | null; max_queued_datasets: number | null }>();
  const plan = row && row.plan in SOLVE_QUEUE_LIMITS ? row.plan : "FREE";
  const byPlan = SOLVE_QUEUE_LIMITS[plan];
  return {
    plan,
    concurrentSolves: row?.max_concurrent_solves ?? byPlan.concurrentSolves,
    queuedDatasets: row?.max_queued_datasets ?? byPlan.queuedDatasets,
  };
}

/** A place in the tenant's queue for a new solve, or 429 (`Retry-After`) when too many datasets already wait. */
export async function reservePlace(
  env: Env,
  tenantId: string,
  solve: { datasetId: string; priority?: number; submittedAt: string; config: ModelConfiguration | null | undefined },
): Promise<void> {
  const { plan: _plan, ...limits } = await tenantQueueLimits(env.DB, tenantId);
  const reservation = await queueStub(env, tenantId).reserve(
    {
      datasetId: solve.datasetId,
      priority: solve.priority ?? DEFAULT_PRIORITY,
      submittedAt: solve.submittedAt,
      threads: solve.config?.run?.maxThreadCount ?? 1,
    },
    limits,
  );
  if (!reservation.ok) {
    throw new ApiError(
      429,
      "TOO_MANY_QUEUED",
      `The tenant already has ${reservation.waiting} datasets waiting to be solved (at most ${limits.queuedDatasets}); try again later.`,
      [`solve queue: ${reservation.waiting} of ${limits.queuedDatasets} waiting places taken`],
      { "Retry-After": String(reservation.retryAfterSeconds) },
    );
  }
}

const QueueRequestSchema = z.object({
  datasetId: z.string(),
  priority: z.number().int(),
  submittedAt: z.string(),
  threads: z.number().int(),
});

const SolveQueueSchema = z
  .object({
    plan: z.enum(PLANS),
    maxConcurrentSolves: z.number().int().openapi({ description: "Threads solving at once (maxThreadCount counts)" }),
    maxQueuedDatasets: z.number().int().openapi({ description: "Datasets that may wait; more is a 429" }),
    running: z.array(QueueRequestSchema.extend({ grantedAt: z.string() })),
    waiting: z.array(QueueRequestSchema).openapi({ description: "In the order they will start" }),
  })
  .openapi("SolveQueueDTO");

const SolveQueueUpdateSchema = z
  .strictObject({
    maxConcurrentSolves: z.number().int().min(1).max(MAX_CONCURRENT_SOLVES).nullable().optional().openapi({ description: "null: the plan's" }),
    maxQueuedDatasets: z.number().int().min(1).max(MAX_QUEUED_DATASETS).nullable().optional().openapi({ description: "null: the plan's" }),
  })
  .openapi("SolveQueueUpdateDTO");

const TenantIdParams = z.object({ tenantId: idParam("tenantId") });

async function describeQueue(env: Env, tenantId: string) {
  const limits = await tenantQueueLimits(env.DB, tenantId);
  const snapshot = await queueStub(env, tenantId).snapshot();
  return {
    plan: limits.plan,
    maxConcurrentSolves: limits.concurrentSolves,
    maxQueuedDatasets: limits.queuedDatasets,
    running: snapshot.running,
    waiting: snapshot.waiting,
  };
}

export function registerSolveQueueRoutes(app: OpenAPIHono<AppEnv>): void {
  const path = `${PLATFORM_BASE}/tenants/{tenantId}/solve-queue`;
  app.openapi(
    createRoute({
      method: "get",
      path,
      summary: "The tenant's solve queue: its limits, the running and the waiting datasets",
      tags: [TAG],
      security: SECURITY,
      request: { params: TenantIdParams },
      responses: { 200: json(SolveQueueSchema, "Solve queue"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { tenantId } = c.req.valid("param");
      if (tenantId !== c.get("caller").tenantId) throw ApiError.notFound(`Tenant '${tenantId}'`);
      return c.json(await describeQueue(c.env, tenantId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path,
      summary: "Set the tenant's concurrent-solve limit and cap on waiting datasets (null: the plan's)",
      tags: [TAG],
      security: SECURITY,
      request: { params: TenantIdParams, body: { required: true, content: { "application/json": { schema: SolveQueueUpdateSchema } } } },
      responses: { 200: json(SolveQueueSchema, "Solve queue"), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { tenantId } = c.req.valid("param");
      const caller = c.get("caller");
      if (tenantId !== caller.tenantId) throw ApiError.notFound(`Tenant '${tenantId}'`);
      const body = c.req.valid("json");
      const db = c.env.DB;
      const sets: string[] = [];
      const values: Array<number | null> = [];
      if (body.maxConcurrentSolves !== undefined) (sets.push("max_concurrent_solves = ?"), values.push(body.maxConcurrentSolves));
      if (body.maxQueuedDatasets !== undefined) (sets.push("max_queued_datasets = ?"), values.push(body.maxQueuedDatasets));
      if (sets.length) {
        await db.batch([
          db.prepare(`UPDATE tenants SET ${sets.join(", ")} WHERE id = ?`).bind(...values, tenantId),
          auditStatement(db, caller, { action: "SOLVE_QUEUE_UPDATED", resourceType: "TENANT", resourceId: tenantId, details: body }),
        ]);
      }
      // A raised limit starts waiting datasets at once.
      const { plan: _plan, ...limits } = await tenantQueueLimits(db, tenantId);
      await queueStub(c.env, tenantId).setLimits(limits);
      return c.json(await describeQueue(c.env, tenantId), 200);
    },
  );
}
