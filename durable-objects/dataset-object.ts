/**
 * DatasetObject: one Durable Object per dataset. It owns the dataset's metadata and run state (SQLite), runs the
 * Wasm solver in bounded slices driven by its alarm (solver/slices.ts), checkpoints the search when the checkpoint
 * policy says so (solver/checkpoint-policy.ts: on a new best at most every few seconds, at phase ends and when the
 * run stops), writes the final output to R2 in pieces (stored-output.ts) and mirrors each status change into the D1 index.
 *
 * Lifecycle (spec §3): DATASET_CREATED -> DATASET_VALIDATED (or DATASET_INVALID, never solved) -> SOLVING_SCHEDULED
 * -> SOLVING_STARTED -> SOLVING_ACTIVE -> SOLVING_COMPLETED (or SOLVING_INCOMPLETE when stopped before the
 * construction finished, SOLVING_FAILED on an error). With operation NONE: DATASET_VALIDATED -> DATASET_COMPUTED, and
 * POST <root>/{id} may schedule the solve later. Every transition is recorded in the record's `history`.
 * With maxThreadCount > 1 this object is search 0 and the referee of the SearchObjects (search-object.ts).
 * A purged dataset is hidden at once and erased when its retention ends.
 *
 * Platform semantics that shape this class:
 * - Alarms run at least once and are retried when they throw: every step below is idempotent and re-entrant from
 *   what SQLite holds (a retried alarm redoes at most one slice).
 * - One alarm = one slice. In production the clock only advances across I/O, so a slice is bounded by work units,
 *   calibrated from the wall time of the previous slice (read across a timer turn), and time is read only at slice
 *   boundaries.
 * - The in-memory solver session is a cache: after an eviction or a restart of `wrangler dev`, it is rebuilt from
 *   the R2 input and the last SQLite checkpoint, and the run continues where that checkpoint left it (the search
 *   is deterministic from there; the record's time limits keep counting).
 * - Between alarms the object serves reads (GET returns the best solution so far).
 * - The one alarm is owned by `AlarmSchedule` (alarm-schedule.ts): jobs "solver" (solver steps, operation NONE's
 *   compute), "purge" (end of retention) and "outbox" (webhook deliveries) each record a due time, and the alarm is
 *   set to the earliest. Nothing here calls setAlarm/deleteAlarm directly. Any alarm runs the dataset's step for its
 *   current status (the solver's due time only spaces its alarms), then the due webhook deliveries.
 * - Webhooks (spec §6) use a transactional outbox (webhook-outbox.ts): an event is enqueued in the same SQLite
 *   transaction as the record write that reaches its status, so none is lost across restarts.
 */
import { DurableObject } from "cloudflare:workers";
import rotaWasm from "../build/rota.wasm";
import { DEFAULT_PRIORITY } from "../schemas/configuration";
import type { Metadata, SolverStatus, ValidationResult } from "../schemas/metadata";
import type { SolvingResponse } from "../schemas/model-output";
import type { RunConfiguration, SolvingRequest } from "../schemas/solving-request";
import type { AssignabilityDetail, AssignabilityReport } from "../schemas/assignability";
import { holding, sessionWithAssignment } from "../solver/analyze";
import { lazyScoreAnalysis } from "../solver/explain";
import {
  analyzeShift,
  assignabilityReport,
  isAnalyzable,
  MAX_EVALUATIONS_PER_REPORT,
  maxReportPageSize,
  reportShifts,
} from "../solver/assignability";
import { AdoptionPolicy } from "../solver/adoption-policy";
import { CHECKPOINT_INTERVAL_MS, CheckpointPolicy } from "../solver/checkpoint-policy";
import { openSession } from "../solver/open-session";
import { solutionParts, submittedAssignment, type SolutionParts } from "../solver/output";
import { readOutputAssignment } from "../solver/read-output";
import { compareScores, formatScore, type Score } from "../solver/score";
import type { SolverSession } from "../solver/session";
import { FIRST_SLICE_UNITS, runSlice, type SliceOutcome } from "../solver/slices";
import {
  checkTermination,
  terminationPolicy,
  type StopReason,
  type TerminationPolicy,
  type TerminationProgress,
} from "../solver/termination";
import type { Env } from "../platform/env";
import type { ValidationIssue } from "../model/validation";
import { deleteDatasetIndex, markDatasetPurged, upsertDatasetIndex } from "./dataset-index";
import { searchName, type ExchangeReply } from "./search-object";
import { DatasetStorage } from "./storage";
import { AlarmSchedule } from "./alarm-schedule";
import { WebhookOutbox } from "./webhook-outbox";
import { queueStub, type QueueRequest } from "./solve-queue";
import { EMPTY_TALLY, RunLog, type ProgressTally, type RunLogLine } from "./run-log";
import { readStoredConfig, readStoredRequest } from "./stored-request";
import { putJsonInPieces, readStoredAssignment, type CompactAssignment } from "./stored-output";
import { jsonStream, storedResponseStream } from "./response-stream";

/** What the Worker hands over when it creates a dataset. */
export interface DatasetInit {
  tenantId: string;
  /** Status DATASET_INVALID, SOLVING_SCHEDULED (operation SOLVE) or DATASET_VALIDATED (operation NONE). */
  metadata: Metadata;
  /** R2 key of the stored solving request. */
  requestKey: string;
  validationIssues: ValidationIssue[];
  /** The request's `config.run`: the run's termination and thread count (so creating needs no read of the request). */
  run: Pick<RunConfiguration, "termination" | "maxThreadCount"> | null | undefined;
  /** Solve priority, 0-10 (README "Solve queue"); 5 when not given. */
  priority?: number;
}

/**
 * What a dataset derived from this one starts from (`getDerivationBase`): the parent's stored request, and its
 * solution to write into the shifts (SOLVED): compact, "SUBMITTED" (the input's own employees, known ones only), or
 * null (the input as it is).
 */
export interface DerivationBase {
  requestKey: string;
  solution: CompactAssignment | "SUBMITTED" | null;
}

