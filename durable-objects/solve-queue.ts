/**
 * SolveQueue: one Durable Object per tenant (addressed by `idFromName(tenantId)`) that owns the tenant's solve queue
 * (README "Solve queue"). A dataset holds a place from the moment it is granted until it reaches a final status;
 * places are counted in threads (`maxThreadCount`), and their number is the tenant's concurrent-solve limit. Waiting
 * datasets are granted in order of priority (higher first), then submit time, then arrival, strictly: a dataset that
 * needs more threads than are free holds back the ones behind it, so a large run is never starved by small ones.
 *
 * Who calls what:
 * - The Worker, before it stores a dataset to be solved: `reserve` (the cap on waiting datasets; a refusal is a 429
 *   and nothing is stored). It passes the tenant's limits, which this object keeps (latest wins).
 * - The DatasetObject, before SCHEDULED -> STARTED: `acquire` (true once granted); at a final status: `release`.
 * - A granted dataset that is not the caller is woken (`DatasetObject.wake`) so that it starts at once; a wake that
 *   fails is retried by this object's alarm, and a waiting dataset also asks again on its own every QUEUE_POLL_MS.
 *
 * Everything lives in SQLite, so a restart loses nothing. The alarm is idempotent: it retries wakes, drops entries
 * whose dataset no longer needs a place (final status, or never created), and grants freed places.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../platform/env";

export interface QueueLimits {
  /** Threads that may solve at once. */
  concurrentSolves: number;
  /** Datasets that may wait; beyond it a new one is refused. */
  queuedDatasets: number;
}

export interface QueueRequest {
  datasetId: string;
  priority: number;
  submittedAt: string;
  threads: number;
}

export type Reservation = { ok: true } | { ok: false; waiting: number; retryAfterSeconds: number };

export interface QueueSnapshot {
  limits: QueueLimits | null;
  running: Array<QueueRequest & { grantedAt: string }>;
  waiting: QueueRequest[];
}

/** How often the alarm looks again while datasets wait or wakes are undelivered. */
export const QUEUE_CHECK_MS = 30_000;
/** An entry whose dataset does not exist this long after it was reserved was never created (the Worker failed). */
const ORPHAN_AFTER_MS = 5 * 60_000;
/** Datasets asked about per alarm (each is one call to its Durable Object). */
const MAX_CHECKS_PER_ALARM = 100;
/** Until a limit was ever passed in: one solve at a time. */
const FALLBACK_LIMITS: QueueLimits = { concurrentSolves: 1, queuedDatasets: 1 };

interface EntryRow {
  dataset_id: string;
  priority: number;
  submitted_at: string;
  seq: number;
  threads: number;
  granted_at: number | null;
  woken: number;
  created_at: number;
  [key: string]: SqlStorageValue;
}

export function queueStub(env: Env, tenantId: string) {
  return env.SOLVE_QUEUES.get(env.SOLVE_QUEUES.idFromName(tenantId));
}

