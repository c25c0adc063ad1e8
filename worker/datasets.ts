/**
 * Creating datasets: shared by POST <root>, from-patch, from-input and new-run. Validates the input semantically,
 * stores the request in R2, and hands the dataset to its own Durable Object, which records it and then indexes it in
 * D1. A failure at any step removes what the earlier steps wrote, so a failed submission leaves no trace: no listed
 * dataset that cannot be read, no orphaned request in R2.
 */
import { findDataset } from "../durable-objects/dataset-index";
import { queueStub } from "../durable-objects/solve-queue";
import { summarize, validateModelInput, type ValidationIssue } from "../model/validation";
import { DEFAULT_PROFILE_NAME } from "../schemas/configuration";
import { MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_TAG_COUNT } from "../schemas/identifiers";
import type { Acknowledgement, Metadata, ValidationResult } from "../schemas/metadata";
import type { ModelInput } from "../schemas/model-input";
import type { ModelConfiguration } from "../schemas/solving-request";
import type { Caller } from "./auth";
import type { Env } from "../platform/env";
import { ApiError } from "./errors";
import { reservePlace } from "./platform/solve-queue";
import { checkThreadCount } from "./platform/tenants";

/**
 * The metadata's `validationResult` lists at most this many errors and as many warnings, each cut to
 * MAX_MESSAGE_LENGTH characters: it is stored in every D1 index row and listed by GET <root>, so it must stay small
 * whatever the input. GET <root>/{id}/validation-result has every issue.
 */
export const MAX_SUMMARY_MESSAGES = 20;
export const MAX_MESSAGE_LENGTH = 500;

export type Operation = "SOLVE" | "NONE";
export type DatasetOrigin = "from-request" | "from-patch" | "from-input";

/** A request the Worker stored as it read it (a streamed submission, worker/ingest.ts), validated on the way. */
export interface StoredRequest {
  id: string;
  requestKey: string;
  issues: ValidationIssue[];
}

export interface NewDataset {
  config: ModelConfiguration | null | undefined;
  /** The model input, validated and stored here; or a request already stored and validated. */
  input: { modelInput: ModelInput } | StoredRequest;
  origin: DatasetOrigin;
  operation: Operation;
  /** The dataset this one derives from (patch, from-input), if any. */
  parent?: Metadata;
  /** Query parameters `name` and `tags`, which add to the request's own. */
  queryName?: string;
  queryTags?: string[];
  /** The configuration profile whose settings are already in `request.config` (tag `system.profile:<name>`). */
  profile?: string;
  /** Solve priority 0-10 (README "Solve queue"). */
  priority?: number;
}

export function datasetStub(env: Env, id: string) {
  return env.DATASETS.get(env.DATASETS.idFromName(id));
}

/**
 * The dataset a route's `{id}` names, for the caller: its Durable Object stub once the D1 index confirms it is the
 * caller's (else 404). Every per-dataset route starts here.
 */
export async function callerDataset(env: Env, caller: Caller, id: string) {
  await requireDataset(env, caller, id);
  return datasetStub(env, id);
}

/** The caller's dataset, or 404 (unknown, another tenant's, or purged): checked in D1 before any Durable Object. */
export async function requireDataset(env: Env, caller: Caller, id: string): Promise<Metadata> {
  const found = await findDataset(env.DB, caller.tenantId, id);
  if (!found) throw ApiError.notFound(`Dataset '${id}'`);
  return found.metadata;
}

/** Where a dataset's request is stored in R2 (its output goes beside it: dataset-object.ts). */
export function requestKeyOf(tenantId: string, id: string): string {
  return `tenants/${tenantId}/datasets/${id}/request.json`;
}

/**
 * Create the dataset and return its acknowledgement. A request already stored is removed again when the dataset is
 * not created. A dataset with an ERROR issue is still created (status
 * DATASET_INVALID, so that its validation result can be read) and answered with 400.
 */