/** A refusal of an operation in the dataset's current state (the Worker answers it with a 4xx). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409 | 410; message: string };

/** Fixed seed: the same input and termination give the same schedule (reproducible runs). */
const DEFAULT_SEED = 1;
/** A dataset waiting for a place asks the queue again this often, in case a wake from the queue was lost. */
const QUEUE_POLL_MS = 60_000;

const CHECKPOINT = "checkpoint";
/**
 * Every validation issue, as JSON: a blob, not a member of the record, because an input with many issues can exceed
 * the 2 MB of one stored value, and the record is read on every call.
 */
const ISSUES = "validation-issues";
const SHARED_BEST = "shared-best";
/** A slice writes the run's record at least this often (and with every checkpoint and shared best; slice()). */
const RECORD_INTERVAL_MS = CHECKPOINT_INTERVAL_MS;
/** A purged dataset can be restored for this long; then its data is erased (R2, D1 row, this object's storage). */
export const PURGE_RETENTION_MS = 7 * 24 * 3600_000;

interface RunState {
  policy: TerminationPolicy;
  progress: TerminationProgress | null;
  sliceUnits: number;
  /** Set once termination has been decided, so that a retried alarm goes straight to post-processing. */
  stopReason: StopReason | "CANCELLED" | null;
  /** `config.run.maxThreadCount`: searches 1..threads-1 run in SearchObjects (search-object.ts). */
  threads: number;
  /** Best score any search reported; its assignment is the blob SHARED_BEST. */
  sharedBestScore: Score | null;
  /** Solve priority in the tenant's queue (solve-queue.ts); absent in records older than the queue: 5. */
  priority?: number;
  /** The dataset may hold an entry in the tenant's queue: set when scheduled, cleared once released. */
  queued?: boolean;
  /** Slices not yet summarized in the run log (run-log.ts); absent until the first slice. */
  logTally?: ProgressTally;
}

interface DatasetRecord {
  tenantId: string;
  requestKey: string;
  outputKey: string;
  metadata: Metadata;
  /** Only in records written before the issues moved to the blob ISSUES. */
  validationIssues?: ValidationIssue[];
  /** Every status the dataset went through, with when (the events stream and tests read it). */
  history: Array<{ status: SolverStatus; at: string }>;
  /** Set by DELETE .../purge; cleared by PUT (restore). */
  purgedAt: string | null;
  run: RunState;
}

/** What a slice changed in the record and has not written yet (README "Slices and checkpoints": the run's record). */
interface UnwrittenRun {
  sliceUnits: number;
  progress: TerminationProgress | null;
  logTally: ProgressTally | undefined;
  score: Metadata["score"];
}

interface LiveRun {
  /** Streamed (stored-request.ts): its shifts are a compact table's read-only view, never sent to the Worker. */
  request: SolvingRequest;
  session: SolverSession;
  /** When the session's state goes to the CHECKPOINT blob (solver/checkpoint-policy.ts). */
  checkpoints: CheckpointPolicy;
  /** The slices' changes to the record since it was last written by a slice, laid over every read (readRecord). */
  unwritten: UnwrittenRun | null;
  /** When a slice last wrote the record, and when this search last offered its best as SHARED_BEST. */
  recordAt: number;
  sharedAt: number;
  /** maxThreadCount > 1: when this search takes the shared best (solver/adoption-policy.ts). */
  adoption: AdoptionPolicy;
}

