/**
 * One physical alarm, several jobs (the pattern of partywhen's task table and the agents SDK scheduler).
 *
 * A Durable Object has a single alarm. The dataset object needs it for several jobs: the solver's next step, the end
 * of a purged dataset's retention, and the webhook outbox's next delivery (or retry). Each job records its own due time in the `wakeups` table; `arm()` sets the
 * physical alarm to the earliest due time, or deletes it when no job waits. Nobody else calls setAlarm/deleteAlarm.
 *
 * Atomicity: `set`/`clear` are plain SQLite writes. `arm()` issues its setAlarm/deleteAlarm synchronously, before its
 * first await, so calling it in the same turn as a SQLite write commits both together (Durable Object storage
 * coalesces writes that have no await between them), and a wake-up is never lost across a crash.
 */
export type AlarmJob = "solver" | "purge" | "outbox";

export class AlarmSchedule {
  constructor(private readonly storage: DurableObjectStorage) {}

  migrate(): void {
    this.storage.sql.exec(`CREATE TABLE IF NOT EXISTS wakeups (job TEXT PRIMARY KEY, due_at INTEGER NOT NULL)`);
  }

  /** False once `deleteAll()` erased the object's storage (tables included). */
  migrated(): boolean {
    return this.storage.sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'wakeups'`).toArray().length > 0;
  }

  set(job: AlarmJob, dueAt: number): void {
    this.storage.sql.exec(`INSERT OR REPLACE INTO wakeups (job, due_at) VALUES (?, ?)`, job, Math.floor(dueAt));
  }

  clear(job: AlarmJob): void {
    this.storage.sql.exec(`DELETE FROM wakeups WHERE job = ?`, job);
  }

  dueAt(job: AlarmJob): number | null {
    const rows = this.storage.sql.exec<{ due_at: number }>(`SELECT due_at FROM wakeups WHERE job = ?`, job).toArray();
    return rows.length ? rows[0].due_at : null;
  }

  nextDue(): number | null {
    const rows = this.storage.sql.exec<{ next: number | null }>(`SELECT MIN(due_at) AS next FROM wakeups`).toArray();
    return rows[0]?.next ?? null;
  }

  /** Point the physical alarm at the earliest wake-up (see the header on atomicity). */
  arm(): Promise<void> {
    const next = this.nextDue();
    return next === null ? this.storage.deleteAlarm() : this.storage.setAlarm(next);
  }

  /** Record a job's due time and re-arm. */
  schedule(job: AlarmJob, dueAt: number): Promise<void> {
    this.set(job, dueAt);
    return this.arm();
  }

  /** Forget a job's wake-up and re-arm. */
  cancel(job: AlarmJob): Promise<void> {
    this.clear(job);
    return this.arm();
  }
}