export class SolveQueue extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    void ctx.blockConcurrencyWhile(async () => {
      this.sql.exec(`CREATE TABLE IF NOT EXISTS entries (
        dataset_id TEXT PRIMARY KEY,
        priority INTEGER NOT NULL,
        submitted_at TEXT NOT NULL,
        seq INTEGER NOT NULL,
        threads INTEGER NOT NULL,
        granted_at INTEGER,
        woken INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      )`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    });
  }

  /** Keep the tenant's limits (the Worker passes them on every reservation and when an administrator sets them). */
  async setLimits(limits: QueueLimits): Promise<void> {
    this.sql.exec(`INSERT OR REPLACE INTO settings (key, value) VALUES ('limits', ?)`, JSON.stringify(limits));
    await this.admitAndWake(null);
  }

  /** A new dataset to be solved: refused while the queue already holds `queuedDatasets` waiting ones. Idempotent. */
  async reserve(request: QueueRequest, limits: QueueLimits): Promise<Reservation> {
    this.sql.exec(`INSERT OR REPLACE INTO settings (key, value) VALUES ('limits', ?)`, JSON.stringify(limits));
    if (!this.entry(request.datasetId)) {
      this.admit(); // places freed since the last pass count before the cap is judged
      const waiting = this.waitingCount();
      if (waiting >= limits.queuedDatasets) {
        return { ok: false, waiting, retryAfterSeconds: Math.ceil(QUEUE_CHECK_MS / 1000) };
      }
      this.insert(request, true);
    }
    await this.admitAndWake(request.datasetId);
    return { ok: true };
  }

  /** The DatasetObject asks for its place before it starts: true once granted. Enqueues it if it is not yet. */
  async acquire(request: QueueRequest): Promise<boolean> {
    if (!this.entry(request.datasetId)) this.insert(request, true);
    await this.admitAndWake(request.datasetId);
    return this.entry(request.datasetId)?.granted_at != null;
  }

  /** A dataset reached a final status (or was cancelled while waiting): its place goes to the next at once. */
  async release(datasetId: string): Promise<void> {
    this.sql.exec(`DELETE FROM entries WHERE dataset_id = ?`, datasetId);
    await this.admitAndWake(null);
  }

  async snapshot(): Promise<QueueSnapshot> {
    const rows = this.ordered();
    const toRequest = (r: EntryRow): QueueRequest => ({
      datasetId: r.dataset_id,
      priority: r.priority,
      submittedAt: r.submitted_at,
      threads: r.threads,
    });
    return {
      limits: this.storedLimits(),
      running: rows.filter((r) => r.granted_at !== null).map((r) => ({ ...toRequest(r), grantedAt: new Date(r.granted_at!).toISOString() })),
      waiting: rows.filter((r) => r.granted_at === null).map(toRequest),
    };
  }

  /** Retries wakes, drops entries that no longer need a place, grants freed places; idempotent. */
  async alarm(): Promise<void> {
    const now = Date.now();
    // The granted ones (at most the limit), and waiting ones old enough to be orphans, a bounded number per alarm.
    const suspects = this.ordered()
      .filter((r) => r.granted_at !== null || now - r.created_at > ORPHAN_AFTER_MS)
      .slice(0, MAX_CHECKS_PER_ALARM);
    for (const row of suspects) {
      try {
        const state = await this.datasetStub(row.dataset_id).queueState();
        const orphan = state === "MISSING" && now - row.created_at > ORPHAN_AFTER_MS;
        if (state === "DONE" || orphan) this.sql.exec(`DELETE FROM entries WHERE dataset_id = ?`, row.dataset_id);
      } catch (err) {
        console.error(`Solve queue: could not ask dataset ${row.dataset_id} about its place; next alarm`, err);
      }
    }
    await this.admitAndWake(null);
  }

  private storedLimits(): QueueLimits | null {
    const rows = this.sql.exec<{ value: string }>(`SELECT value FROM settings WHERE key = 'limits'`).toArray();
    return rows.length ? (JSON.parse(rows[0].value) as QueueLimits) : null;
  }

  private entry(datasetId: string): EntryRow | null {
    return this.sql.exec<EntryRow>(`SELECT * FROM entries WHERE dataset_id = ?`, datasetId).toArray()[0] ?? null;
  }

  private insert(request: QueueRequest, woken: boolean): void {
    const seq = this.sql.exec<{ next: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM entries`).one().next;
    this.sql.exec(
      `INSERT OR IGNORE INTO entries (dataset_id, priority, submitted_at, seq, threads, woken, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      request.datasetId,
      request.priority,
      request.submittedAt,
      seq,
      Math.max(1, request.threads),
      woken ? 1 : 0,
      Date.now(),
    );
  }

  private waitingCount(): number {
    return this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM entries WHERE granted_at IS NULL`).one().n;
  }

  /** Granted first, then waiting in queue order: priority (higher first), submit time, arrival. */
  private ordered(): EntryRow[] {
    return this.sql
      .exec<EntryRow>(`SELECT * FROM entries ORDER BY granted_at IS NULL, priority DESC, submitted_at, seq`)
      .toArray();
  }

  /**
   * Grant places in queue order while they fit (one synchronous pass: no other call interleaves). A dataset needing
   * more threads than the whole limit counts as the whole limit, so it runs alone rather than never.
   */
  private admit(): string[] {
    const limit = (this.storedLimits() ?? FALLBACK_LIMITS).concurrentSolves;
    const rows = this.ordered();
    let used = rows.filter((r) => r.granted_at !== null).reduce((sum, r) => sum + Math.min(r.threads, limit), 0);
    const granted: string[] = [];
    for (const row of rows.filter((r) => r.granted_at === null)) {
      const need = Math.min(row.threads, limit);
      if (used + need > limit) break;
      used += need;
      this.sql.exec(`UPDATE entries SET granted_at = ?, woken = 0 WHERE dataset_id = ?`, Date.now(), row.dataset_id);
      granted.push(row.dataset_id);
    }
    return granted;
  }

  /**
   * Grant, then wake every granted dataset not yet told (except the caller, which learns it from the answer). The
   * alarm is set before the wakes, so a wake lost to a crash is retried; it stays set while anything waits.
   */
  private async admitAndWake(caller: string | null): Promise<void> {
    this.admit();
    if (caller) this.sql.exec(`UPDATE entries SET woken = 1 WHERE dataset_id = ? AND granted_at IS NOT NULL`, caller);
    const pending = this.sql
      .exec<{ dataset_id: string }>(`SELECT dataset_id FROM entries WHERE granted_at IS NOT NULL AND woken = 0`)
      .toArray()
      .map((r) => r.dataset_id);
    await this.arm(pending.length > 0);
    for (const id of pending) {
      try {
        if (await this.datasetStub(id).wake()) this.sql.exec(`UPDATE entries SET woken = 1 WHERE dataset_id = ?`, id);
      } catch (err) {
        console.error(`Solve queue: could not wake dataset ${id}; the alarm retries`, err);
      }
    }
    if (pending.length) await this.arm(false);
  }

  /** An alarm while datasets wait or wakes are undelivered (`force` when a wake is about to be attempted). */
  private async arm(force: boolean): Promise<void> {
    const needed =
      force ||
      this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM entries WHERE granted_at IS NULL OR woken = 0`).one().n > 0;
    if (!needed) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const current = await this.ctx.storage.getAlarm();
    const due = Date.now() + QUEUE_CHECK_MS;
    if (current === null || current > due) await this.ctx.storage.setAlarm(due);
  }

  private datasetStub(id: string) {
    return this.env.DATASETS.get(this.env.DATASETS.idFromName(id));
  }
}
