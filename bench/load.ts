/**
 * Load check against a running Rota (real `wrangler dev` on 127.0.0.1): submit the BASIC demo `count` times at
 * `concurrency` parallel requests, poll every acknowledged dataset to SOLVING_COMPLETED, then check that nothing was
 * lost and nothing is a ghost: the listing holds exactly the acknowledged datasets and each of them answers GET.
 *
 * A 429 is a refusal, not a loss: the client honours `Retry-After` and sends any request again (both are counted). So
 * is the 503 that `wrangler dev`'s own proxy answers to a POST when its connection to the Worker's runtime failed
 * ("The dev server lost its connection to the worker's runtime", with `Retry-After: 0`; "Your worker restarted
 * mid-request" before scripts/patch-wrangler-proxy.mjs, README "Load"): it is counted apart and submitted again, and
 * the ghost check below proves that the failed attempt created nothing (a dataset created twice would be listed
 * without having been acknowledged). Every other 5xx is a failure. Everything is bounded: the number
 * of requests, every request's time (AbortSignal.timeout) and the whole run (`deadlineMs`).
 * Used by `npm run bench:load` (load-main.ts) and by the e2e test test/e2e/load.test.ts.
 */

export interface LoadOptions {
  baseUrl: string;
  apiKey: string;
  count: number;
  concurrency: number;
  /** `config.run.termination.spentLimit` of every submission (short, so that the check finishes). */
  spentLimit: string;
  /** The whole run, submissions and polling included. */
  deadlineMs: number;
  /** One request's time limit: a request that takes longer counts as stalled. */
  requestTimeoutMs: number;
}

export interface LoadReport {
  submitted: number;
  acknowledged: number;
  /** 429 answers (each followed by a retry after Retry-After). */
  refused429: number;
  /** 503 answers of wrangler dev's proxy, not of the Worker (each followed by a retry). */
  proxy503: number;
  /** Requests whose keep-alive connection the server closed as they were sent, unanswered (each sent again). */
  connectionResets: number;
  /** Submissions that ended without a 202: status (or the network error) per submission. */
  lost: string[];
  /** Any 5xx answer seen, on any request. */
  serverErrors: string[];
  /** Requests that got no answer within `requestTimeoutMs` (or failed on the network). */
  stalled: string[];
  completed: number;
  /** Acknowledged datasets that did not reach SOLVING_COMPLETED in time, with their last status. */
  notCompleted: string[];
  /** Listed ids that were never acknowledged. */
  ghosts: string[];
  /** Acknowledged ids missing from the listing. */
  unlisted: string[];
  ackMs: number[];
  getMs: number[];
  listMs: number[];
  wallMs: number;
}

const ROOT = "/api/models/employee-scheduling/v1";
/** Retries of one request after 429s (or of a submission after proxy 503s); the run's deadline bounds them too. */
const MAX_RETRIES = 20;
const POLL_PAUSE_MS = 250;
const LIST_PAGE_SIZE = 100;

