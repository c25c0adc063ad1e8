/**
 * DatasetObject: one Durable Object per dataset. It owns the dataset's metadata and run state (SQLite), runs the
 * Wasm solver in bounded slices driven by its alarm, checkpoints the search after every slice, writes the final
 * output to R2 and mirrors each status change into the D1 index.
 *
 * Lifecycle (spec §3): SOLVING_SCHEDULED -> SOLVING_STARTED -> SOLVING_ACTIVE -> SOLVING_COMPLETED (or
 * SOLVING_INCOMPLETE when stopped before the construction finished, SOLVING_FAILED on an error). A dataset with an
 * ERROR validation issue is stored as DATASET_INVALID and never solved.
 *
 * Platform semantics that shape this class:
 * - Alarms run at least once and are retried when they throw: every step below is idempotent and re-entrant from
 *   what SQLite holds (a retried alarm redoes at most one slice).
 * - One alarm = one slice. In production the clock only advances across I/O, so a slice is bounded by work units,
 *   calibrated from the wall time of the previous slice, and time is read only at slice boundaries.
 * - The in-memory solver session is a cache: after an eviction or a restart of `wrangler dev`, it is rebuilt from
 *   the R2 input and the last SQLite checkpoint, and the run continues where that checkpoint left it.
 * - Between alarms the object serves reads (GET returns the best solution so far).
 */
import { DurableObject } from "cloudflare:workers";
import rotaWasm from "../build/rota.wasm";
import type { Metadata, SolverStatus } from "../schemas/metadata";
import type { SolvingResponse } from "../schemas/model-output";
import type { SolvingRequest } from "../schemas/solving-request";
import { encodeProblem } from "../solver/encode";
import { solutionParts, submittedAssignment, type SolutionParts } from "../solver/output";
import { compareScores, formatScore, type Score } from "../solver/score";
import { SolverSession } from "../solver/session";
import {
  checkTermination,
  terminationPolicy,
  type StopReason,
  type TerminationPolicy,
  type TerminationProgress,
} from "../solver/termination";
import type { Env } from "../worker/env";
import type { ValidationIssue } from "../worker/validation";
import { upsertDatasetIndex } from "./dataset-index";
import { DatasetStorage } from "./storage";

/** What the Worker hands over when it creates a dataset. */
export interface DatasetInit {
  tenantId: string;
  metadata: Metadata;
  /** R2 key of the stored solving request. */
  requestKey: string;
  validationIssues: ValidationIssue[];
}

/** Wall time one slice should take: short enough that reads between slices stay responsive. */
const SLICE_TARGET_MS = 200;
const FIRST_SLICE_UNITS = 20_000;
const MIN_SLICE_UNITS = 1_000;
const MAX_SLICE_UNITS = 50_000_000;
/** Fixed seed: the same input and termination give the same schedule (reproducible runs). */
const DEFAULT_SEED = 1;

const CHECKPOINT = "checkpoint";

interface RunState {
  policy: TerminationPolicy;
  progress: TerminationProgress | null;
  sliceUnits: number;
  /** Set once termination has been decided, so that a retried alarm goes straight to post-processing. */
  stopReason: StopReason | "CANCELLED" | null;
}

interface DatasetRecord {
  tenantId: string;
  requestKey: string;
  outputKey: string;
  metadata: Metadata;
  validationIssues: ValidationIssue[];
  run: RunState;
}

interface LiveRun {
  request: SolvingRequest;
  session: SolverSession;
}

