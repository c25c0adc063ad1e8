/**
 * The dataset resource at <root> = /api/models/employee-scheduling/v1/schedules (spec §2.1-§2.4, §3, §4): submit,
 * list, read (whole, metadata, input, config, request, validation result, score analysis), events, solve, terminate,
 * rename/retag, purge and restore.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { TypedResponse } from "hono";
import { findDataset, listDatasets } from "../../durable-objects/dataset-index";
import { queueStub } from "../../durable-objects/solve-queue";
import { ErrorInfoSchema } from "../../schemas/error";
import { AcknowledgementSchema, FINAL_STATUSES, MetadataSchema, SolverStatusSchema } from "../../schemas/metadata";
import { ModelInputSchema } from "../../schemas/model-input";
import { SolvingResponseSchema, type SolvingResponse } from "../../schemas/model-output";
import { ScoreAnalysisSchema } from "../../schemas/score-analysis";
import { ConfigurationIdQuery, PriorityQuery } from "../../schemas/configuration";
import {
  DatasetNameSchema,
  DatasetTagsSchema,
  ModelConfigurationSchema,
  SolvingRequestSchema,
  type SolvingRequest,
} from "../../schemas/solving-request";
import { ValidationResultDetailSchema } from "../../schemas/validation";
import type { AppEnv } from "../auth";
import { validateWithShiftFacts } from "../../model/validation";
import { callerDataset, createDataset, datasetStub, requestKeyOf, requireDataset, type StoredRequest } from "../datasets";
import { ApiError, describeZodError } from "../errors";
import { ingestSolvingRequest, streamedLimits } from "../ingest";
import { configWithProfile } from "../platform/configurations";
import { reservePlace } from "../platform/solve-queue";
import { BooleanQuery, errors, IdParams, json, jsonBody, NameQuery, submitError, TagsQuery, toList, unwrap } from "./openapi-helpers";

const TAG = ["Employee Shift Schedule"];
/** The reference's maximum page size of the listing. */
const MAX_PAGE_SIZE = 1000;
/** The listing skips at most this many rows (an OFFSET walks the index that far): README "Limits". */
const MAX_LISTING_OFFSET = 100_000;
/** How often the events stream looks at the dataset's metadata. */
const EVENTS_POLL_MS = 250;