export async function runLoad(o: LoadOptions): Promise<LoadReport> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(o.baseUrl)) {
    throw new Error(`The load check only targets this machine (http://127.0.0.1:PORT), not ${o.baseUrl}`);
  }
  const started = performance.now();
  const deadline = Date.now() + o.deadlineMs;
  const report: LoadReport = {
    submitted: o.count,
    acknowledged: 0,
    refused429: 0,
    proxy503: 0,
    connectionResets: 0,
    lost: [],
    serverErrors: [],
    stalled: [],
    completed: 0,
    notCompleted: [],
    ghosts: [],
    unlisted: [],
    ackMs: [],
    getMs: [],
    listMs: [],
    wallMs: 0,
  };

  /**
   * One request; a 429 is waited out (its `Retry-After`) and sent again, and so is a request whose connection was
   * closed under it without an answer, within MAX_RETRIES and the deadline.
   */
  async function call(method: string, path: string, body?: string): Promise<{ status: number; ms: number; headers: Headers; json: unknown; text: string }> {
    for (let attempt = 0; ; attempt++) {
      let res;
      try {
        res = await callOnce(method, path, body);
      } catch (err) {
        if (!isConnectionReset(err) || attempt >= MAX_RETRIES || Date.now() > deadline) throw err;
        report.connectionResets++;
        continue;
      }
      if (res.status !== 429 || attempt >= MAX_RETRIES || Date.now() > deadline) return res;
      report.refused429++;
      const seconds = Number(res.headers.get("Retry-After") ?? "1");
      await sleep(Math.min(30, Number.isFinite(seconds) ? seconds : 1) * 1000);
    }
  }

  async function callOnce(method: string, path: string, body?: string): Promise<{ status: number; ms: number; headers: Headers; json: unknown; text: string }> {
    const t0 = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${o.baseUrl}${ROOT}${path}`, {
        method,
        body,
        headers: { "X-API-KEY": o.apiKey, "Content-Type": "application/json" },
        signal: AbortSignal.timeout(o.requestTimeoutMs),
      });
      text = await res.text();
    } catch (err) {
      if (!isConnectionReset(err)) report.stalled.push(`${method} ${path.split("?")[0]}: ${errorText(err)} after ${Math.round(performance.now() - t0)} ms`);
      throw err;
    }
    const ms = performance.now() - t0;
    if (res.status >= 500 && !isProxyRetry(res.status, text)) {
      report.serverErrors.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (an error page): the status says enough
    }
    return { status: res.status, ms, headers: res.headers, json, text };
  }

  const demo = await call("GET", "/demo-data/BASIC");
  if (demo.status !== 200) throw new Error(`GET demo-data/BASIC answered ${demo.status}`);
  const request = demo.json as { modelInput: unknown; config?: { run?: Record<string, unknown> } };

  const acked: string[] = [];
  await pool(o.count, o.concurrency, async (i) => {
    const body = JSON.stringify({
      modelInput: request.modelInput,
      config: { run: { name: `load-${i}`, termination: { spentLimit: o.spentLimit } } },
    });
    for (let attempt = 0; ; attempt++) {
      if (Date.now() > deadline) return void report.lost.push(`#${i}: deadline before a 202`);
      let res;
      try {
        res = await call("POST", "/schedules", body);
      } catch (err) {
        return void report.lost.push(`#${i}: ${errorText(err)}`);
      }
      if (res.status === 202) {
        report.ackMs.push(res.ms);
        acked.push((res.json as { id: string }).id);
        return;
      }
      // 429s were waited out and sent again by call().
      if (isProxyRetry(res.status, res.text) && attempt < MAX_RETRIES) {
        report.proxy503++;
        continue;
      }
      return void report.lost.push(`#${i}: ${res.status}`);
    }
  });
  report.acknowledged = acked.length;

  await pool(acked.length, o.concurrency, async (i) => {
    const id = acked[i];
    let last = "no answer";
    while (Date.now() < deadline) {
      try {
        const res = await call("GET", `/schedules/${id}`);
        report.getMs.push(res.ms);
        if (res.status !== 200) {
          last = `GET ${res.status}`;
        } else {
          last = (res.json as { metadata: { solverStatus: string } }).metadata.solverStatus;
          if (last === "SOLVING_COMPLETED") return void report.completed++;
        }
      } catch (err) {
        last = errorText(err);
      }
      await sleep(POLL_PAUSE_MS);
    }
    report.notCompleted.push(`${id}: ${last}`);
  });

  // The listing, page by page: exactly the acknowledged datasets (the check runs on a tenant of its own).
  const listed = new Set<string>();
  for (let page = 0; Date.now() < deadline; page++) {
    const res = await call("GET", `/schedules?page=${page}&size=${LIST_PAGE_SIZE}`);
    report.listMs.push(res.ms);
    if (res.status !== 200) throw new Error(`The listing answered ${res.status}`);
    const rows = res.json as Array<{ id: string }>;
    for (const r of rows) listed.add(r.id);
    if (rows.length < LIST_PAGE_SIZE) break;
  }
  const ackedSet = new Set(acked);
  report.ghosts = [...listed].filter((id) => !ackedSet.has(id));
  report.unlisted = acked.filter((id) => !listed.has(id));
  report.wallMs = performance.now() - started;
  return report;
}

/** wrangler dev's proxy could not deliver the request to the runtime (its text, since the status alone is ambiguous). */
function isProxyRetry(status: number, text: string): boolean {
  return status === 503 && /^(Your worker restarted mid-request|The dev server lost its connection to the worker's runtime)/.test(text);
}

/**
 * The client's pooled keep-alive connection to wrangler dev was closed by the server as the request went out (undici:
 * "other side closed"): no answer came, and the ghost check shows whether a POST sent again was created twice.
 */
function isConnectionReset(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return err instanceof TypeError && (code === "UND_ERR_SOCKET" || code === "ECONNRESET");
}

/** `count` jobs, at most `concurrency` at once. */
async function pool(count: number, concurrency: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function formatReport(r: LoadReport): string {
  const ms = (v: number) => `${Math.round(v)} ms`;
  const line = (name: string, values: number[]) =>
    `${name.padEnd(16)} n=${String(values.length).padEnd(6)} p50 ${ms(percentile(values, 50)).padEnd(9)} p95 ${ms(percentile(values, 95)).padEnd(9)} max ${ms(Math.max(...values))}`;
  return [
    `submitted ${r.submitted}, acknowledged (202) ${r.acknowledged}, 429 answers (retried) ${r.refused429}, wrangler-proxy 503s (retried) ${r.proxy503}, connection resets (retried) ${r.connectionResets}, lost ${r.lost.length}`,
    `completed ${r.completed}/${r.acknowledged}, not completed ${r.notCompleted.length}, ghosts ${r.ghosts.length}, unlisted ${r.unlisted.length}, 5xx ${r.serverErrors.length}, stalled ${r.stalled.length}`,
    line("acknowledgement", r.ackMs),
    line("GET /{id}", r.getMs),
    line("GET listing", r.listMs),
    `wall time ${(r.wallMs / 1000).toFixed(1)} s`,
    ...[...r.lost.map((l) => `lost ${l}`), ...r.serverErrors.slice(0, 10).map((e) => `5xx ${e}`), ...r.stalled.slice(0, 10).map((e) => `stalled ${e}`), ...r.notCompleted.slice(0, 10).map((n) => `not completed ${n}`)],
  ].join("\n");
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function errorText(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
  const why = cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})`.replace("( ", "(") : "";
  return err instanceof Error ? `${err.name}: ${err.message}${why}` : String(err);
}