export class DatasetObject extends DurableObject<Env> {
  private readonly storage: DatasetStorage;
  /** Cache of the solver for this dataset; never at module scope (several objects can share an isolate). */
  private live: LiveRun | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new DatasetStorage(ctx.storage.sql);
    void ctx.blockConcurrencyWhile(async () => this.storage.migrate());
  }

  /** Create the dataset (idempotent: a repeated call returns the stored metadata). */
  async create(init: DatasetInit): Promise<Metadata> {
    const existing = this.storage.readRecord<DatasetRecord>();
    if (existing) return existing.metadata;
    const request = await this.readRequest(init.requestKey);
    const record: DatasetRecord = {
      tenantId: init.tenantId,
      requestKey: init.requestKey,
      outputKey: init.requestKey.replace(/request\.json$/, "output.json"),
      metadata: init.metadata,
      validationIssues: init.validationIssues,
      run: {
        policy: terminationPolicy(request.config?.run?.termination),
        progress: null,
        sliceUnits: FIRST_SLICE_UNITS,
        stopReason: null,
      },
    };
    // Index first: a dataset that is not indexed is invisible, so a failure here leaves nothing behind.
    await upsertDatasetIndex(this.env.DB, record.tenantId, record.metadata);
    this.storage.writeRecord(record);
    if (record.metadata.solverStatus === "SOLVING_SCHEDULED") await this.scheduleNextAlarm();
    return record.metadata;
  }

  async getMetadata(): Promise<Metadata | null> {
    return this.storage.readRecord<DatasetRecord>()?.metadata ?? null;
  }

  /** Where the search stands (phase and work done), restoring the solver from its checkpoint when needed. */
  async runProgress(): Promise<{ phase: string; steps: number; unitsDone: number } | null> {
    const record = this.storage.readRecord<DatasetRecord>();
    if (!record || record.metadata.solverStatus !== "SOLVING_ACTIVE") return null;
    const { session } = await this.ensureLive(record);
    return { phase: session.phase, steps: session.steps, unitsDone: session.unitsDone };
  }

  /** The solving response: the final output once post-processed, else the best solution so far. */
  async getResponse(): Promise<SolvingResponse | null> {
    const record = this.storage.readRecord<DatasetRecord>();
    if (!record) return null;
    return this.response(record, await this.currentParts(record));
  }

  /**
   * Terminate the run (DELETE <root>/{id}). A cancelled run is reported as SOLVING_COMPLETED (spec §3) with the best
   * solution found so far. A dataset that already reached a final status is returned unchanged.
   */
  async terminate(): Promise<SolvingResponse | null> {
    const record = this.storage.readRecord<DatasetRecord>();
    if (!record) return null;
    if (isSolving(record.metadata.solverStatus)) {
      await this.ctx.storage.deleteAlarm();
      record.run.stopReason = "CANCELLED";
      const live = await this.ensureLive(record);
      await this.finish(record, live, "SOLVING_COMPLETED");
    }
    return this.getResponse();
  }

  async alarm(): Promise<void> {
    const record = this.storage.readRecord<DatasetRecord>();
    if (!record) return;
    try {
      const status = record.metadata.solverStatus;
      if (status === "SOLVING_SCHEDULED" || status === "SOLVING_STARTED") await this.begin(record);
      else if (status === "SOLVING_ACTIVE") await this.slice(record);
      // Any other status is final: a stale alarm has nothing to do.
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
      m.solverStatus = "SOLVING_STARTED";
      m.startDateTime = new Date().toISOString();
      await this.save(record);
      await this.scheduleNextAlarm();
      return;
    }
    const live = await this.ensureLive(record);
    m.solverStatus = "SOLVING_ACTIVE";
    m.activeDateTime = new Date().toISOString();
    m.score = formatScore(live.session.bestScore());
    record.run.progress = null;
    this.storage.writeBlob(CHECKPOINT, live.session.checkpoint());
    await this.save(record);
    await this.scheduleNextAlarm();
  }

  /** One bounded slice of search, a checkpoint, and the termination check at the slice boundary. */
  private async slice(record: DatasetRecord): Promise<void> {
    const live = await this.ensureLive(record);
    const { session } = live;
    const run = record.run;
    if (!run.stopReason) {
      const startedAt = Date.now();
      const before = session.bestScore();
      let budget = run.sliceUnits;
      if (run.policy.stepCountLimit !== null && session.phase === "LOCAL_SEARCH") {
        budget = Math.min(budget, Math.max(0, run.policy.stepCountLimit - session.steps));
      }
      const { unitsDone } = budget > 0 ? session.runSlice(budget) : { unitsDone: 0 };
      const best = session.bestScore();
      this.storage.writeBlob(CHECKPOINT, session.checkpoint());
      const now = Date.now();
      // Calibrate the next slice from this one's wall time (which includes the checkpoint write).
      const elapsed = Math.max(1, now - startedAt);
      run.sliceUnits = clamp(Math.round((unitsDone / elapsed) * SLICE_TARGET_MS), MIN_SLICE_UNITS, MAX_SLICE_UNITS);
      run.stopReason = this.decideStop(run, session, now, best, compareScores(best, before) > 0);
      record.metadata.score = formatScore(best);
    }
    if (run.stopReason) {
      const finishedConstruction = session.phase === "LOCAL_SEARCH";
      await this.finish(record, live, finishedConstruction ? "SOLVING_COMPLETED" : "SOLVING_INCOMPLETE");
      return;
    }
    this.storage.writeRecord(record);
    await this.scheduleNextAlarm();
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
    m.solverStatus = status;
    m.completeDateTime = new Date().toISOString();
    m.score = formatScore(best);
    const parts = solutionParts(live.request.modelInput, live.session.bestAssignment());
    await this.env.BLOBS.put(record.outputKey, JSON.stringify(parts), {
      httpMetadata: { contentType: "application/json" },
    });
    m.shutdownDateTime = new Date().toISOString();
    // One write for the whole transition: a crash before it leaves the run ACTIVE, and the retried alarm redoes it.
    await this.save(record);
    this.storage.deleteBlob(CHECKPOINT);
    this.live = null;
  }

  private async fail(record: DatasetRecord, err: unknown): Promise<void> {
    console.error(`Dataset ${record.metadata.id} failed`, err);
    const m = record.metadata;
    m.solverStatus = "SOLVING_FAILED";
    m.completeDateTime ??= new Date().toISOString();
    m.failureMessage = err instanceof Error ? err.message : String(err);
    this.live = null;
    try {
      await this.save(record);
    } catch (saveErr) {
      // Rethrowing makes the platform retry the alarm, which then retries the whole step.
      console.error("Could not record the failure", saveErr);
      throw saveErr;
    }
  }

  /** The solver for this dataset: cached, else restored from the last checkpoint, else created from the input. */
  private async ensureLive(record: DatasetRecord): Promise<LiveRun> {
    if (this.live) return this.live;
    const request = await this.readRequest(record.requestKey);
    const problem = encodeProblem(request.modelInput);
    const checkpoint = this.storage.readBlob(CHECKPOINT);
    const session = checkpoint
      ? await SolverSession.restore(rotaWasm, problem, checkpoint)
      : await SolverSession.create(rotaWasm, problem, {
          seed: DEFAULT_SEED,
          weights: request.config?.model?.overrides ?? undefined,
        });
    this.live = { request, session };
    return this.live;
  }

  private async currentParts(record: DatasetRecord): Promise<SolutionParts | null> {
    const status = record.metadata.solverStatus;
    if (status === "DATASET_INVALID") return null;
    if (record.metadata.shutdownDateTime) {
      const stored = await this.env.BLOBS.get(record.outputKey);
      return stored ? await stored.json<SolutionParts>() : null;
    }
    if (status === "SOLVING_ACTIVE") {
      const live = await this.ensureLive(record);
      return solutionParts(live.request.modelInput, live.session.bestAssignment());
    }
    // Not solving yet: the assignment as submitted.
    const request = this.live?.request ?? (await this.readRequest(record.requestKey));
    return solutionParts(request.modelInput, submittedAssignment(request.modelInput));
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

  private async readRequest(key: string): Promise<SolvingRequest> {
    const object = await this.env.BLOBS.get(key);
    if (!object) throw new Error(`The dataset's input ${key} is missing from storage.`);
    return object.json<SolvingRequest>();
  }

  /**
   * The next slice runs on the next alarm, right away unless SLICE_PAUSE_MS asks for a pause (tests set a long one
   * so that only `runDurableObjectAlarm` drives the run).
   */
  private async scheduleNextAlarm(): Promise<void> {
    await this.ctx.storage.setAlarm(Date.now() + Number(this.env.SLICE_PAUSE_MS ?? 0));
  }

  /** Persist the record, then mirror it into the D1 index. */
  private async save(record: DatasetRecord): Promise<void> {
    this.storage.writeRecord(record);
    await upsertDatasetIndex(this.env.DB, record.tenantId, record.metadata);
  }
}

function isSolving(status: SolverStatus): boolean {
  return status === "SOLVING_SCHEDULED" || status === "SOLVING_STARTED" || status === "SOLVING_ACTIVE";
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

