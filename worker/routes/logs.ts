/**
 * GET <root>/{id}/logs (reference `getScheduleLogs`, `LogInfo`): the dataset's status changes, sampled solver
 * progress, termination reason and failures (its Durable Object, durable-objects/run-log.ts) merged in time order
 * with its webhook deliveries (the D1 webhook log). Bounded: the run log keeps at most 1,000 lines and the last
 * MAX_WEBHOOK_LINES deliveries are read (README "Run logs").
 */
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { LogInfoSchema } from "../../schemas/log";
import type { AppEnv } from "../auth";
import { callerDataset } from "../datasets";
import { ApiError } from "../errors";
import { errors, IdParams, json } from "./openapi-helpers";

const MAX_WEBHOOK_LINES = 200;

interface DeliveryRow {
  timestamp: string;
  webhook_id: string;
  attempt: number;
  http_status: number | null;
  outcome: string;
  dataset_status: string;
  message: string;
}

export function registerLogRoutes(app: OpenAPIHono<AppEnv>, root: string): void {
  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/{id}/logs`,
      summary: "The dataset's run log: status changes, solver progress, termination, failures and webhook deliveries",
      tags: ["Employee Shift Schedule"],
      request: { params: IdParams },
      responses: { 200: json(LogInfoSchema, "The run log"), 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const dataset = await callerDataset(c.env, c.get("caller"), id);
      const run = await dataset.getLog();
      if (!run) throw ApiError.notFound(`Dataset '${id}'`);
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM (SELECT timestamp, webhook_id, attempt, http_status, outcome, dataset_status, message FROM webhook_logs
          WHERE tenant_id = ? AND dataset_id = ? ORDER BY timestamp DESC LIMIT ?) ORDER BY timestamp`,
      )
        .bind(c.get("caller").tenantId, id, MAX_WEBHOOK_LINES)
        .all<DeliveryRow>();
      const deliveries = results.map((d) => ({
        at: d.timestamp,
        kind: "WEBHOOK",
        message: `${d.dataset_status} to webhook ${d.webhook_id} (attempt ${d.attempt}): ${d.outcome}${d.http_status === null ? "" : ` HTTP ${d.http_status}`}; ${d.message}`,
      }));
      // Stable: at equal times the run's own line comes first.
      const lines = [...run, ...deliveries].sort((a, b) => a.at.localeCompare(b.at));
      return c.json({ details: lines.map((l) => `${l.at} ${l.kind} ${l.message}`).join("\n") }, 200);
    },
  );
}