export class DatasetObject extends DurableObject<Env> {
  private readonly storage: DatasetStorage;
  /** Cache of the solver for this dataset; never at module scope (several objects can share an isolate). */
  private live: LiveRun | null = null;
  /**
   * When no run is live, the analyses' session of their own (analyzed()), kept for the next analysis of the same
   * solution (paging through an assignability report of 400,000 shifts would open it for every page); dropped before
   * a run's session is opened (ensureLive), so the object never opens a second core beside a run's.
   */
  private analysis: { solution: string; session: Promise<SolverSession> } | null = null;
  private readonly alarms: AlarmSchedule;
  private readonly outbox: WebhookOutbox;
  private readonly runLog: RunLog;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new DatasetStorage(ctx.storage.sql);
    this.alarms = new AlarmSchedule(ctx.storage);
    this.outbox = new WebhookOutbox(ctx.storage, env, this.alarms);
    this.runLog = new RunLog(ctx.storage.sql);
    void ctx.blockConcurrencyWhile(async () => {
      this.storage.migrate();
      this.runLog.migrate();
      this.alarms.migrate();
      this.outbox.migrate();
    });
  }

  /** Create the dataset (idempotent: a repeated call returns the stored metadata). */
  async create(init: DatasetInit): Promise<Metadata> {
    const existing = this.readRecord();
    if (existing) return existing.metadata;
    const record: DatasetRecord = {
      tenantId: init.tenantId,
      requestKey: init.requestKey,
      outputKey: init.requestKey.replace(/request\.json$/, "output.json"),
      metadata: init.metadata,
      history: creationHistory(init.metadata),
      purgedAt: null,
      run: {
        policy: terminationPolicy(init.run?.termination),
        progress: null,
        sliceUnits: FIRST_SLICE_UNITS,
        stopReason: null,
        threads: init.run?.maxThreadCount ?? 1,
        sharedBestScore: null,
        priority: init.priority ?? DEFAULT_PRIORITY,
        queued: init.metadata.solverStatus === "SOLVING_SCHEDULED",
      },
    };
    // The record (with its webhook event: DATASET_INVALID has one) first, then the index row, then the alarm. Until the
    // index row exists the dataset is invisible (every route resolves an id in D1 first), and without an alarm its
    // object does nothing; so a failure at any point leaves no dataset that is listed but cannot be read. When the
    // index write fails, the record goes again (the Worker then removes the request blob).
    const queued = this.ctx.storage.transactionSync(() => {
      this.storage.writeBlob(ISSUES, new TextEncoder().encode(JSON.stringify(init.validationIssues)));
      this.storage.writeRecord(record);
      return this.outbox.enqueueTransition(record.tenantId, undefined, record.metadata);
    });
    try {
      await upsertDatasetIndex(this.env.DB, record.tenantId, record.metadata);
    } catch (err) {
      await this.ctx.storage.deleteAll();
      await this.ctx.storage.deleteAlarm();
      this.storage.migrate();
      this.alarms.migrate();
      this.outbox.migrate();
      throw err;
    }
    const status = record.metadata.solverStatus;
    if (status === "SOLVING_SCHEDULED" || status === "DATASET_VALIDATED") await this.scheduleNextAlarm();
    else await this.alarms.arm(); // the outbox's wake-up for the event
    if (queued) await this.outbox.afterEnqueue();
    return record.metadata;
  }

  /** POST <root>/{id}: solve a dataset that was only validated or computed (operation NONE). */
  async solve(priority = DEFAULT_PRIORITY): Promise<Outcome<Metadata>> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return { ok: false, status: 404, message: "Dataset not found." };
    const status = record.metadata.solverStatus;
    if (status !== "DATASET_VALIDATED" && status !== "DATASET_COMPUTED") {
      return { ok: false, status: 409, message: `A dataset in status ${status} cannot be solved again; create a new run with from-input.` };
    }
    this.transition(record, "SOLVING_SCHEDULED");
    record.run.priority = priority;
    record.run.queued = true;
    await this.save(record);
    await this.scheduleNextAlarm();
    return { ok: true, value: record.metadata };
  }

  /** PATCH <root>/{id}/metadata: rename and retag (system tags are kept). */
  async updateMetadata(update: { name?: string; tags?: string[] }): Promise<Outcome<Metadata>> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return { ok: false, status: 404, message: "Dataset not found." };
    const m = record.metadata;
    if (update.name !== undefined) m.name = update.name;
    if (update.tags !== undefined) {
      const system = m.tags.filter((t) => t.startsWith("system."));
      m.tags = [...new Set([...update.tags.filter((t) => !t.startsWith("system.")), ...system])];
    }
    await this.save(record);
    return { ok: true, value: m };
  }

  /**
   * DELETE <root>/{id}/purge: remove the dataset from listings and reads. Refused while solving. The data stays
   * restorable (PUT <root>/{id}) for PURGE_RETENTION_MS, then the alarm erases it.
   */
  async purge(): Promise<Outcome<ReadableStream<Uint8Array>>> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return { ok: false, status: 404, message: "Dataset not found." };
    if (isSolving(record.metadata.solverStatus)) {
      // 400, as the reference documents DELETE .../purge.
      return { ok: false, status: 400, message: "The dataset is still solving; terminate it (DELETE) before purging." };
    }
    // The answer is the dataset as GET <root>/{id} streams it (response-stream.ts), started before it is hidden.
    const response = await this.responseStream(record);
    record.purgedAt = new Date().toISOString();
    this.storage.writeRecord(record);
    await markDatasetPurged(this.env.DB, record.metadata.id, record.purgedAt);
    await this.alarms.schedule("purge", Date.parse(record.purgedAt) + PURGE_RETENTION_MS);
    return { ok: true, value: response };
  }

  /** PUT <root>/{id}: restore a purged dataset that has not been erased yet. */
  async restore(): Promise<Outcome<Metadata>> {
    const record = this.readRecord();
    if (!record || !record.purgedAt) return { ok: false, status: 404, message: "No purged dataset with this id can be restored." };
    record.purgedAt = null;
    this.storage.writeRecord(record);
    await markDatasetPurged(this.env.DB, record.metadata.id, null);
    await this.alarms.cancel("purge");
    return { ok: true, value: record.metadata };
  }

  /**
   * GET <root>/{id}/input and /model-request: the stored request (or its `modelInput`) as a JSON byte stream
   * (response-stream.ts), the text of `JSON.stringify` of the request parsed whole, never held whole: the request is
   * the live run's or read streamed (stored-request.ts), its shifts made as they are serialized.
   */
  async getRequestStream(part: "modelInput" | "request"): Promise<ReadableStream<Uint8Array> | null> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return null;
    const request = await this.compactRequest(record);
    return jsonStream(part === "modelInput" ? request.modelInput : request);
  }

  /** The stored request's config (GET <root>/{id}/config, the solve queue's reservation): a small value. */
  async getConfig(): Promise<{ config: SolvingRequest["config"] } | null> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return null;
    return { config: this.live ? this.live.request.config : await readStoredConfig(this.env.BLOBS, record.requestKey) };
  }

  /**
   * The base of a new dataset derived from this one (from-patch, from-input; worker/derived-request.ts): where its
   * stored request is, and with `SOLVED` its solution as compact values, never the input or the output parsed whole:
   * the stored output's, read as a stream (stored-output.ts), or the best so far; "SUBMITTED" before solving (the
   * input's own assignment, its known employees only); null without a solution (invalid, or no stored output): the
   * input as it is.
   */
  async getDerivationBase(select: "SOLVED" | "UNSOLVED"): Promise<DerivationBase | null> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return null;
    return { requestKey: record.requestKey, solution: select === "SOLVED" ? await this.compactSolution(record) : null };
  }

  private async compactSolution(record: DatasetRecord): Promise<DerivationBase["solution"]> {
    const status = record.metadata.solverStatus;
    if (status === "DATASET_INVALID") return null;
    if (record.metadata.shutdownDateTime || status === "DATASET_COMPUTED") return readStoredAssignment(this.env.BLOBS, record.outputKey);
    if (status === "SOLVING_ACTIVE") {
      const live = await this.ensureLive(record);
      const input = live.request.modelInput;
      return { employees: input.employees.map((e) => e.id), assignment: live.session.bestAssignment().slice(0, input.shifts.length) };
    }
    return "SUBMITTED";
  }

  /** GET <root>/{id}/validation-result (spec §2.4). */
  async getValidationResult(): Promise<{ status: ValidationResult["summary"]; issues: Array<Omit<ValidationIssue, "message">> } | null> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return null;
    return {
      status: record.metadata.validationResult.summary,
      issues: this.validationIssues(record).map(({ message: _m, ...issue }) => issue),
    };
  }

  private validationIssues(record: DatasetRecord): ValidationIssue[] {
    if (record.validationIssues) return record.validationIssues;
    const bytes = this.storage.readBlob(ISSUES);
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as ValidationIssue[]) : [];
  }

  /**
   * GET <root>/{id}/score-analysis: the analysis of the best solution so far (or the final one), as the JSON byte
   * stream of a ScoreAnalysis (response-stream.ts): with justifications, each constraint's matches are made as they
   * are serialized (explain.ts `lazyScoreAnalysis`), each piece while the analyzed session holds the assignment.
   */
  async getScoreAnalysisStream(includeJustifications: boolean): Promise<Outcome<ReadableStream<Uint8Array>>> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return { ok: false, status: 404, message: "Dataset not found." };
    if (record.metadata.solverStatus === "DATASET_INVALID") {
      return { ok: false, status: 400, message: "An invalid dataset has no score analysis; see its validation-result." };
    }
    const { session, read, current } = await this.analyzed(record);
    const analysis = read(() => lazyScoreAnalysis(session, { includeJustifications, current }));
    return { ok: true, value: jsonStream(analysis, read) };
  }

  /**
   * GET <root>/{id}/assignability-analysis: one page of the report on the best solution so far (or the final one).
   * A page analyzes at most `maxReportPageSize` shifts (solver/assignability.ts); `total` counts every shift the
   * report covers.
   */
  async getAssignabilityReport(unassignedOnly: boolean, page: number, size: number | undefined): Promise<Outcome<{ report: AssignabilityReport; total: number; size: number }>> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return { ok: false, status: 404, message: "Dataset not found." };
    if (record.metadata.solverStatus === "DATASET_INVALID") {
      return { ok: false, status: 400, message: "An invalid dataset has no assignability analysis; see its validation-result." };
    }
    const { session, read } = await this.analyzed(record);
    const max = maxReportPageSize(session.problem.employeeIds.length);
    if (size !== undefined && size > max) {
      return { ok: false, status: 400, message: `size: at most ${max} shifts per page for ${session.problem.employeeIds.length} employees (${MAX_EVALUATIONS_PER_REPORT} evaluations per request).` };
    }
    const pageSize = size ?? max;
    return read(() => {
      const shifts = reportShifts(session, unassignedOnly);
      const report = assignabilityReport(session, shifts.slice(page * pageSize, (page + 1) * pageSize));
      return { ok: true, value: { report, total: shifts.length, size: pageSize } };
    });
  }

  /** GET <root>/{id}/assignability-analysis/details/{shiftId}: every employee evaluated for one shift. */
  async getAssignabilityDetail(shiftId: string): Promise<Outcome<AssignabilityDetail>> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return { ok: false, status: 404, message: "Dataset not found." };
    if (record.metadata.solverStatus === "DATASET_INVALID") {
      return { ok: false, status: 400, message: "An invalid dataset has no assignability analysis; see its validation-result." };
    }
    const { session, read } = await this.analyzed(record);
    const index = session.problem.shiftIds.indexOf(shiftId);
    if (index < 0) return { ok: false, status: 400, message: `shiftId: the dataset has no shift '${shiftId}'.` };
    if (!isAnalyzable(session, index)) return { ok: false, status: 400, message: `shiftId: shift '${shiftId}' is pinned; its employee is not planned.` };
    return { ok: true, value: read(() => analyzeShift(session, index)) };
  }

  /**
   * The session an analysis reads and how to read it holding the best solution so far (or the final one; README
   * "Score analysis and assignability in the Durable Object"). While a run is live, its own session: `read` holds the
   * best assignment of now for the length of each synchronous call and gives the session back exactly as it was
   * (solver/analyze.ts `holding`), so no second core is made and the run's trajectory does not change. Otherwise a
   * session of its own, opened as the run's is (solver/open-session.ts), holding the final, computed or submitted
   * assignment (a stored output's read as a stream, solver/read-output.ts).
   */
  private async analyzed(record: DatasetRecord): Promise<{ session: SolverSession; read: <T>(call: () => T) => T; current?: Int32Array }> {
    const status = record.metadata.solverStatus;
    const final = record.metadata.shutdownDateTime || status === "DATASET_COMPUTED";
    if (status === "SOLVING_ACTIVE" && !final) {
      const { session } = await this.ensureLive(record);
      const best = session.bestAssignment();
      // Within `read` the current assignment is `best` (pinned shifts included: the best keeps them too).
      return { session, read: (call) => holding(session, best, call), current: best };
    }
    const solution = `${status} ${record.metadata.shutdownDateTime ?? ""}`;
    if (this.analysis?.solution !== solution) this.analysis = { solution, session: this.openAnalysisSession(record, !!final) };
    const opening = this.analysis;
    try {
      return { session: await opening.session, read: (call) => call() };
    } catch (err) {
      if (this.analysis === opening) this.analysis = null;
      throw err;
    }
  }

  private async openAnalysisSession(record: DatasetRecord, final: boolean): Promise<SolverSession> {
    const request = await this.compactRequest(record);
    let assignment: Int32Array | null = null;
    if (final) {
      const stored = await this.env.BLOBS.get(record.outputKey);
      if (stored) assignment = await readOutputAssignment(stored.body, request.modelInput);
    }
    // Not solving yet (or no stored output): the assignment as submitted, generated demand shifts unassigned.
    return sessionWithAssignment(rotaWasm, request, assignment ?? submittedAssignment(request.modelInput));
  }

  /** GET <root>/{id}/logs: the status history and the run log (run-log.ts), in time order. */
  async getLog(): Promise<RunLogLine[] | null> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return null;
    const statuses = record.history.map((h) => ({ at: h.at, kind: "STATUS", message: h.status }));
    // Stable: at equal times a status change comes before what the run logged then.
    return [...statuses, ...this.runLog.lines()].sort((a, b) => a.at.localeCompare(b.at));
  }

  /** Every status the dataset went through. */
  async getHistory(): Promise<DatasetRecord["history"] | null> {
    return this.readRecord()?.history ?? null;
  }

  async getMetadata(): Promise<Metadata | null> {
    const record = this.readRecord();
    return record && !record.purgedAt ? record.metadata : null;
  }

  /** Where the search stands (phase and work done), restoring the solver from its checkpoint when needed. */
  async runProgress(): Promise<{ phase: string; steps: number; unitsDone: number } | null> {
    const record = this.readRecord();
    if (!record || record.metadata.solverStatus !== "SOLVING_ACTIVE") return null;
    const { session } = await this.ensureLive(record);
    return { phase: session.phase, steps: session.steps, unitsDone: session.unitsDone };
  }

  /**
   * GET <root>/{id}: the solving response as a JSON byte stream (response-stream.ts), equal to `getResponse()`
   * serialized, never held whole: the stored output streamed from R2 once post-processed, else the best solution so
   * far with its shifts made as they are serialized.
   */
  async getResponseStream(): Promise<ReadableStream<Uint8Array> | null> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return null;
    return this.responseStream(record);
  }

  /** The response of GET <root>/{id}, DELETE <root>/{id} and purge as a byte stream (see getResponseStream). */
  private async responseStream(record: DatasetRecord): Promise<ReadableStream<Uint8Array>> {
    const status = record.metadata.solverStatus;
    if (status !== "DATASET_INVALID" && (record.metadata.shutdownDateTime || status === "DATASET_COMPUTED")) {
      const stored = await this.env.BLOBS.get(record.outputKey);
      if (stored) return storedResponseStream(record.metadata, stored.body);
    }
    return jsonStream(this.response(record, await this.currentParts(record, { lazyShifts: true })));
  }

  /** The solving response: the final output once post-processed, else the best solution so far. */
  async getResponse(): Promise<SolvingResponse | null> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return null;
    return this.response(record, await this.currentParts(record));
  }

  /**
   * Terminate the run (DELETE <root>/{id}). A cancelled run is reported as SOLVING_COMPLETED (spec §3) with the best
   * solution found so far. A dataset that already reached a final status is returned unchanged. The answer is a JSON
   * byte stream, as GET <root>/{id}'s.
   */
  async terminate(options: { force?: boolean } = {}): Promise<ReadableStream<Uint8Array> | null> {
    const record = this.readRecord();
    if (!record || record.purgedAt) return null;
    if (isSolving(record.metadata.solverStatus)) {
      await this.alarms.cancel("solver");
      record.run.stopReason = "CANCELLED";
      try {
        const live = await this.ensureLive(record);
        await this.finish(record, live, "SOLVING_COMPLETED");
      } catch (err) {
        // `force` (DELETE ?force=true): a run whose solver cannot be restored or post-processed still ends, as FAILED
        // with the reason, and frees its place in the queue; without it the error stands.
        if (!options.force) throw err;
        await this.fail(record, new Error(`Terminated by force: ${err instanceof Error ? err.message : String(err)}`));
        return jsonStream(this.response(record, null));
      }
    }
    // Streamed as GET <root>/{id} is (response-stream.ts): once finished, the stored output's bytes from R2.
    return this.getResponseStream();
  }

  /** The tenant's queue granted this dataset a place: take the next step now (idempotent; false if unknown). */
  async wake(): Promise<boolean> {
    const record = this.readRecord();
    if (!record) return false;
    if (record.metadata.solverStatus === "SOLVING_SCHEDULED" && !record.purgedAt) await this.scheduleNextAlarm();
    return true;
  }

  /** For the queue's reconciliation: does this dataset still need its place? */
  async queueState(): Promise<"MISSING" | "SOLVING" | "DONE"> {
    const record = this.readRecord();
    if (!record) return "MISSING";
    return isSolving(record.metadata.solverStatus) && !record.purgedAt ? "SOLVING" : "DONE";
  }

  /** The one alarm (see the header): the dataset's step, then due webhook deliveries, then the next wake-up. */
  async alarm(): Promise<void> {
    this.alarms.clear("solver"); // served now; a step that needs another alarm schedules it again
    await this.datasetAlarm();
    if (!this.alarms.migrated()) return; // erased: deleteAll removed every table and the alarm
    await this.outbox.pump();
    await this.alarms.arm();
  }

  /** Platform API: resend a logged webhook delivery through this object's outbox (tenant checked by the Worker). */
  async resendWebhook(tenantId: string, webhookId: string, payload: string, resendOf: string): Promise<string> {
    this.alarms.migrate();
    this.outbox.migrate();
    const deliveryId = this.outbox.enqueueResend(tenantId, webhookId, payload, resendOf);
    await this.alarms.arm();
    return deliveryId;
  }

  private async datasetAlarm(): Promise<void> {
    const record = this.readRecord();
    if (!record) return;
    if (record.purgedAt) {
      if (Date.now() >= Date.parse(record.purgedAt) + PURGE_RETENTION_MS) await this.erase(record);
      else this.alarms.set("purge", Date.parse(record.purgedAt) + PURGE_RETENTION_MS);
      return;
    }
    try {
      const status = record.metadata.solverStatus;
      if (status === "SOLVING_SCHEDULED" || status === "SOLVING_STARTED") await this.begin(record);
      else if (status === "SOLVING_ACTIVE") await this.slice(record);
      else if (status === "DATASET_VALIDATED") await this.compute(record);
      // Any other status is final: a stale alarm has nothing to do but return a place the queue did not get back.
      else if (record.run.queued) await this.releasePlace(record);
    } catch (err) {
      await this.fail(record, err);
    }
  }

  /**
   * SCHEDULED -> STARTED on one alarm; on the next, the model is built from the input (STARTED -> ACTIVE); slices
   * follow on the alarms after that.
   */
  private async begin(record: DatasetRecord): Promise<void> {
    const m = record.metadata;
    if (m.solverStatus === "SOLVING_SCHEDULED") {
      if (!(await this.acquirePlace(record))) return;
      m.startDateTime = this.transition(record, "SOLVING_STARTED");
      await this.save(record);
      await this.scheduleNextAlarm();
      return;
    }
    const live = await this.ensureLive(record);
    m.activeDateTime = this.transition(record, "SOLVING_ACTIVE");
    m.score = formatScore(live.session.bestScore());
    record.run.progress = null;
    this.writeCheckpoint(live);
    await this.save(record);
    await this.scheduleNextAlarm();
    await this.startSearches(record);
  }

  /**
   * One bounded slice of search (solver/slices.ts), the termination check at the slice boundary, and a checkpoint
   * when one is due (solver/checkpoint-policy.ts) or the run stops.
   */
  private async slice(stale: DatasetRecord): Promise<void> {
    const live = await this.ensureLive(stale);
    const { session } = live;
    let outcome: SliceOutcome | null = null;
    const before = session.bestScore();
    const stepsBefore = session.steps;
    if (!stale.run.stopReason) {
      const limit = stale.run.policy.stepCountLimit;
      const cap = limit !== null && session.phase === "LOCAL_SEARCH" ? Math.max(0, limit - session.steps) : undefined;
      // The slice yields one timer turn before and after itself: the runtime reads its sockets (without it, the
      // slices of objects whose alarms fell due together ran back to back for seconds, README "Load"), and the clock
      // advances (in production it only does across I/O).
      outcome = await runSlice(session, stale.run.sliceUnits, { cap, turn: () => scheduler.wait(1), now: Date.now });
    }
    // Requests ran during those turns: read the record again. A run that ended meanwhile (DELETE) is left alone.
    const record = this.readRecord();
    if (!record || record.purgedAt || record.metadata.solverStatus !== "SOLVING_ACTIVE" || this.live !== live) return;
    const run = record.run;
    const now = Date.now();
    let due = false;
    if (outcome && !run.stopReason) {
      run.sliceUnits = outcome.nextUnits;
      due = this.shareBest(record, live, now);
      const best = session.bestScore();
      const improved = compareScores(best, before) > 0;
      run.stopReason = this.decideStop(run, session, now, best, improved);
      record.metadata.score = formatScore(best);
      run.logTally = this.runLog.slice(run.logTally ?? EMPTY_TALLY, {
        moves: session.steps - stepsBefore,
        ms: Math.max(1, outcome.elapsedMs),
        improved,
        best: record.metadata.score,
        now,
      });
      // Before completion too: a retried completion (after a crash) then reports this very best.
      if (run.stopReason || live.checkpoints.due(session, now)) {
        this.writeCheckpoint(live, now);
        due = true;
      }
    }
    if (run.stopReason) {
      this.writeSliceRecord(record, live, now);
      const finishedConstruction = session.phase === "LOCAL_SEARCH";
      await this.finish(record, live, finishedConstruction ? "SOLVING_COMPLETED" : "SOLVING_INCOMPLETE");
      return;
    }
    // The record goes with each checkpoint and shared best (they must agree), else at most every RECORD_INTERVAL_MS;
    // meanwhile reads see the slices' changes through readRecord.
    if (due || now - live.recordAt >= RECORD_INTERVAL_MS) this.writeSliceRecord(record, live, now);
    else live.unwritten = { sliceUnits: run.sliceUnits, progress: run.progress, logTally: run.logTally, score: record.metadata.score };
    await this.scheduleNextAlarm();
  }

  private writeSliceRecord(record: DatasetRecord, live: LiveRun, now: number): void {
    this.storage.writeRecord(record);
    live.unwritten = null;
    live.recordAt = now;
  }

  /** The stored record, with what the live run's slices changed and have not written yet (see slice()). */
  private readRecord(): DatasetRecord | null {
    const record = this.storage.readRecord<DatasetRecord>();
    const unwritten = this.live?.unwritten;
    if (record && unwritten && record.metadata.solverStatus === "SOLVING_ACTIVE") {
      record.run.sliceUnits = unwritten.sliceUnits;
      record.run.progress = unwritten.progress;
      record.run.logTally = unwritten.logTally;
      record.metadata.score = unwritten.score;
    }
    return record;
  }

  private writeCheckpoint(live: LiveRun, now = Date.now()): void {
    this.storage.writeBlob(CHECKPOINT, live.session.checkpoint());
    live.checkpoints.written(live.session, now);
  }

  private decideStop(
    run: RunState,
    session: SolverSession,
    now: number,
    best: Score,
    improved: boolean,
  ): StopReason | null {
    if (session.phase === "CONSTRUCTION") {
      // Only the hard time limit applies before a first complete solution exists.
      run.progress ??= { activeAtMs: now, lastImprovementAtMs: now, samples: [], initialImprovement: null };
      return now - run.progress.activeAtMs >= run.policy.spentLimitMs ? "SPENT_LIMIT" : null;
    }
    if (!run.progress) {
      run.progress = { activeAtMs: now, lastImprovementAtMs: now, samples: [], initialImprovement: null };
    }
    if (run.progress.samples.length === 0) {
      // Local search just began: improvement is measured from here.
      run.progress.samples.push({ atMs: now, best });
      run.progress.lastImprovementAtMs = now;
    }
    return checkTermination(run.policy, run.progress, now, session.steps, best, improved);
  }

  /** SOLVING_ACTIVE -> final status: completeDateTime, then post-processing (output to R2), then shutdownDateTime. */
  private async finish(record: DatasetRecord, live: LiveRun, status: SolverStatus): Promise<void> {
    const m = record.metadata;
    const best = live.session.bestScore();
    m.completeDateTime = this.transition(record, status);
    m.score = formatScore(best);
    record.run.logTally = this.runLog.flush(record.run.logTally ?? EMPTY_TALLY, m.score, Date.now());
    this.runLog.append("TERMINATION", `${terminationText(record.run.stopReason)}; ${status} with score ${m.score}`);
    const parts = solutionParts(live.request.modelInput, live.session.bestAssignment(), live.session.problem, { lazyShifts: true });
    await putJsonInPieces(this.env.BLOBS, record.outputKey, parts);
    m.shutdownDateTime = new Date().toISOString();
    // One write for the whole transition: a crash before it leaves the run ACTIVE, and the retried alarm redoes it.
    await this.save(record);
    this.storage.deleteBlob(CHECKPOINT);
    this.storage.deleteBlob(SHARED_BEST);
    this.live = null;
    await this.stopSearches(record);
    await this.releasePlace(record);
  }

  private async fail(record: DatasetRecord, err: unknown): Promise<void> {
    console.error(`Dataset ${record.metadata.id} failed`, err);
    const m = record.metadata;
    const at = this.transition(record, "SOLVING_FAILED");
    m.completeDateTime ??= at;
    m.failureMessage = err instanceof Error ? err.message : String(err);
    this.runLog.append("FAILURE", m.failureMessage);
    this.live = null;
    try {
      await this.save(record);
    } catch (saveErr) {
      // Rethrowing makes the platform retry the alarm, which then retries the whole step.
      console.error("Could not record the failure", saveErr);
      throw saveErr;
    }
    await this.releasePlace(record);
  }

  private queueRequest(record: DatasetRecord): QueueRequest {
    const m = record.metadata;
    return { datasetId: m.id, priority: record.run.priority ?? DEFAULT_PRIORITY, submittedAt: m.submitDateTime ?? "", threads: record.run.threads };
  }

  /**
   * Before SCHEDULED -> STARTED: a place in the tenant's queue. Without one (or when the queue cannot be reached) the
   * dataset stays SCHEDULED and asks again after QUEUE_POLL_MS; the queue wakes it sooner when a place frees up.
   */
  private async acquirePlace(record: DatasetRecord): Promise<boolean> {
    let granted = false;
    try {
      granted = await queueStub(this.env, record.tenantId).acquire(this.queueRequest(record));
    } catch (err) {
      console.error(`Dataset ${record.metadata.id}: the solve queue could not be reached`, err);
    }
    if (!granted) await this.alarms.schedule("solver", Date.now() + Math.max(QUEUE_POLL_MS, Number(this.env.SLICE_PAUSE_MS ?? 0)));
    return granted;
  }

  /** At a final status: the place goes back to the queue. If the queue cannot be reached, a later alarm retries. */
  private async releasePlace(record: DatasetRecord): Promise<void> {
    if (!record.run.queued) return;
    try {
      await queueStub(this.env, record.tenantId).release(record.metadata.id);
      record.run.queued = false;
      this.storage.writeRecord(record);
    } catch (err) {
      console.error(`Dataset ${record.metadata.id}: could not return its place to the solve queue; retrying`, err);
      await this.alarms.schedule("solver", Date.now() + QUEUE_POLL_MS);
    }
  }

  /**
   * maxThreadCount > 1: a search reports its best at a slice boundary. The dataset keeps the best of all searches and
   * answers with it when it beats the caller's and the caller's own best has `stalled` (solver/adoption-policy.ts), or
   * tells the search to stop once the run has ended.
   */
  async exchange(index: number, score: Score, assignment: Int32Array, stalled: boolean): Promise<ExchangeReply> {
    const record = this.readRecord();
    if (!record || record.metadata.solverStatus !== "SOLVING_ACTIVE" || record.run.stopReason) return { stop: true };
    const run = record.run;
    if (!run.sharedBestScore || compareScores(score, run.sharedBestScore) > 0) {
      run.sharedBestScore = score;
      this.storage.writeBlob(SHARED_BEST, new Uint8Array(assignment.buffer, assignment.byteOffset, assignment.byteLength));
      this.storage.writeRecord(record);
      console.log(`Dataset ${record.metadata.id}: search ${index} found the best so far, ${formatScore(score)}`);
      return { stop: false, best: null };
    }
    if (stalled && compareScores(run.sharedBestScore, score) > 0) {
      const bytes = this.storage.readBlob(SHARED_BEST)!;
      return { stop: false, best: { score: run.sharedBestScore, assignment: new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4) } };
    }
    return { stop: false, best: null };
  }

  /**
   * At a slice boundary of search 0: take the shared best if another search beat us and our own best has stalled
   * (solver/adoption-policy.ts), else offer ours, at most every CHECKPOINT_INTERVAL_MS (the blob is the whole
   * assignment). Returns whether SHARED_BEST was written.
   */
  private shareBest(record: DatasetRecord, live: LiveRun, now: number): boolean {
    const run = record.run;
    const session = live.session;
    if (run.threads <= 1) return false;
    const own = session.bestScore();
    const stalled = live.adoption.stalled(session);
    if (run.sharedBestScore && compareScores(run.sharedBestScore, own) > 0) {
      if (!stalled) return false;
      const bytes = this.storage.readBlob(SHARED_BEST)!;
      session.applyAssignment(new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
      live.adoption.adopted(session);
    } else if ((!run.sharedBestScore || compareScores(own, run.sharedBestScore) > 0) && now - live.sharedAt >= CHECKPOINT_INTERVAL_MS) {
      run.sharedBestScore = own;
      const assignment = session.bestAssignment();
      this.storage.writeBlob(SHARED_BEST, new Uint8Array(assignment.buffer, assignment.byteOffset, assignment.byteLength));
      live.sharedAt = now;
      return true;
    }
    return false;
  }

  private searchStubs(record: DatasetRecord) {
    return Array.from({ length: Math.max(0, record.run.threads - 1) }, (_, i) =>
      this.env.SEARCHES.get(this.env.SEARCHES.idFromName(searchName(record.metadata.id, i + 1))),
    );
  }

  private async startSearches(record: DatasetRecord): Promise<void> {
    await Promise.all(
      this.searchStubs(record).map((stub, i) =>
        stub.start({ datasetId: record.metadata.id, requestKey: record.requestKey, index: i + 1, seed: DEFAULT_SEED + i + 1 }),
      ),
    );
  }

  /** Best effort: a search that misses this call stops at its next exchange anyway. */
  private async stopSearches(record: DatasetRecord): Promise<void> {
    const results = await Promise.allSettled(this.searchStubs(record).map((stub) => stub.stop()));
    for (const r of results) if (r.status === "rejected") console.error("Could not stop a search", r.reason);
  }

  /**
   * Operation NONE: DATASET_VALIDATED -> DATASET_COMPUTED. The submitted assignment is scored and its output and KPIs
   * stored; nothing is solved (spec §3: useful for datasets with partial solutions).
   */
  private async compute(record: DatasetRecord): Promise<void> {
    const live = await this.ensureLive(record);
    // Exactly as submitted: a solve's warm start may drop assignments that break hard rules; scoring must not.
    live.session.applyAssignment(submittedAssignment(live.request.modelInput));
    const parts = solutionParts(live.request.modelInput, live.session.currentAssignment(), live.session.problem, { lazyShifts: true });
    await putJsonInPieces(this.env.BLOBS, record.outputKey, parts);
    record.metadata.score = formatScore(live.session.currentScore());
    this.transition(record, "DATASET_COMPUTED");
    await this.save(record);
    this.live = null;
  }

  /** The end of a purged dataset's retention: every trace goes (R2 blobs, D1 row, this object's storage). */
  private async erase(record: DatasetRecord): Promise<void> {
    await this.env.BLOBS.delete([record.requestKey, record.outputKey]);
    await deleteDatasetIndex(this.env.DB, record.metadata.id);
    this.live = null;
    this.analysis = null;
    await this.ctx.storage.deleteAll();
  }

  /** Set the status, record it in the history, and return the time (for the phase timestamp). */
  private transition(record: DatasetRecord, status: SolverStatus): string {
    const at = new Date().toISOString();
    record.metadata.solverStatus = status;
    record.history.push({ status, at });
    return at;
  }

  /** The solver for this dataset: cached, else restored from the last checkpoint, else created from the input. */
  private async ensureLive(record: DatasetRecord): Promise<LiveRun> {
    if (this.live) return this.live;
    this.analysis = null; // never beside a run's core (analyzed())
    const request = await readStoredRequest(this.env.BLOBS, record.requestKey);
    const checkpoint = this.storage.readBlob(CHECKPOINT);
    const session = await openSession(rotaWasm, request, { seed: DEFAULT_SEED, checkpoint });
    const now = Date.now();
    this.live = {
      request, session, checkpoints: new CheckpointPolicy(session, now), unwritten: null, recordAt: now, sharedAt: 0,
      adoption: new AdoptionPolicy(session),
    };
    return this.live;
  }

  /** `lazyShifts`: the shifts of a live or submitted solution are a lazy array (output.ts): only for serializing here. */
  private async currentParts(record: DatasetRecord, options: { lazyShifts?: boolean } = {}): Promise<SolutionParts | null> {
    const status = record.metadata.solverStatus;
    if (status === "DATASET_INVALID") return null;
    if (record.metadata.shutdownDateTime || status === "DATASET_COMPUTED") {
      const stored = await this.env.BLOBS.get(record.outputKey);
      return stored ? await stored.json<SolutionParts>() : null;
    }
    if (status === "SOLVING_ACTIVE") {
      const live = await this.ensureLive(record);
      return solutionParts(live.request.modelInput, live.session.bestAssignment(), live.session.problem, options);
    }
    // Not solving yet: the assignment as submitted.
    const request = await this.compactRequest(record);
    return solutionParts(request.modelInput, submittedAssignment(request.modelInput), undefined, options);
  }

  private response(record: DatasetRecord, parts: SolutionParts | null): SolvingResponse {
    return {
      metadata: record.metadata,
      modelOutput: parts?.modelOutput ?? null,
      inputMetrics: parts?.inputMetrics ?? null,
      kpis: parts?.kpis ?? null,
      run: record.metadata,
    };
  }

  /** The live run's request, else the stored one streamed (stored-request.ts). */
  private async compactRequest(record: DatasetRecord): Promise<SolvingRequest> {
    return this.live?.request ?? (await readStoredRequest(this.env.BLOBS, record.requestKey));
  }

  /**
   * The next slice runs on the next alarm, right away unless SLICE_PAUSE_MS asks for a pause (tests set a long one
   * so that only `runDurableObjectAlarm` drives the run).
   */
  private async scheduleNextAlarm(): Promise<void> {
    await this.alarms.schedule("solver", Date.now() + Number(this.env.SLICE_PAUSE_MS ?? 0));
  }

  /** Persist the record (with its webhook event, if any), then mirror it into the D1 index, then fan the event out. */
  private async save(record: DatasetRecord): Promise<void> {
    const queued = await this.writeRecordWithEvent(record);
    await upsertDatasetIndex(this.env.DB, record.tenantId, record.metadata);
    if (queued) await this.outbox.afterEnqueue();
  }

  /**
   * Webhooks ("Webhooks" in the README), the transactional outbox: the record and, when its status just became an event status, the
   * event are written in one SQLite transaction. `arm()` issues setAlarm in the same turn, so the outbox's recovery
   * wake-up is stored together with the event. Returns whether an event was enqueued.
   */
  private async writeRecordWithEvent(record: DatasetRecord): Promise<boolean> {
    const queued = this.ctx.storage.transactionSync(() => {
      const before = this.readRecord()?.metadata.solverStatus;
      this.storage.writeRecord(record);
      return this.outbox.enqueueTransition(record.tenantId, before, record.metadata);
    });
    if (queued) await this.alarms.arm();
    return queued;
  }
}

/** DATASET_CREATED, then the validation verdict, then (for operation SOLVE) the queue: all at submit time. */
function creationHistory(m: Metadata): DatasetRecord["history"] {
  const at = m.submitDateTime ?? new Date().toISOString();
  const history: DatasetRecord["history"] = [{ status: "DATASET_CREATED", at }];
  if (m.solverStatus === "DATASET_INVALID") return [...history, { status: "DATASET_INVALID", at }];
  history.push({ status: "DATASET_VALIDATED", at });
  if (m.solverStatus === "SOLVING_SCHEDULED") history.push({ status: "SOLVING_SCHEDULED", at });
  return history;
}

function isSolving(status: SolverStatus): boolean {
  return status === "SOLVING_SCHEDULED" || status === "SOLVING_STARTED" || status === "SOLVING_ACTIVE";
}

/** Why the run stopped, for the run log. */
function terminationText(reason: RunState["stopReason"]): string {
  if (reason === "CANCELLED") return "Terminated by a DELETE request";
  return reason ? `Termination: ${reason}` : "Stopped";
}

