/**
 * The transactional webhook outbox of one dataset Durable Object (spec §6): no event is lost across restarts.
 *
 * 1. Enqueue: when the dataset's record is written with a new event status (§6.1), the event row is inserted in the
 *    same SQLite transaction (`enqueue`, called inside `transactionSync`). Either both are stored or neither.
 * 2. Fan-out: the tenant's enabled webhooks are read from D1 and filtered (statuses, name regex, tags); one delivery
 *    row per matching webhook. Done right after the write and again by every alarm until it succeeds; the `fanned_out`
 *    flag makes it happen once. Until then a recovery wake-up stands in the alarm schedule.
 * 3. Delivery: the alarm sends every due delivery (`pump`). HTTP 200 ends it; any other status or a failed
 *    connection reschedules it 10 s later, up to 10 retries, after which the tenant's administrators are notified;
 *    a read timeout ends it unretried. Every attempt is logged in D1 (`webhook_logs`).
 *
 * Idempotence: state changes are SQLite writes made right after each attempt with no await in between, so a retried
 * alarm resends at most the attempt that was in flight (at-least-once delivery; receivers de-duplicate on the
 * X-Rota-Delivery header). Within one instance, `inFlight` keeps two overlapping alarm runs from sending the same
 * delivery twice.
 */
import type { Metadata } from "../schemas/metadata";
import type { Env } from "../platform/env";
import {
  DEFAULT_PUBLIC_BASE_URL,
  getWebhook,
  isWebhookEventStatus,
  listEnabledWebhooks,
  matchesFilters,
  type WebhookConfig,
  type WebhookPayload,
} from "../platform/webhook-store";
import { refusedTarget, targetPolicy } from "../platform/webhook-target";
import { notifyWebhookFailure, type NotificationSender, logSender } from "./admin-notifier";
import type { AlarmSchedule } from "./alarm-schedule";
import { buildHeaders, sendWebhook, type AttemptResult } from "./webhook-delivery";

export const MODEL_ID = "employee-scheduling";
export const MAX_RETRIES = 10;
export const RETRY_DELAY_MS = 10_000;
/** When the fan-out right after a write could not run (D1 unreachable, crash), the alarm retries it after this. */
const RECOVERY_DELAY_MS = 10_000;

type EventRow = {
  id: string;
  tenant_id: string;
  payload: string;
  created_at: number;
  fanned_out: number;
};

type DeliveryRow = {
  id: string;
  event_id: string;
  tenant_id: string;
  webhook_id: string;
  attempts: number;
  next_attempt_at: number;
  resend_of: string | null;
  payload: string;
};

export type LogOutcome = "DELIVERED" | "RETRY_SCHEDULED" | "FAILED" | "TIMEOUT";

export function webhookPayload(env: Env, m: Metadata): WebhookPayload {
  if (!isWebhookEventStatus(m.solverStatus)) throw new Error(`${m.solverStatus} is not a webhook event status.`);
  const base = (env.PUBLIC_BASE_URL || DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, "");
  const link = `${base}/api/models/${MODEL_ID}/v1/schedules/${encodeURIComponent(m.id)}`;
  return {
    id: m.id,
    name: m.name,
    model: MODEL_ID,
    modelVersion: env.MODEL_VERSION,
    tags: m.tags,
    status: m.solverStatus,
    runLink: `${link}/run`,
    outputLink: link,
  };
}