export function registerScheduleRoutes(app: OpenAPIHono<AppEnv>, root: string): void {
  // The body is read as a stream (worker/ingest.ts, README "Request bodies"), not by the route's validator: the route
  // is documented from its schemas like the others, and its handler checks the query with the same schema.
  const submitQuery = z.object({
    name: NameQuery,
    tags: TagsQuery,
    operation: z.enum(["SOLVE", "NONE"]).default("SOLVE"),
    configurationId: ConfigurationIdQuery,
    priority: PriorityQuery,
  });
  app.openAPIRegistry.registerPath(
    createRoute({
      method: "post",
      path: root,
      summary: "Submit a dataset to be solved (or, with operation=NONE, only scored)",
      tags: TAG,
      request: {
        query: submitQuery,
        body: { required: true, content: { "application/json": { schema: SolvingRequestSchema } } },
      },
      responses: {
        202: json(AcknowledgementSchema, "Dataset accepted"),
        400: submitError,
        401: errors[401],
        403: errors[403],
      },
    }),
  );
  app.post(root, async (c) => {
    // As Hono's query validator reads it: a repeated parameter (`?tags=a&tags=b`) as a list.
    const raw = Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
    const parsedQuery = submitQuery.safeParse(raw);
    if (!parsedQuery.success) {
      throw new ApiError(400, "VALIDATION_ERROR", "The request query does not match the schema.", describeZodError(parsedQuery.error, "query"));
    }
    const query = parsedQuery.data;
    const caller = c.get("caller");
    const id = crypto.randomUUID();
    const ingested = await ingestSolvingRequest(c.req.raw, c.env.BLOBS, requestKeyOf(caller.tenantId, id), streamedLimits(c.env.MAX_BODY_BYTES));
    let stored: StoredRequest;
    let config: SolvingRequest["config"];
    let profile: string | undefined;
    try {
      ({ config, profile } = await configWithProfile(c.env.DB, caller.tenantId, ingested.config, query.configurationId));
      const issues = validateWithShiftFacts(ingested.modelInput, ingested.shifts);
      await ingested.upload.finish(config);
      stored = { id, requestKey: ingested.upload.key, issues };
    } catch (err) {
      await ingested.upload.abort();
      throw err;
    }
    const ack = await createDataset(c.env, caller, {
      config,
      input: stored,
      origin: "from-request",
      operation: query.operation,
      queryName: query.name,
      queryTags: toList(query.tags),
      profile,
      priority: query.priority,
    });
    return c.json(ack, 202);
  });

  app.openapi(
    createRoute({
      method: "get",
      path: root,
      summary: "List the datasets of the caller's tenant, newest first",
      tags: TAG,
      request: {
        query: z
          .object({
            page: z.coerce.number().int().min(0).default(0),
            size: z.coerce.number().int().min(0).max(MAX_PAGE_SIZE).default(100),
          })
          .refine((q) => q.page * q.size <= MAX_LISTING_OFFSET, {
            path: ["page"],
            message: `page * size must be at most ${MAX_LISTING_OFFSET} (the listing reaches the newest ${MAX_LISTING_OFFSET} datasets)`,
          }),
      },
      responses: { 200: json(z.array(MetadataSchema), "Datasets"), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const { page, size } = c.req.valid("query");
      return c.json(await listDatasets(c.env.DB, c.get("caller").tenantId, page, size), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/{id}`,
      summary: "The dataset: metadata, best solution so far (or the final one), input metrics and KPIs",
      tags: TAG,
      request: { params: IdParams },
      responses: { 200: json(SolvingResponseSchema, "Solving response"), 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const dataset = await callerDataset(c.env, c.get("caller"), id);
      // A byte stream of the response's JSON (README "Request bodies": a 400,000-shift output is never one string).
      const stream = await dataset.getResponseStream();
      if (!stream) throw ApiError.notFound(`Dataset '${id}'`);
      // The body is the SolvingResponseSchema's JSON, typed as such for the OpenAPI route.
      return jsonBody(c, stream as ReadableStream) as unknown as TypedResponse<SolvingResponse, 200, "json">;
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${root}/{id}`,
      summary: "Terminate the dataset's run; the best solution so far becomes the result (SOLVING_COMPLETED)",
      tags: TAG,
      request: {
        params: IdParams,
        query: z.object({
          force: BooleanQuery.openapi({ description: "End the run even when its solver cannot be stopped normally (then SOLVING_FAILED)" }),
        }),
      },
      responses: { 200: json(SolvingResponseSchema, "The terminated dataset"), 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const caller = c.get("caller");
      const dataset = await callerDataset(c.env, caller, id);
      const { force } = c.req.valid("query");
      // Forced: the tenant's place is returned first, so a run whose Durable Object is stuck no longer holds it.
      if (force) await queueStub(c.env, caller.tenantId).release(id);
      // Streamed like GET <root>/{id} (README "Request bodies").
      const stream = await dataset.terminate({ force });
      if (!stream) throw ApiError.notFound(`Dataset '${id}'`);
      return jsonBody(c, stream as ReadableStream) as unknown as TypedResponse<SolvingResponse, 200, "json">;
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: `${root}/{id}`,
      summary: "Solve a dataset that was submitted with operation=NONE",
      tags: TAG,
      request: { params: IdParams, query: z.object({ priority: PriorityQuery }) },
      responses: {
        202: json(MetadataSchema, "Scheduled for solving"),
        401: errors[401],
        403: errors[403],
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { priority } = c.req.valid("query");
      const caller = c.get("caller");
      const metadata = await requireDataset(c.env, caller, id);
      const dataset = datasetStub(c.env, id);
      // Only a dataset that can be solved reserves a place (a refusal below returns it).
      const reserve = metadata.solverStatus === "DATASET_VALIDATED" || metadata.solverStatus === "DATASET_COMPUTED";
      if (reserve) {
        const stored = await dataset.getConfig();
        const submittedAt = new Date().toISOString();
        await reservePlace(c.env, caller.tenantId, { datasetId: id, priority, submittedAt, config: stored?.config as SolvingRequest["config"] });
      }
      const outcome = await dataset.solve(priority);
      if (!outcome.ok && reserve) await queueStub(c.env, caller.tenantId).release(id);
      return c.json(unwrap(outcome), 202);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: `${root}/{id}`,
      summary: "Restore a purged dataset that has not been erased yet",
      tags: ["Administration"],
      request: { params: IdParams },
      responses: { 204: { description: "Restored" }, 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!(await findDataset(c.env.DB, c.get("caller").tenantId, id, { includePurged: true }))) {
        throw ApiError.notFound(`Dataset '${id}'`);
      }
      unwrap(await datasetStub(c.env, id).restore());
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${root}/{id}/purge`,
      summary: "Delete a dataset from storage (restorable with PUT for 7 days); refused (400) while it is solving",
      tags: ["Administration"],
      request: { params: IdParams },
      responses: {
        200: json(SolvingResponseSchema, "The purged dataset"),
        400: json(ErrorInfoSchema, "The dataset is still solving: terminate it first"),
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const dataset = await callerDataset(c.env, c.get("caller"), id);
      // Streamed like GET <root>/{id} (README "Request bodies").
      const stream = unwrap(await dataset.purge());
      return jsonBody(c, stream as ReadableStream) as unknown as TypedResponse<SolvingResponse, 200, "json">;
    },
  );

  const MetadataUpdateSchema = z
    .strictObject({ name: DatasetNameSchema.min(1).optional(), tags: DatasetTagsSchema.optional() })
    .openapi("MetadataUpdate");
  for (const [sub, deprecated] of [["metadata", false], ["run", true]] as const) {
    app.openapi(
      createRoute({
        method: "patch",
        path: `${root}/{id}/${sub}`,
        summary: deprecated ? "(Deprecated: use PATCH /{id}/metadata) Update name and tags" : "Update name and tags",
        deprecated,
        tags: ["Administration"],
        request: {
          params: IdParams,
          body: { required: true, content: { "application/json": { schema: MetadataUpdateSchema } } },
        },
        responses: { 200: json(MetadataSchema, "Updated metadata"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        const dataset = await callerDataset(c.env, c.get("caller"), id);
        return c.json(unwrap(await dataset.updateMetadata(c.req.valid("json"))), 200);
      },
    );
    app.openapi(
      createRoute({
        method: "get",
        path: `${root}/{id}/${sub}`,
        summary: deprecated ? "(Deprecated: use GET /{id}/metadata) The dataset's metadata" : "The dataset's metadata",
        deprecated,
        tags: TAG,
        request: { params: IdParams },
        responses: { 200: json(MetadataSchema, "Metadata"), 401: errors[401], 403: errors[403], 404: errors[404] },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        const dataset = await callerDataset(c.env, c.get("caller"), id);
        const metadata = await dataset.getMetadata();
        if (!metadata) throw ApiError.notFound(`Dataset '${id}'`);
        return c.json(metadata, 200);
      },
    );
  }

  // The input and the whole request are streamed from the Durable Object (README "Request bodies": a 400,000-shift
  // input is never one string or one object tree); the config is a small value.
  const requestParts = {
    input: { schema: ModelInputSchema, summary: "The dataset's model input", part: "modelInput" },
    config: { schema: ModelConfigurationSchema, summary: "The configuration the dataset was submitted with", part: "config" },
    "model-request": { schema: SolvingRequestSchema, summary: "The complete request of the dataset", part: "request" },
  } as const;
  for (const [sub, part] of Object.entries(requestParts)) {
    app.openapi(
      createRoute({
        method: "get",
        path: `${root}/{id}/${sub}`,
        summary: part.summary,
        tags: TAG,
        request: { params: IdParams },
        responses: { 200: json(part.schema, part.summary), 401: errors[401], 403: errors[403], 404: errors[404] },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        const dataset = await callerDataset(c.env, c.get("caller"), id);
        if (part.part === "config") {
          const stored = await dataset.getConfig();
          if (!stored) throw ApiError.notFound(`Dataset '${id}'`);
          return c.json((stored.config ?? {}) as never, 200);
        }
        const stream = await dataset.getRequestStream(part.part);
        if (!stream) throw ApiError.notFound(`Dataset '${id}'`);
        return jsonBody(c, stream as ReadableStream) as never;
      },
    );
  }

  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/{id}/validation-result`,
      summary: "The machine-readable validation result (spec §2.4)",
      tags: TAG,
      request: { params: IdParams },
      responses: { 200: json(ValidationResultDetailSchema, "Validation result"), 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const dataset = await callerDataset(c.env, c.get("caller"), id);
      const result = await dataset.getValidationResult();
      if (!result) throw ApiError.notFound(`Dataset '${id}'`);
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/{id}/score-analysis`,
      summary: "Score analysis of the dataset's best (or final) solution",
      tags: TAG,
      request: { params: IdParams, query: z.object({ includeJustifications: BooleanQuery }) },
      responses: {
        200: json(ScoreAnalysisSchema, "Score analysis"),
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const dataset = await callerDataset(c.env, c.get("caller"), id);
      const { includeJustifications } = c.req.valid("query");
      // A byte stream of the analysis's JSON (README "Score analysis and assignability in the Durable Object": with
      // justifications, 400,000 shifts' analysis is never one string).
      const stream = unwrap(await dataset.getScoreAnalysisStream(includeJustifications)) as ReadableStream;
      // The body is the ScoreAnalysisSchema's JSON, typed as such for the OpenAPI route.
      return c.body(stream, 200, { "Content-Type": "application/json" }) as never;
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/{id}/events`,
      summary: "Server-sent events: the dataset's metadata at each change, until it reaches a final status",
      tags: TAG,
      request: {
        params: IdParams,
        query: z.object({
          status: z.union([SolverStatusSchema, z.array(SolverStatusSchema).max(SolverStatusSchema.options.length)]).optional(),
        }),
      },
      responses: {
        200: { description: "An event stream (text/event-stream) of `metadata` events", content: { "text/event-stream": { schema: MetadataSchema } } },
        401: errors[401],
        403: errors[403],
        404: errors[404],
        410: json(z.object({}), "The dataset is already in a final status"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const initial = await requireDataset(c.env, c.get("caller"), id);
      if (FINAL_STATUSES.has(initial.solverStatus)) {
        throw new ApiError(410, "GONE", `Dataset '${id}' is already in the final status ${initial.solverStatus}.`);
      }
      const wanted = new Set(toList(c.req.valid("query").status));
      const stub = datasetStub(c.env, id);
      return streamSSE(c, async (stream) => {
        let last = "";
        let sequence = 0;
        while (!stream.aborted) {
          const metadata = await stub.getMetadata();
          if (!metadata) break;
          const text = JSON.stringify(metadata);
          if (text !== last && (wanted.size === 0 || wanted.has(metadata.solverStatus))) {
            await stream.writeSSE({ event: "metadata", data: text, id: String(++sequence) });
          }
          last = text;
          if (FINAL_STATUSES.has(metadata.solverStatus)) break;
          await stream.sleep(EVENTS_POLL_MS);
        }
      });
    },
  );
}
