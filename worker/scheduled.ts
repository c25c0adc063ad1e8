/**
 * The scheduled (cron) handler: retention of platform records. Webhook delivery logs and administrator
 * notifications are kept 30 days (spec §6.2 rule 5, §8); the cron in wrangler.toml runs this daily.
 */
import type { Env } from "../platform/env";

export const LOG_RETENTION_MS = 30 * 24 * 3600_000;

export async function cleanupPlatformRecords(env: Env, now = Date.now()): Promise<{ webhookLogs: number; notifications: number }> {
  const cutoff = new Date(now - LOG_RETENTION_MS).toISOString();
  const [logs, notifications] = await env.DB.batch([
    env.DB.prepare(`DELETE FROM webhook_logs WHERE timestamp < ?`).bind(cutoff),
    env.DB.prepare(`DELETE FROM notifications WHERE created_at < ?`).bind(cutoff),
  ]);
  return { webhookLogs: logs.meta.changes, notifications: notifications.meta.changes };
}

export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const removed = await cleanupPlatformRecords(env, controller.scheduledTime);
  console.log(`Retention cleanup: ${removed.webhookLogs} webhook log rows, ${removed.notifications} notifications removed`);
}