export async function createDataset(env: Env, caller: Caller, spec: NewDataset): Promise<Acknowledgement> {
  const { config } = spec;
  const stored = "requestKey" in spec.input ? spec.input : null;
  const id = stored?.id ?? crypto.randomUUID();
  const requestKey = stored?.requestKey ?? requestKeyOf(caller.tenantId, id);
  const submitDateTime = new Date().toISOString();
  let issues: ValidationIssue[];
  let metadata: Metadata;
  try {
    await checkThreadCount(env.DB, caller.tenantId, config?.run?.maxThreadCount);
    const userTags = [...(config?.run?.tags ?? []), ...(spec.queryTags ?? [])];
    checkMetadataBounds(spec.queryName, spec.queryTags ?? [], userTags.length);
    issues = stored?.issues ?? validateModelInput((spec.input as { modelInput: ModelInput }).modelInput);
    const validationResult = boundSummary(summarize(issues));
    const invalid = validationResult.summary === "ERRORS";
    metadata = {
      id,
      parentId: spec.parent?.id ?? null,
      originId: spec.parent?.originId ?? id,
      name: spec.queryName || config?.run?.name || `Dataset-${submitDateTime}`,
      submitDateTime,
      solverStatus: invalid ? "DATASET_INVALID" : spec.operation === "SOLVE" ? "SOLVING_SCHEDULED" : "DATASET_VALIDATED",
      score: null,
      tags: [...new Set([...userTags, `system.type:${spec.origin}`, `system.profile:${spec.profile ?? DEFAULT_PROFILE_NAME}`])],
      validationResult,
    };
    // A place in the tenant's queue before anything is stored: over the cap, a 429 leaves nothing behind.
    if (metadata.solverStatus === "SOLVING_SCHEDULED") {
      await reservePlace(env, caller.tenantId, { datasetId: id, priority: spec.priority, submittedAt: submitDateTime, config });
    }
  } catch (err) {
    if (stored) await env.BLOBS.delete(requestKey);
    throw err;
  }
  const { validationResult } = metadata;
  const invalid = validationResult.summary === "ERRORS";
  if (!stored) {
    const { modelInput } = spec.input as { modelInput: ModelInput };
    await env.BLOBS.put(requestKey, JSON.stringify({ config, modelInput }), { httpMetadata: { contentType: "application/json" } });
  }
  try {
    const run = config?.run;
    await datasetStub(env, id).create({
      tenantId: caller.tenantId,
      metadata,
      requestKey,
      validationIssues: issues,
      run: run && { termination: run.termination, maxThreadCount: run.maxThreadCount },
      priority: spec.priority,
    });
  } catch (err) {
    // The object undid its own writes (dataset-object.ts `create`), unless it got as far as the index row and only its
    // answer was lost: then the dataset exists and keeps its request. Otherwise the request blob is ours to remove,
    // and the reserved queue place goes back (if that fails too, the queue's alarm drops the place once it finds no
    // dataset behind it).
    if (!(await findDataset(env.DB, caller.tenantId, id))) {
      await env.BLOBS.delete(requestKey);
      if (metadata.solverStatus === "SOLVING_SCHEDULED") {
        await queueStub(env, caller.tenantId)
          .release(id)
          .catch((releaseErr) => console.error(`Could not return the queue place of dataset ${id}`, releaseErr));
      }
    }
    throw err;
  }
  if (invalid) {
    throw new ApiError(
      400,
      "VALIDATION_ERROR",
      `Dataset ${id} is invalid (status DATASET_INVALID); see details or GET its validation-result.`,
      validationResult.errors,
    );
  }
  return {
    id,
    parentId: metadata.parentId,
    originId: metadata.originId,
    name: metadata.name,
    submitDateTime,
    solverStatus: metadata.solverStatus,
    tags: metadata.tags,
    validationResult,
  };
}

/**
 * The name and tags of a new dataset come from the body (bounded by its schema) and from the query: the two together
 * must fit the same bounds, since both are stored in the index row.
 */
function checkMetadataBounds(queryName: string | undefined, queryTags: string[], tagCount: number): void {
  const details: string[] = [];
  if (queryName && queryName.length > MAX_NAME_LENGTH) details.push(`query.name: at most ${MAX_NAME_LENGTH} characters`);
  const long = queryTags.findIndex((t) => t.length > MAX_ID_LENGTH);
  if (long >= 0) details.push(`query.tags[${long}]: at most ${MAX_ID_LENGTH} characters`);
  if (tagCount > MAX_TAG_COUNT) details.push(`config.run.tags and query.tags: at most ${MAX_TAG_COUNT} tags together, got ${tagCount}`);
  if (details.length) throw new ApiError(400, "VALIDATION_ERROR", "The dataset's name or tags exceed their limits.", details);
}

/** At most MAX_SUMMARY_MESSAGES messages per list, each at most MAX_MESSAGE_LENGTH characters. */
export function boundSummary(result: ValidationResult): ValidationResult {
  const bound = (messages: string[]) => {
    const kept = messages.slice(0, MAX_SUMMARY_MESSAGES).map((m) => (m.length > MAX_MESSAGE_LENGTH ? `${m.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : m));
    const more = messages.length - kept.length;
    return more > 0 ? [...kept, `… and ${more} more (GET validation-result lists every issue).`] : kept;
  };
  return { summary: result.summary, errors: bound(result.errors), warnings: bound(result.warnings) };
}