export class WebhookOutbox {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
    private readonly alarms: AlarmSchedule,
    private readonly sender: NotificationSender = logSender,
  ) {}

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  migrate(): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS outbox_events (
      id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, payload TEXT NOT NULL, created_at INTEGER NOT NULL,
      fanned_out INTEGER NOT NULL DEFAULT 0)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS outbox_deliveries (
      id TEXT PRIMARY KEY, event_id TEXT NOT NULL, tenant_id TEXT NOT NULL, webhook_id TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, resend_of TEXT)`);
  }

  /**
   * Call inside the transaction that writes the record: enqueues an event when the status changed into an event
   * status. Returns whether it did; then call `arm` (same turn) and `afterEnqueue`.
   */
  enqueueTransition(tenantId: string, previousStatus: string | undefined, m: Metadata): boolean {
    if (previousStatus === m.solverStatus || !isWebhookEventStatus(m.solverStatus)) return false;
    this.sql.exec(
      `INSERT INTO outbox_events (id, tenant_id, payload, created_at) VALUES (?, ?, ?, ?)`,
      crypto.randomUUID(),
      tenantId,
      JSON.stringify(webhookPayload(this.env, m)),
      Date.now(),
    );
    // The recovery wake-up, unless an earlier one (a retry that is due sooner) already stands.
    const recovery = Date.now() + RECOVERY_DELAY_MS;
    this.alarms.set("outbox", Math.min(this.alarms.dueAt("outbox") ?? recovery, recovery));
    return true;
  }

  /** A resend of a logged delivery to one webhook (platform API): a new delivery of the same payload, due now. */
  enqueueResend(tenantId: string, webhookId: string, payload: string, resendOf: string): string {
    const eventId = crypto.randomUUID();
    const deliveryId = crypto.randomUUID();
    this.storage.transactionSync(() => {
      this.sql.exec(
        `INSERT INTO outbox_events (id, tenant_id, payload, created_at, fanned_out) VALUES (?, ?, ?, ?, 1)`,
        eventId,
        tenantId,
        payload,
        Date.now(),
      );
      this.sql.exec(
        `INSERT INTO outbox_deliveries (id, event_id, tenant_id, webhook_id, next_attempt_at, resend_of) VALUES (?, ?, ?, ?, ?, ?)`,
        deliveryId,
        eventId,
        tenantId,
        webhookId,
        Date.now(),
        resendOf,
      );
      this.alarms.set("outbox", Date.now());
    });
    return deliveryId;
  }

  /** After an enqueue outside an alarm: fan out now (a D1 read), so the alarm is only needed when there is work. */
  async afterEnqueue(): Promise<void> {
    await this.fanOut();
    await this.alarms.arm();
  }

  /** Turn pending events into deliveries for the matching enabled webhooks. Safe to repeat. */
  async fanOut(): Promise<void> {
    const events = this.sql.exec<EventRow>(`SELECT * FROM outbox_events WHERE fanned_out = 0 ORDER BY created_at`).toArray();
    for (const event of events) {
      let targets: string[];
      try {
        const payload = JSON.parse(event.payload) as WebhookPayload;
        targets = (await listEnabledWebhooks(this.env.DB, event.tenant_id)).filter((w) => matchesFilters(w, payload)).map((w) => w.id);
      } catch (err) {
        console.error(`Webhook fan-out of event ${event.id} failed; the alarm retries it`, err);
        continue;
      }
      const now = Date.now();
      this.storage.transactionSync(() => {
        const still = this.sql.exec(`SELECT 1 FROM outbox_events WHERE id = ? AND fanned_out = 0`, event.id).toArray();
        if (!still.length) return;
        for (const webhookId of targets) {
          this.sql.exec(
            `INSERT INTO outbox_deliveries (id, event_id, tenant_id, webhook_id, next_attempt_at) VALUES (?, ?, ?, ?, ?)`,
            crypto.randomUUID(),
            event.id,
            event.tenant_id,
            webhookId,
            now,
          );
        }
        this.sql.exec(`UPDATE outbox_events SET fanned_out = 1 WHERE id = ?`, event.id);
      });
    }
    this.collectGarbage();
    this.scheduleWake();
  }

  /** The alarm's job: fan out, send every due delivery, and set the next outbox wake-up. */
  async pump(): Promise<void> {
    await this.fanOut();
    const now = Date.now();
    const due = this.sql
      .exec<DeliveryRow>(
        `SELECT d.*, e.payload FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
          WHERE d.next_attempt_at <= ? ORDER BY d.next_attempt_at`,
        now,
      )
      .toArray()
      .filter((d) => !this.inFlight.has(d.id));
    await Promise.all(due.map((d) => this.attempt(d)));
    this.collectGarbage();
    this.scheduleWake();
  }

  /** Number of deliveries still waiting (for tests and diagnostics). */
  pending(): { events: number; deliveries: number } {
    const events = this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM outbox_events`).one().n;
    const deliveries = this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM outbox_deliveries`).one().n;
    return { events, deliveries };
  }

  private async attempt(d: DeliveryRow): Promise<void> {
    this.inFlight.add(d.id);
    try {
      const webhook = await getWebhook(this.env.DB, d.tenant_id, d.webhook_id);
      if (!webhook || !webhook.enabled) {
        // Deleted or disabled since the event: a disabled webhook sends nothing (spec §6.1).
        this.sql.exec(`DELETE FROM outbox_deliveries WHERE id = ?`, d.id);
        return;
      }
      const timestamp = new Date();
      // The target is judged again at every attempt: the allowed hosts or the service's origin may have changed.
      const refused = refusedTarget(webhook.url, targetPolicy(this.env));
      const result: AttemptResult = refused
        ? { outcome: "FAILED", httpStatus: null, durationMs: 0, message: `Target refused, nothing sent: ${refused}` }
        : await this.send(webhook, d, timestamp);
      const retriesSoFar = d.attempts;
      let outcome: LogOutcome;
      let message = result.message;
      // State first, synchronously, right after the attempt: a crash from here on re-sends nothing.
      if (result.outcome === "FAILED" && retriesSoFar < MAX_RETRIES && !refused) {
        const delay = Number(this.env.WEBHOOK_RETRY_DELAY_MS || RETRY_DELAY_MS);
        this.sql.exec(
          `UPDATE outbox_deliveries SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?`,
          Date.now() + delay,
          d.id,
        );
        outcome = "RETRY_SCHEDULED";
        message += `; retry ${retriesSoFar + 1} of ${MAX_RETRIES} in ${delay / 1000} s`;
      } else {
        this.sql.exec(`DELETE FROM outbox_deliveries WHERE id = ?`, d.id);
        outcome = result.outcome;
        if (refused) message += "; not retried";
        else if (result.outcome === "FAILED") message += `; gave up after ${MAX_RETRIES} retries`;
      }
      const payload = JSON.parse(d.payload) as WebhookPayload;
      await this.log(d, payload, timestamp, result, outcome, message);
      if (outcome === "FAILED") {
        const base = (this.env.PUBLIC_BASE_URL || DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, "");
        await notifyWebhookFailure(
          this.env.DB,
          {
            tenantId: d.tenant_id,
            webhookId: webhook.id,
            webhookName: webhook.name,
            datasetId: payload.id,
            lastMessage: result.message,
            logsLink: `${base}/api/platform/v1/webhooks/${webhook.id}/logs`,
          },
          this.sender,
        ).catch((err) => console.error("Could not record the webhook failure notification", err));
      }
    } finally {
      this.inFlight.delete(d.id);
    }
  }

  private async send(webhook: WebhookConfig, d: DeliveryRow, timestamp: Date): Promise<AttemptResult> {
    try {
      const headers = await buildHeaders(webhook, d.payload, d.id, { db: this.env.DB, secretsKey: this.env.SECRETS_KEY }, timestamp);
      return await sendWebhook(webhook.url, headers, d.payload);
    } catch (err) {
      return {
        outcome: "FAILED",
        httpStatus: null,
        durationMs: Date.now() - timestamp.getTime(),
        message: `The request could not be prepared: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }

  private async log(
    d: DeliveryRow,
    payload: WebhookPayload,
    at: Date,
    result: AttemptResult,
    outcome: LogOutcome,
    message: string,
  ): Promise<void> {
    try {
      await this.env.DB.prepare(
        `INSERT INTO webhook_logs (id, tenant_id, webhook_id, delivery_id, attempt, timestamp, duration_ms, http_status,
           outcome, dataset_id, dataset_status, model, model_version, message, payload, resend_of)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
        .bind(
          crypto.randomUUID(),
          d.tenant_id,
          d.webhook_id,
          d.id,
          d.attempts,
          at.toISOString(),
          result.durationMs,
          result.httpStatus,
          outcome,
          payload.id,
          payload.status,
          payload.model,
          payload.modelVersion,
          message,
          d.payload,
          d.resend_of,
        )
        .run();
    } catch (err) {
      // The delivery itself is done; a lost log line must not make it happen again.
      console.error(`Could not log webhook delivery ${d.id}`, err);
    }
  }

  /** Events whose deliveries are all finished. */
  private collectGarbage(): void {
    this.sql.exec(
      `DELETE FROM outbox_events WHERE fanned_out = 1
         AND NOT EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.event_id = outbox_events.id)`,
    );
  }

  /** The outbox's wake-up: the next due delivery, or the recovery time of an event not yet fanned out. */
  private scheduleWake(): void {
    const next = this.sql.exec<{ next: number | null }>(`SELECT MIN(next_attempt_at) AS next FROM outbox_deliveries`).one().next;
    const unfanned = this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM outbox_events WHERE fanned_out = 0`).one().n;
    const recovery = unfanned ? Date.now() + RECOVERY_DELAY_MS : null;
    const candidates = [next, recovery].filter((t): t is number => t !== null);
    if (candidates.length) this.alarms.set("outbox", Math.min(...candidates));
    else this.alarms.clear("outbox");
  }
}
