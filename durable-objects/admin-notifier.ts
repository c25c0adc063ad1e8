/**
 * Notifications to a tenant's administrators (spec §6.2 rule 3): after the 10th failed retry of a webhook delivery,
 * the administrators get a notice with a link to the failure logs, at most one per tenant per 2 hours.
 *
 * Every notice is recorded in D1 (`notifications`, listed by GET /api/platform/v1/notifications). Sending sits behind
 * `NotificationSender`, because e-mail cannot leave this machine: the default sender writes to the log. A deployment
 * plugs in an e-mail sender by implementing the interface.
 */
export interface AdminNotification {
  id: string;
  tenantId: string;
  kind: "WEBHOOK_DELIVERY_FAILED";
  subject: string;
  body: string;
  recipients: string[];
  link: string;
}

export interface NotificationSender {
  send(notification: AdminNotification): Promise<void>;
}

export const logSender: NotificationSender = {
  async send(n) {
    console.log(`[notification ${n.id}] to ${n.recipients.join(", ") || "(no administrator e-mail)"}: ${n.subject}`);
  },
};

export const NOTIFICATION_INTERVAL_MS = 2 * 60 * 60 * 1000;

export interface WebhookFailure {
  tenantId: string;
  webhookId: string;
  webhookName: string;
  datasetId: string;
  lastMessage: string;
  logsLink: string;
}

/**
 * Records (and sends) a failure notice unless the tenant got one in the last 2 hours. The check and the insert are
 * one statement, so two objects that give up at the same moment cannot both notify. Returns whether one was sent.
 */
export async function notifyWebhookFailure(
  db: D1Database,
  failure: WebhookFailure,
  sender: NotificationSender = logSender,
  now = Date.now(),
): Promise<boolean> {
  const { results } = await db
    .prepare(`SELECT email FROM members WHERE tenant_id = ? AND role = 'ADMIN' AND email IS NOT NULL ORDER BY email`)
    .bind(failure.tenantId)
    .all<{ email: string }>();
  const notification: AdminNotification = {
    id: crypto.randomUUID(),
    tenantId: failure.tenantId,
    kind: "WEBHOOK_DELIVERY_FAILED",
    subject: `Webhook '${failure.webhookName}' failed 10 retries`,
    body:
      `The delivery of the event of dataset ${failure.datasetId} to webhook '${failure.webhookName}' failed after ` +
      `10 retries. Last result: ${failure.lastMessage}. The failure logs: ${failure.logsLink}`,
    recipients: results.map((r) => r.email),
    link: failure.logsLink,
  };
  const since = new Date(now - NOTIFICATION_INTERVAL_MS).toISOString();
  const inserted = await db
    .prepare(
      `INSERT INTO notifications (id, tenant_id, kind, subject, body, recipients, link, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
        WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE tenant_id = ?2 AND kind = ?3 AND created_at > ?9)`,
    )
    .bind(
      notification.id,
      notification.tenantId,
      notification.kind,
      notification.subject,
      notification.body,
      JSON.stringify(notification.recipients),
      notification.link,
      new Date(now).toISOString(),
      since,
    )
    .run();
  if (!inserted.meta.changes) return false;
  await sender.send(notification);
  await db.prepare(`UPDATE notifications SET sent_at = ? WHERE id = ?`).bind(new Date().toISOString(), notification.id).run();
  return true;
}
