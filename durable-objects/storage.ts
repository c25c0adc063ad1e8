/**
 * The Durable Object's SQLite tables (one object per dataset). `record` holds the dataset's metadata and run state
 * as one JSON row, so a state change is one atomic write. `blob` holds binary checkpoints split into parts, because
 * a SQLite value in a Durable Object is limited to 2 MB and a 400,000-shift checkpoint is larger.
 */
const BLOB_PART_BYTES = 1 << 20;

export class DatasetStorage {
  constructor(private readonly sql: SqlStorage) {}

  migrate(): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS record (k INTEGER PRIMARY KEY CHECK (k = 0), json TEXT NOT NULL)`);
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS blob (name TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (name, part))`,
    );
  }

  readRecord<T>(): T | null {
    const rows = this.sql.exec<{ json: string }>(`SELECT json FROM record WHERE k = 0`).toArray();
    return rows.length ? (JSON.parse(rows[0].json) as T) : null;
  }

  writeRecord(value: unknown): void {
    this.sql.exec(`INSERT OR REPLACE INTO record (k, json) VALUES (0, ?)`, JSON.stringify(value));
  }

  writeBlob(name: string, bytes: Uint8Array): void {
    this.sql.exec(`DELETE FROM blob WHERE name = ?`, name);
    for (let part = 0, offset = 0; offset < bytes.length || part === 0; part++, offset += BLOB_PART_BYTES) {
      this.sql.exec(
        `INSERT INTO blob (name, part, data) VALUES (?, ?, ?)`,
        name,
        part,
        bytes.subarray(offset, offset + BLOB_PART_BYTES),
      );
    }
  }

  readBlob(name: string): Uint8Array | null {
    const rows = this.sql
      .exec<{ data: ArrayBuffer }>(`SELECT data FROM blob WHERE name = ? ORDER BY part`, name)
      .toArray();
    if (!rows.length) return null;
    const total = rows.reduce((n, r) => n + r.data.byteLength, 0);
    const out = new Uint8Array(total);
    let offset = 0;
    for (const r of rows) {
      out.set(new Uint8Array(r.data), offset);
      offset += r.data.byteLength;
    }
    return out;
  }

  deleteBlob(name: string): void {
    this.sql.exec(`DELETE FROM blob WHERE name = ?`, name);
  }
}
