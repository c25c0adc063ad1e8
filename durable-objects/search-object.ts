/**
 * SearchObject: one extra, independent search of a dataset when `config.run.maxThreadCount` > 1 (spec §2.1). The
 * dataset's own DatasetObject is search 0; searches 1..n-1 each live in a SearchObject named `<datasetId>/search/<k>`,
 * with seed k, possibly on other machines: this is how one dataset uses more than one machine.
 *
 * Protocol, at every slice boundary of a search: it sends its best score and assignment to the DatasetObject
 * (`exchange`), which keeps the best of all searches and, when the search's own best has stalled
 * (solver/adoption-policy.ts), answers with that shared best when it is better than the search's own (the search then
 * continues from it), or with `stop` once the run ended. The DatasetObject owns
 * termination and the result. A SearchObject owns its own alarm (one job: the next slice) and checkpoints as the dataset
 * does (solver/checkpoint-policy.ts), so it resumes after a restart like the dataset does.
 */
import { DurableObject } from "cloudflare:workers";
import rotaWasm from "../build/rota.wasm";
import { AdoptionPolicy } from "../solver/adoption-policy";
import { CheckpointPolicy } from "../solver/checkpoint-policy";
import { openSession } from "../solver/open-session";
import { compareScores, type Score } from "../solver/score";
import type { SolverSession } from "../solver/session";
import { FIRST_SLICE_UNITS, runSlice } from "../solver/slices";
import type { Env } from "../platform/env";
import { DatasetStorage } from "./storage";
import { readStoredRequest } from "./stored-request";

export interface SearchInit {
  datasetId: string;
  requestKey: string;
  /** Search number k (1..maxThreadCount-1), also its seed offset. */
  index: number;
  seed: number;
}

interface SearchRecord {
  init: SearchInit;
  sliceUnits: number;
  stopped: boolean;
  exchanges: number;
}

/** The DatasetObject's answer to an exchange. */
export type ExchangeReply = { stop: true } | { stop: false; best: { score: Score; assignment: Int32Array } | null };

interface LiveSearch {
  session: SolverSession;
  checkpoints: CheckpointPolicy;
  adoption: AdoptionPolicy;
}

const CHECKPOINT = "checkpoint";
/**
 * Wall time of a search's slice: longer than the dataset's (solver/slices.ts SLICE_TARGET_MS), because each slice
 * ends with an exchange that carries the search's whole best assignment to the dataset.
 */
const SEARCH_SLICE_TARGET_MS = 200;

export function searchName(datasetId: string, index: number): string {
  return `${datasetId}/search/${index}`;
}

export class SearchObject extends DurableObject<Env> {
  private readonly storage: DatasetStorage;
  private live: LiveSearch | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new DatasetStorage(ctx.storage.sql);
    void ctx.blockConcurrencyWhile(async () => this.storage.migrate());
  }

  /** Begin searching (idempotent). */
  async start(init: SearchInit): Promise<void> {
    if (this.storage.readRecord<SearchRecord>()) return;
    this.storage.writeRecord({ init, sliceUnits: FIRST_SLICE_UNITS, stopped: false, exchanges: 0 } satisfies SearchRecord);
    await this.ctx.storage.setAlarm(Date.now() + Number(this.env.SLICE_PAUSE_MS ?? 0));
  }

  /** The run ended: stop and forget the search state. */
  async stop(): Promise<void> {
    const record = this.storage.readRecord<SearchRecord>();
    if (!record || record.stopped) return;
    record.stopped = true;
    this.storage.writeRecord(record);
    this.storage.deleteBlob(CHECKPOINT);
    this.live = null;
    await this.ctx.storage.deleteAlarm();
  }

  async progress(): Promise<{ stopped: boolean; exchanges: number; unitsDone: number } | null> {
    const record = this.storage.readRecord<SearchRecord>();
    if (!record) return null;
    return { stopped: record.stopped, exchanges: record.exchanges, unitsDone: this.live?.session.unitsDone ?? 0 };
  }

  async alarm(): Promise<void> {
    const record = this.storage.readRecord<SearchRecord>();
    if (!record || record.stopped) return;
    const live = await this.ensureLive(record.init);
    const { session, checkpoints } = live;
    record.sliceUnits = (await runSlice(session, record.sliceUnits, { targetMs: SEARCH_SLICE_TARGET_MS })).nextUnits;
    if (this.live !== live) return; // stopped during the slice's turns
    const now = Date.now();
    if (checkpoints.due(session, now)) {
      this.storage.writeBlob(CHECKPOINT, session.checkpoint());
      checkpoints.written(session, now);
    }

    const dataset = this.env.DATASETS.get(this.env.DATASETS.idFromName(record.init.datasetId));
    const stalled = live.adoption.stalled(session);
    const reply = (await dataset.exchange(record.init.index, session.bestScore(), session.bestAssignment(), stalled)) as ExchangeReply;
    record.exchanges++;
    if (reply.stop) {
      this.storage.writeRecord(record);
      await this.stop();
      return;
    }
    if (reply.best && compareScores(reply.best.score, session.bestScore()) > 0) {
      session.applyAssignment(new Int32Array(reply.best.assignment));
      live.adoption.adopted(session);
    }
    this.storage.writeRecord(record);
    await this.ctx.storage.setAlarm(Date.now() + Number(this.env.SLICE_PAUSE_MS ?? 0));
  }

  private async ensureLive(init: SearchInit): Promise<LiveSearch> {
    if (this.live) return this.live;
    const request = await readStoredRequest(this.env.BLOBS, init.requestKey);
    const checkpoint = this.storage.readBlob(CHECKPOINT);
    const session = await openSession(rotaWasm, request, { seed: init.seed, checkpoint });
    // A new search has nothing stored yet: a restart before its first checkpoint starts it afresh (same seed).
    this.live = { session, checkpoints: new CheckpointPolicy(session, Date.now()), adoption: new AdoptionPolicy(session) };
    return this.live;
  }
}
