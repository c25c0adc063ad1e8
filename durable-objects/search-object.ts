/**
 * SearchObject: one extra, independent search of a dataset when `config.run.maxThreadCount` > 1 (spec §2.1). The
 * dataset's own DatasetObject is search 0; searches 1..n-1 each live in a SearchObject named `<datasetId>/search/<k>`,
 * with seed k, possibly on other machines: this is how one dataset uses more than one machine.
 *
 * Protocol, at every slice boundary of a search: it sends its best score and assignment to the DatasetObject
 * (`exchange`), which keeps the best of all searches and answers with that shared best when it is better than the
 * search's own (the search then continues from it), or with `stop` once the run ended. The DatasetObject owns
 * termination and the result. A SearchObject owns its own alarm (one job: the next slice) and checkpoints after each
 * slice, so it resumes after a restart like the dataset does.
 */
import { DurableObject } from "cloudflare:workers";
import rotaWasm from "../build/rota.wasm";
import type { SolvingRequest } from "../schemas/solving-request";
import { encodeProblem } from "../solver/encode";
import { compareScores, type Score } from "../solver/score";
import { SolverSession } from "../solver/session";
import type { Env } from "../platform/env";
import { DatasetStorage } from "./storage";

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

const CHECKPOINT = "checkpoint";
const SLICE_TARGET_MS = 200;
const FIRST_SLICE_UNITS = 20_000;

export function searchName(datasetId: string, index: number): string {
  return `${datasetId}/search/${index}`;
}

export class SearchObject extends DurableObject<Env> {
  private readonly storage: DatasetStorage;
  private session: SolverSession | null = null;

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
    this.session = null;
    await this.ctx.storage.deleteAlarm();
  }

  async progress(): Promise<{ stopped: boolean; exchanges: number; unitsDone: number } | null> {
    const record = this.storage.readRecord<SearchRecord>();
    if (!record) return null;
    return { stopped: record.stopped, exchanges: record.exchanges, unitsDone: this.session?.unitsDone ?? 0 };
  }

  async alarm(): Promise<void> {
    const record = this.storage.readRecord<SearchRecord>();
    if (!record || record.stopped) return;
    const session = await this.ensureSession(record.init);
    const startedAt = Date.now();
    const { unitsDone } = session.runSlice(record.sliceUnits);
    const elapsed = Math.max(1, Date.now() - startedAt);
    record.sliceUnits = Math.min(50_000_000, Math.max(1_000, Math.round((unitsDone / elapsed) * SLICE_TARGET_MS)));
    this.storage.writeBlob(CHECKPOINT, session.checkpoint());

    const dataset = this.env.DATASETS.get(this.env.DATASETS.idFromName(record.init.datasetId));
    const reply = (await dataset.exchange(record.init.index, session.bestScore(), session.bestAssignment())) as ExchangeReply;
    record.exchanges++;
    if (reply.stop) {
      this.storage.writeRecord(record);
      await this.stop();
      return;
    }
    if (reply.best && compareScores(reply.best.score, session.bestScore()) > 0) {
      session.applyAssignment(new Int32Array(reply.best.assignment));
    }
    this.storage.writeRecord(record);
    await this.ctx.storage.setAlarm(Date.now() + Number(this.env.SLICE_PAUSE_MS ?? 0));
  }

  private async ensureSession(init: SearchInit): Promise<SolverSession> {
    if (this.session) return this.session;
    const object = await this.env.BLOBS.get(init.requestKey);
    if (!object) throw new Error(`The dataset's input ${init.requestKey} is missing from storage.`);
    const request = await object.json<SolvingRequest>();
    const problem = encodeProblem(request.modelInput);
    const checkpoint = this.storage.readBlob(CHECKPOINT);
    this.session = checkpoint
      ? await SolverSession.restore(rotaWasm, problem, checkpoint)
      : await SolverSession.create(rotaWasm, problem, {
          seed: init.seed,
          weights: request.config?.model?.overrides ?? undefined,
        });
    return this.session;
  }
}
