/**
 * Global setup of the workers tests: a real HTTP webhook receiver on 127.0.0.1 (Node side), which the Worker's
 * Durable Objects deliver to over the network, exactly as they would to a customer's endpoint.
 *
 * It verifies every delivery's HMAC signature itself, with node:crypto (independently of the service's code), and can
 * be told per scenario to fail the first N deliveries or to answer slowly:
 *   PUT  /scenarios/<name>           {failTimes?, failStatus?, delayMs?, hmacKey?, method?, signatureHeader?, prefix?}
 *   POST /hooks/<name>[/...]         a delivery: recorded, answered per the scenario
 *   GET  /scenarios/<name>/requests  what was received, with `signatureValid`
 * The port reaches the tests through `provide("webhookReceiverPort")` / `inject(...)`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { TestProject } from "vitest/node";

interface Scenario {
  failTimes: number;
  failStatus: number;
  delayMs: number;
  hmacKey: string | null;
  method: "BODY" | "PATH";
  signatureHeader: string;
  prefix: string;
}

export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: string;
  answeredStatus: number;
  signatureValid: boolean | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    webhookReceiverPort: number;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Independent check of spec §6.3: Base64 HMAC-SHA-256 of the body, or of POST+<path>+<timestamp>. */
function verify(s: Scenario, req: IncomingMessage, path: string, body: string): boolean | null {
  if (!s.hmacKey) return null;
  const header = req.headers[s.signatureHeader.toLowerCase()];
  const timestamp = req.headers["x-rota-timestamp"];
  if (typeof header !== "string" || typeof timestamp !== "string") return false;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(timestamp)) return false;
  if (!header.startsWith(s.prefix)) return false;
  const content = s.method === "BODY" ? body : `POST+${path}+${timestamp}`;
  const expected = createHmac("sha256", s.hmacKey).update(content, "utf8").digest();
  const given = Buffer.from(header.slice(s.prefix.length), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scenarios = new Map<string, Scenario>();
  const received = new Map<string, ReceivedDelivery[]>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const parts = url.pathname.split("/").filter(Boolean);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    try {
      const body = await readBody(req);
      if (parts[0] === "scenarios" && parts.length === 2 && req.method === "PUT") {
        const cfg = JSON.parse(body || "{}") as Partial<Scenario>;
        scenarios.set(parts[1], {
          failTimes: cfg.failTimes ?? 0,
          failStatus: cfg.failStatus ?? 500,
          delayMs: cfg.delayMs ?? 0,
          hmacKey: cfg.hmacKey ?? null,
          method: cfg.method ?? "BODY",
          signatureHeader: cfg.signatureHeader ?? "X-Rota-Signature",
          prefix: cfg.prefix ?? "",
        });
        received.set(parts[1], []);
        return send(204, {});
      }
      if (parts[0] === "scenarios" && parts[2] === "requests" && req.method === "GET") {
        return send(200, received.get(parts[1]) ?? []);
      }
      if (parts[0] === "hooks" && parts.length >= 2 && req.method === "POST") {
        const name = parts[1];
        const s = scenarios.get(name) ?? {
          failTimes: 0,
          failStatus: 500,
          delayMs: 0,
          hmacKey: null,
          method: "BODY" as const,
          signatureHeader: "X-Rota-Signature",
          prefix: "",
        };
        const list = received.get(name) ?? [];
        received.set(name, list);
        const status = list.length < s.failTimes ? s.failStatus : 200;
        list.push({
          path: url.pathname,
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
          body,
          receivedAt: new Date().toISOString(),
          answeredStatus: status,
          signatureValid: verify(s, req, url.pathname, body),
        });
        if (s.delayMs) await new Promise((r) => setTimeout(r, s.delayMs));
        if (!res.destroyed) send(status, { ok: status === 200 });
        return;
      }
      send(404, { error: "unknown receiver path" });
    } catch (err) {
      send(500, { error: String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  project.provide("webhookReceiverPort", port);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
