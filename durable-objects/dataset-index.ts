/**
 * The D1 index of datasets: one row per dataset, written by the dataset's Durable Object at each status change,
 * read by the Worker for listings and to resolve an id to its tenant before touching any Durable Object.
 */
import type { Metadata, ValidationResult } from "../schemas/metadata";

export interface IndexedDataset {
  tenantId: string;
  metadata: Metadata;
}

export async function upsertDatasetIndex(db: D1Database, tenantId: string, m: Metadata): Promise<void> {
  await db
    .prepare(
      `INSERT INTO datasets (id, tenant_id, parent_id, origin_id, name, solver_status, score, tags, validation_summary,
         submit_date_time, start_date_time, active_date_time, complete_date_time, shutdown_date_time, failure_message, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
       ON CONFLICT (id) DO UPDATE SET name = ?5, solver_status = ?6, score = ?7, tags = ?8, validation_summary = ?9,
         start_date_time = ?11, active_date_time = ?12, complete_date_time = ?13, shutdown_date_time = ?14,
         failure_message = ?15, updated_at = ?16`,
    )
    .bind(
      m.id,
      tenantId,
      m.parentId,
      m.originId,
      m.name,
      m.solverStatus,
      m.score,
      JSON.stringify(m.tags),
      JSON.stringify(m.validationResult),
      m.submitDateTime ?? null,
      m.startDateTime ?? null,
      m.activeDateTime ?? null,
      m.completeDateTime ?? null,
      m.shutdownDateTime ?? null,
      m.failureMessage ?? null,
      new Date().toISOString(),
    )
    .run();
}

interface DatasetRow {
  id: string;
  tenant_id: string;
  parent_id: string | null;
  origin_id: string;
  name: string;
  solver_status: Metadata["solverStatus"];
  score: string | null;
  tags: string;
  validation_summary: string | null;
  submit_date_time: string;
  start_date_time: string | null;
  active_date_time: string | null;
  complete_date_time: string | null;
  shutdown_date_time: string | null;
  failure_message: string | null;
}

function toMetadata(r: DatasetRow): Metadata {
  const timestamps = {
    submitDateTime: r.submit_date_time,
    startDateTime: r.start_date_time,
    activeDateTime: r.active_date_time,
    completeDateTime: r.complete_date_time,
    shutdownDateTime: r.shutdown_date_time,
  };
  return {
    id: r.id,
    parentId: r.parent_id,
    originId: r.origin_id,
    name: r.name,
    // Unreached phases are absent, not null (spec §2.3).
    ...Object.fromEntries(Object.entries(timestamps).filter(([, v]) => v != null)),
    solverStatus: r.solver_status,
    score: r.score,
    tags: JSON.parse(r.tags) as string[],
    validationResult: r.validation_summary
      ? (JSON.parse(r.validation_summary) as ValidationResult)
      : { summary: "OK", errors: [], warnings: [] },
    ...(r.failure_message ? { failureMessage: r.failure_message } : {}),
  };
}

/**
 * The tenant's dataset with this id, or null (also when it belongs to another tenant, or was purged unless
 * `includePurged`, which restore needs).
 */
export async function findDataset(
  db: D1Database,
  tenantId: string,
  id: string,
  { includePurged = false } = {},
): Promise<IndexedDataset | null> {
  const row = await db
    .prepare(`SELECT * FROM datasets WHERE id = ? AND tenant_id = ? ${includePurged ? "" : "AND purged_at IS NULL"}`)
    .bind(id, tenantId)
    .first<DatasetRow>();
  return row ? { tenantId: row.tenant_id, metadata: toMetadata(row) } : null;
}

/**
 * One page of the tenant's datasets, newest first: read from the index row alone (never from a dataset's Durable
 * Object or R2) by walking the index datasets_listing (migrations/0011). The caller bounds `size` and `page * size`.
 */
export const LISTING_SQL = `SELECT * FROM datasets WHERE tenant_id = ? AND purged_at IS NULL
  ORDER BY submit_date_time DESC, id DESC LIMIT ? OFFSET ?`;

export async function listDatasets(db: D1Database, tenantId: string, page: number, size: number): Promise<Metadata[]> {
  const { results } = await db
    .prepare(LISTING_SQL)
    .bind(tenantId, size, page * size)
    .all<DatasetRow>();
  return results.map(toMetadata);
}

export async function markDatasetPurged(db: D1Database, id: string, purgedAt: string | null): Promise<void> {
  await db.prepare(`UPDATE datasets SET purged_at = ?, updated_at = ? WHERE id = ?`).bind(purgedAt, new Date().toISOString(), id).run();
}

export async function deleteDatasetIndex(db: D1Database, id: string): Promise<void> {
  await db.prepare(`DELETE FROM datasets WHERE id = ?`).bind(id).run();
}
