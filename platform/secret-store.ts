/**
 * Secrets at rest (D1, AES-256-GCM under SECRETS_KEY) and secret references. A webhook header value or HMAC key may
 * say `{secret:NAME}`; the reference is resolved only when a delivery is sent, inside the dataset's Durable Object,
 * so a secret's value never leaves the service except towards the webhook it was configured for.
 * No Hono here: the Durable Objects use this module too.
 */
import { seal, unseal } from "./crypto";

export const SECRET_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const SECRET_REF = /\{secret:([A-Za-z0-9_.-]{1,64})\}/g;

/** Additional authenticated data: a secret's ciphertext is bound to its tenant and row. */
export function secretContext(tenantId: string, secretId: string): string {
  return `tenant:${tenantId}/secret:${secretId}`;
}

export function webhookKeyContext(tenantId: string, webhookId: string): string {
  return `tenant:${tenantId}/webhook:${webhookId}/hmac-key`;
}

/** Names referenced as `{secret:NAME}` in the texts. */
export function secretRefs(...texts: Array<string | null | undefined>): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of (text ?? "").matchAll(SECRET_REF)) names.add(m[1]);
  return [...names];
}

/** Replace every `{secret:NAME}` by its value. */
export function substituteSecrets(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(SECRET_REF, (_, name: string) => values.get(name) ?? "");
}

export async function sealSecret(secretsKey: string | undefined, tenantId: string, id: string, value: string): Promise<string> {
  return seal(secretsKey, value, secretContext(tenantId, id));
}

/** Names among `names` that the tenant has no secret for. */
export async function missingSecrets(db: D1Database, tenantId: string, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const { results } = await db
    .prepare(`SELECT name FROM secrets WHERE tenant_id = ? AND name IN (${names.map(() => "?").join(", ")})`)
    .bind(tenantId, ...names)
    .all<{ name: string }>();
  const found = new Set(results.map((r) => r.name));
  return names.filter((n) => !found.has(n));
}

/** Decrypted values of the named secrets; throws naming the first missing one. */
export async function loadSecretValues(
  db: D1Database,
  secretsKey: string | undefined,
  tenantId: string,
  names: string[],
): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  if (!names.length) return values;
  const { results } = await db
    .prepare(`SELECT id, name, ciphertext FROM secrets WHERE tenant_id = ? AND name IN (${names.map(() => "?").join(", ")})`)
    .bind(tenantId, ...names)
    .all<{ id: string; name: string; ciphertext: string }>();
  for (const r of results) values.set(r.name, await unseal(secretsKey, r.ciphertext, secretContext(tenantId, r.id)));
  const missing = names.filter((n) => !values.has(n));
  if (missing.length) throw new Error(`Unknown secret '${missing[0]}' referenced by the webhook.`);
  return values;
}
