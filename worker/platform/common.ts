/**
 * Shared pieces of the platform API routes: response helpers for the route data, pagination (the reference platform
 * API's `page`/`size`), the audit statement that goes into the same `db.batch` as every change, and D1 error mapping.
 */
import { z } from "@hono/zod-openapi";
import { parseDurationMs } from "../../solver/duration";
import { ErrorInfoSchema } from "../../schemas/error";
import type { Caller } from "../auth";
import { ApiError } from "../errors";

export const PLATFORM_BASE = "/api/platform/v1";
export const SECURITY: Array<Record<string, string[]>> = [{ Bearer: [] }, { ApiKey: [] }];

/** The same response builder as the model routes use. */
export { json } from "../routes/openapi-helpers";
import { json } from "../routes/openapi-helpers";

const error = (description: string) => json(ErrorInfoSchema, description);
export const ERRORS = {
  400: error("In case the request given does not meet expectations"),
  401: error("Missing, unknown, expired or revoked credential"),
  403: error("In case the caller does not have permissions for this operation"),
  404: error("Not found in the caller's tenant"),
  409: error("In case the change conflicts with the current state"),
};
export const NO_CONTENT = { description: "Done; no content" };

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0).openapi({ description: "Zero-based page number" }),
  size: z.coerce.number().int().min(0).max(1000).default(100).openapi({ description: "Page size" }),
});

export const idParam = (name: string) =>
  z.string().min(1).max(100).openapi({ param: { name, in: "path" } });

/** ISO 8601 duration (PnW, PnDTnHnMnS) between 1 second and `maxDays`. */
export function durationSchema(maxDays: number) {
  return z
    .string()
    .refine((text) => {
      try {
        const ms = parseDurationMs(text);
        return ms >= 1000 && ms <= maxDays * 86_400_000;
      } catch {
        return false;
      }
    }, `must be an ISO 8601 duration between PT1S and P${maxDays}D (for example P30D)`);
}

export function nowIso(): string {
  return new Date().toISOString();
}

export type AuditAction =
  | "TENANT_CREATED"
  | "TENANT_UPDATED"
  | "MEMBER_ADDED"
  | "MEMBER_UPDATED"
  | "MEMBER_REMOVED"
  | "ACCESS_TOKEN_CREATED"
  | "ACCESS_TOKEN_REVOKED"
  | "API_KEY_CREATED"
  | "API_KEY_REVOKED"
  | "SECRET_CREATED"
  | "SECRET_UPDATED"
  | "SECRET_DELETED"
  | "WEBHOOK_CREATED"
  | "WEBHOOK_UPDATED"
  | "WEBHOOK_DELETED"
  | "WEBHOOK_DELIVERY_RESENT"
  | "CONFIGURATION_CREATED"
  | "CONFIGURATION_UPDATED"
  | "CONFIGURATION_DELETED"
  | "SOLVE_QUEUE_UPDATED";

export interface AuditTarget {
  action: AuditAction;
  resourceType: string;
  resourceId: string;
  /** What changed; never a secret value or a credential. */
  details?: Record<string, unknown>;
  /** The tenant whose log records it; the caller's by default. */
  tenantId?: string;
}

export function actorName(caller: Caller): string {
  return caller.email ?? caller.memberName ?? caller.keyName;
}

/**
 * The audit row of a change, to be put in the same `db.batch` as the change itself. With `onlyIfChanged`, the row is
 * written only when the statement just before it in the batch changed a row (SQLite `changes()`; a D1 batch runs its
 * statements in order in one transaction), so a conditional update that did nothing leaves no audit entry.
 */
export function auditStatement(db: D1Database, caller: Caller, target: AuditTarget, onlyIfChanged = false): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (id, tenant_id, timestamp, actor, actor_id, credential_id, action, resource_type, resource_id, details)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE ?11 = 0 OR changes() > 0`,
    )
    .bind(
      crypto.randomUUID(),
      target.tenantId ?? caller.tenantId,
      nowIso(),
      actorName(caller),
      caller.memberId ?? caller.credentialId,
      caller.credentialId,
      target.action,
      target.resourceType,
      target.resourceId,
      JSON.stringify(target.details ?? {}),
      onlyIfChanged ? 1 : 0,
    );
}

/** Runs a batch, turning a uniqueness violation into 409 with the given message. */
export async function batchOrConflict(db: D1Database, statements: D1PreparedStatement[], conflict: string): Promise<D1Result[]> {
  try {
    return await db.batch(statements);
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed/i.test(err.message)) {
      throw new ApiError(409, "CONFLICT", conflict);
    }
    throw err;
  }
}

/** Validity of a credential row as shown in listings. */
export function credentialStatus(row: { expires_at: string; revoked_at: string | null }): "ACTIVE" | "EXPIRED" | "REVOKED" {
  if (row.revoked_at) return "REVOKED";
  return Date.parse(row.expires_at) <= Date.now() ? "EXPIRED" : "ACTIVE";
}

export const CredentialStatusSchema = z.enum(["ACTIVE", "EXPIRED", "REVOKED"]);
