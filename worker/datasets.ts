/**
 * Creating datasets: shared by POST <root>, from-patch, from-input and new-run. Validates the input semantically,
 * stores the request in R2, and hands the dataset to its own Durable Object, which indexes it in D1.
 */
import { findDataset } from "../durable-objects/dataset-index";
import { queueStub } from "../durable-objects/solve-queue";
import { summarize, validateModelInput } from "../model/validation";
import { DEFAULT_PROFILE_NAME } from "../schemas/configuration";
import type { Acknowledgement, Metadata } from "../schemas/metadata";
import type { SolvingRequest } from "../schemas/solving-request";
import type { Caller } from "./auth";
import type { Env } from "./env";
import { ApiError } from "./errors";
import { reservePlace } from "./platform/solve-queue";

export type Operation = "SOLVE" | "NONE";
export type DatasetOrigin = "from-request" | "from-patch" | "from-input";

export interface NewDataset {
  request: SolvingRequest;
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

/**
 * Create the dataset and return its acknowledgement. A dataset with an ERROR issue is still created (status
 * DATASET_INVALID, so that its validation result can be read) and answered with 400.
 */
export async function createDataset(env: Env, caller: Caller, spec: NewDataset): Promise<Acknowledgement> {
  const { request } = spec;
  const id = crypto.randomUUID();
  const submitDateTime = new Date().toISOString();
  const issues = validateModelInput(request.modelInput, request.config?.model?.overrides);
  const validationResult = summarize(issues);
  const invalid = validationResult.summary === "ERRORS";
  const userTags = [...(request.config?.run?.tags ?? []), ...(spec.queryTags ?? [])];
  const metadata: Metadata = {
    id,
    parentId: spec.parent?.id ?? null,
    originId: spec.parent?.originId ?? id,
    name: spec.queryName || request.config?.run?.name || `Dataset-${submitDateTime}`,
    submitDateTime,
    solverStatus: invalid ? "DATASET_INVALID" : spec.operation === "SOLVE" ? "SOLVING_SCHEDULED" : "DATASET_VALIDATED",
    score: null,
    tags: [...new Set([...userTags, `system.type:${spec.origin}`, `system.profile:${spec.profile ?? DEFAULT_PROFILE_NAME}`])],
    validationResult,
  };
  // A place in the tenant's queue before anything is stored: over the cap, a 429 leaves nothing behind.
  if (metadata.solverStatus === "SOLVING_SCHEDULED") {
    await reservePlace(env, caller.tenantId, { datasetId: id, priority: spec.priority, submittedAt: submitDateTime, config: request.config });
  }
  const requestKey = `tenants/${caller.tenantId}/datasets/${id}/request.json`;
  try {
    await env.BLOBS.put(requestKey, JSON.stringify(request), { httpMetadata: { contentType: "application/json" } });
    await datasetStub(env, id).create({ tenantId: caller.tenantId, metadata, requestKey, validationIssues: issues, priority: spec.priority });
  } catch (err) {
    // The reserved place goes back (if the dataset was created after all, it asks for one again when it starts); if
    // even that fails, the queue's alarm drops the place once it finds no dataset behind it.
    if (metadata.solverStatus === "SOLVING_SCHEDULED") {
      await queueStub(env, caller.tenantId)
        .release(id)
        .catch((releaseErr) => console.error(`Could not return the queue place of dataset ${id}`, releaseErr));
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
