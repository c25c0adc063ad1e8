/**
 * Webhook configurations in D1 (spec §2.11, §6.1) and the delivery payload. Read by the platform routes and by the
 * dataset Durable Objects that deliver events, so no Hono here.
 */
import type { SolverStatus } from "../schemas/metadata";
import { compileUserRegex } from "./user-regex";

/** The service's public origin when PUBLIC_BASE_URL is unset: `wrangler dev` on its default port. */
export const DEFAULT_PUBLIC_BASE_URL = "http://127.0.0.1:8787";

/** Statuses that send an event (spec §6.1); SOLVING_COMPLETED includes a cancelled solve. */
export const WEBHOOK_EVENT_STATUSES = [
  "DATASET_COMPUTED",
  "DATASET_INVALID",
  "SOLVING_COMPLETED",
  "SOLVING_INCOMPLETE",
  "SOLVING_FAILED",
] as const satisfies readonly SolverStatus[];
export type WebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];

export function isWebhookEventStatus(status: string): status is WebhookEventStatus {
  return (WEBHOOK_EVENT_STATUSES as readonly string[]).includes(status);
}

/** The delivery payload of spec §2.11, sent as the JSON body of a POST. */
export interface WebhookPayload {
  id: string;
  name: string;
  model: string;
  modelVersion: string;
  tags: string[];
  status: WebhookEventStatus;
  runLink: string;
  outputLink: string;
}

export type HmacMethod = "BODY" | "PATH";

export interface WebhookConfig {
  id: string;
  tenantId: string;
  name: string;
  url: string;
  enabled: boolean;
  /** Header name -> value template (`{hmac_signature}`, `{hmac_timestamp}`, `{secret:NAME}`). */
  headers: Record<string, string>;
  authorization: {
    type: "NONE" | "HMAC";
    method: HmacMethod;
    /** AES-GCM ciphertext of a literal key (see secret-store `webhookKeyContext`). */
    sealedKey: string | null;
    /** Or the name of the secret that holds the key. */
    keySecret: string | null;
  };
  filters: {
    statuses: WebhookEventStatus[] | null;
    datasetNameRegex: string | null;
    tags: string[] | null;
  };
  createdAt: string;
  updatedAt: string;
}

export interface WebhookRow {
  id: string;
  tenant_id: string;
  name: string;
  url: string;
  enabled: number;
  headers: string;
  auth_type: "NONE" | "HMAC";
  hmac_method: HmacMethod;
  hmac_key: string | null;
  hmac_key_secret: string | null;
  filter_statuses: string | null;
  filter_name_regex: string | null;
  filter_tags: string | null;
  created_at: string;
  updated_at: string;
}

export function toWebhookConfig(r: WebhookRow): WebhookConfig {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    url: r.url,
    enabled: r.enabled === 1,
    headers: JSON.parse(r.headers) as Record<string, string>,
    authorization: { type: r.auth_type, method: r.hmac_method, sealedKey: r.hmac_key, keySecret: r.hmac_key_secret },
    filters: {
      statuses: r.filter_statuses ? (JSON.parse(r.filter_statuses) as WebhookEventStatus[]) : null,
      datasetNameRegex: r.filter_name_regex,
      tags: r.filter_tags ? (JSON.parse(r.filter_tags) as string[]) : null,
    },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/**
 * Spec §6.1 filters: selected statuses; dataset names matching a regular expression (searched, so anchor it with
 * ^...$ for a whole-name match); datasets carrying every one of the given tags. An absent filter admits all.
 */
export function matchesFilters(config: WebhookConfig, payload: WebhookPayload): boolean {
  const { statuses, datasetNameRegex, tags } = config.filters;
  if (statuses && !statuses.includes(payload.status)) return false;
  if (datasetNameRegex) {
    // Linear-time RE2, never RegExp: the pattern is the tenant's (user-regex.ts). One refused at save time cannot be
    // stored; a row written before RE2 that RE2 refuses admits nothing, and says so in the log.
    const regex = compileUserRegex(datasetNameRegex);
    if (!regex.ok) {
      console.warn(`Webhook ${config.id}: filters.datasetNameRegex is refused (${regex.reason}); it admits no event`);
      return false;
    }
    if (!regex.test(payload.name)) return false;
  }
  if (tags && !tags.every((t) => payload.tags.includes(t))) return false;
  return true;
}

export async function getWebhook(db: D1Database, tenantId: string, id: string): Promise<WebhookConfig | null> {
  const row = await db.prepare(`SELECT * FROM webhooks WHERE tenant_id = ? AND id = ?`).bind(tenantId, id).first<WebhookRow>();
  return row ? toWebhookConfig(row) : null;
}

export async function listEnabledWebhooks(db: D1Database, tenantId: string): Promise<WebhookConfig[]> {
  const { results } = await db
    .prepare(`SELECT * FROM webhooks WHERE tenant_id = ? AND enabled = 1 ORDER BY created_at, id`)
    .bind(tenantId)
    .all<WebhookRow>();
  return results.map(toWebhookConfig);
}
