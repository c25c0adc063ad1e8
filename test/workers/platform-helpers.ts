/** Helpers for the platform, permission and webhook tests (inside workerd, through the real HTTP surface). */
import { runDurableObjectAlarm, SELF } from "cloudflare:test";
import { inject } from "vitest";
import { API_KEY, smallInput, stubOf } from "./helpers";

export const ORIGIN = "https://rota.test";
export const PLATFORM = `${ORIGIN}/api/platform/v1`;
export const ESS = `${ORIGIN}/api/models/employee-scheduling/v1`;
export const SCHEDULES = `${ESS}/schedules`;

export interface Req extends RequestInit {
  /** Sent as X-API-KEY; the bootstrap key by default, none with null. */
  key?: string | null;
  /** Sent as Authorization: Bearer. */
  bearer?: string;
  json?: unknown;
}

export function call(url: string, init: Req = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.bearer) headers.set("Authorization", `Bearer ${init.bearer}`);
  else if (init.key !== null) headers.set("X-API-KEY", init.key ?? API_KEY);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set("Content-Type", "application/json");
  }
  return SELF.fetch(url, { ...init, headers, body });
}

export async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface CreatedKey {
  id: string;
  key: string;
  permissions: string[];
  models: string[] | null;
  expiresAt: string;
}

export function createKey(
  body: { name?: string; permissions?: string[]; models?: string[] | null; expiresIn?: string },
  admin: Req = {},
): Promise<CreatedKey> {
  return ok(call(`${PLATFORM}/api-keys`, { ...admin, method: "POST", json: { name: "test key", ...body } }), 201);
}

export interface CreatedTenant {
  tenant: { id: string; name: string; plan: string };
  admin: { id: string; email: string };
  accessToken: { id: string; token: string };
}

/** A fresh tenant with its first administrator; `admin` is the Req that acts as that administrator. */
export async function createTenant(name: string): Promise<CreatedTenant & { as: Req }> {
  const created = await ok<CreatedTenant>(
    call(`${PLATFORM}/tenants`, { method: "POST", json: { name, admin: { email: `admin@${name.toLowerCase()}.test` } } }),
    201,
  );
  return { ...created, as: { bearer: created.accessToken.token } };
}

/** Submit the small instance with a given key; returns the dataset id. */
export async function submitAs(key: string, config: Record<string, unknown> = {}, query = ""): Promise<string> {
  const body = { modelInput: smallInput(), config: { run: { termination: { stepCountLimit: 200 } }, ...config } };
  const res = await call(`${SCHEDULES}${query}`, { key, method: "POST", json: body });
  const json = await res.json<{ id: string; message?: string }>();
  if (res.status !== 202) throw new Error(`submit: ${res.status} ${JSON.stringify(json)}`);
  return json.id;
}

/** Fire the dataset's alarms until it reaches a final status (read with `key`). */
export async function driveAs(key: string, id: string, maxAlarms = 500): Promise<string> {
  for (let i = 0; i < maxAlarms; i++) {
    const res = await call(`${SCHEDULES}/${id}`, { key });
    const status = (await res.json<{ metadata: { solverStatus: string } }>()).metadata.solverStatus;
    if (!["SOLVING_SCHEDULED", "SOLVING_STARTED", "SOLVING_ACTIVE", "DATASET_VALIDATED"].includes(status)) return status;
    await runDurableObjectAlarm(stubOf(id));
  }
  throw new Error(`dataset ${id} did not finish`);
}

// ---- the webhook receiver of the global setup ----

export const RECEIVER = `http://127.0.0.1:${inject("webhookReceiverPort")}`;

export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: string;
  answeredStatus: number;
  signatureValid: boolean | null;
}

export async function scenario(
  name: string,
  cfg: { failTimes?: number; failStatus?: number; delayMs?: number; hmacKey?: string; method?: "BODY" | "PATH"; signatureHeader?: string; prefix?: string } = {},
): Promise<string> {
  const res = await fetch(`${RECEIVER}/scenarios/${name}`, { method: "PUT", body: JSON.stringify(cfg) });
  if (res.status !== 204) throw new Error(`receiver: ${res.status}`);
  return `${RECEIVER}/hooks/${name}`;
}

export async function received(name: string): Promise<ReceivedDelivery[]> {
  return (await fetch(`${RECEIVER}/scenarios/${name}/requests`)).json();
}

/** Poll until `check` holds (or fail after `timeoutMs`). */
export async function waitFor<T>(what: string, probe: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
