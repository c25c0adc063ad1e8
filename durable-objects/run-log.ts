/**
 * The run log of one dataset (reference `LogInfo`, GET <root>/{id}/logs), in the DatasetObject's SQLite: solver
 * progress, the termination reason and failures, each with its time (status changes are the record's `history`, and
 * webhook deliveries the D1 webhook log; the route merges all three). Bounded (README "Run logs"):
 * - progress is sampled: one line per PROGRESS_EVERY_MS of solving summarizes the slices since the last line (their
 *   number, moves per second, improvements, the best score), never one row per slice;
 * - at most MAX_ROWS rows: beyond that the oldest are dropped.
 */
export type RunLogKind = "PROGRESS" | "TERMINATION" | "FAILURE";

export const MAX_ROWS = 1000;
export const PROGRESS_EVERY_MS = 10_000;

/** Slices since the last progress line (kept in the dataset's run state, so an eviction loses nothing). */
export interface ProgressTally {
  slices: number;
  improvements: number;
  moves: number;
  ms: number;
  /** When the last progress line was written (epoch ms); 0 before the first. */
  lastAt: number;
}

export interface RunLogLine {
  at: string;
  kind: string;
  message: string;
}

export class RunLog {
  constructor(private readonly sql: SqlStorage) {}

  migrate(): void {
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS run_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, kind TEXT NOT NULL, message TEXT NOT NULL)`,
    );
  }

  append(kind: RunLogKind, message: string, at = new Date().toISOString()): void {
    this.sql.exec(`INSERT INTO run_log (at, kind, message) VALUES (?, ?, ?)`, at, kind, message);
    const { n } = this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM run_log`).one();
    if (n > MAX_ROWS) {
      this.sql.exec(`DELETE FROM run_log WHERE seq IN (SELECT seq FROM run_log ORDER BY seq LIMIT ?)`, n - MAX_ROWS);
    }
  }

  /** Counts one slice, and writes a progress line when PROGRESS_EVERY_MS passed since the last one. Returns the tally to keep. */
  slice(tally: ProgressTally, slice: { moves: number; ms: number; improved: boolean; best: string; now: number }): ProgressTally {
    const next = {
      slices: tally.slices + 1,
      improvements: tally.improvements + Number(slice.improved),
      moves: tally.moves + slice.moves,
      ms: tally.ms + slice.ms,
      lastAt: tally.lastAt,
    };
    return slice.now - tally.lastAt < PROGRESS_EVERY_MS ? next : this.flush(next, slice.best, slice.now);
  }

  /** Writes the progress line of the slices not reported yet (if any). */
  flush(tally: ProgressTally, best: string, now: number): ProgressTally {
    if (tally.slices === 0) return tally;
    const perSecond = tally.ms > 0 ? Math.round((tally.moves / tally.ms) * 1000) : 0;
    this.append(
      "PROGRESS",
      `${tally.slices} slice(s) in ${tally.ms} ms: ${perSecond} moves/s, ${tally.improvements} improvement(s), best score ${best}`,
      new Date(now).toISOString(),
    );
    return { ...EMPTY_TALLY, lastAt: now };
  }

  lines(): RunLogLine[] {
    return this.sql.exec<{ at: string; kind: string; message: string }>(`SELECT at, kind, message FROM run_log ORDER BY seq`).toArray();
  }
}

export const EMPTY_TALLY: ProgressTally = { slices: 0, improvements: 0, moves: 0, ms: 0, lastAt: 0 };
