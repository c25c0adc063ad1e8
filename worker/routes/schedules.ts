/** The dataset resource at <root> = /api/models/employee-scheduling/v1/schedules (spec §2.1-§2.3, §4). */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { findDataset, listDatasets } from "../../durable-objects/dataset-index";
import { ErrorInfoSchema } from "../../schemas/error";
import { AcknowledgementSchema, MetadataSchema, type Metadata } from "../../schemas/metadata";
import { SolvingResponseSchema } from "../../schemas/model-output";
import { SolvingRequestSchema } from "../../schemas/solving-request";
import type { AppEnv } from "../auth";
import type { Env } from "../env";
import { ApiError } from "../errors";
import { summarize, validateModelInput } from "../validation";

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const errorResponses = {
  401: json(ErrorInfoSchema, "Missing or unknown API key"),
  404: json(ErrorInfoSchema, "No dataset with this id"),
};
const IdParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/** The configuration profile every dataset uses until profiles exist (tag `system.profile:<name>`, spec §2.3). */
const DEFAULT_PROFILE = "default";

export function registerScheduleRoutes(app: OpenAPIHono<AppEnv>, root: string): void {
  app.openapi(
    createRoute({
      method: "post",
      path: root,
      summary: "Submit a dataset to be solved",
      tags: ["Employee Shift Schedule"],
      request: {
        query: z.object({
          name: z.string().optional(),
          tags: z.union([z.string(), z.array(z.string())]).optional(),
        }),
        body: { required: true, content: { "application/json": { schema: SolvingRequestSchema } } },
      },
      responses: {
        202: json(AcknowledgementSchema, "Dataset accepted and scheduled for solving"),
        400: json(ErrorInfoSchema, "The body is malformed, violates the schema, or has validation errors"),
        401: errorResponses[401],
      },
    }),
    async (c) => {
      const request = c.req.valid("json");
      const query = c.req.valid("query");
      const { tenantId } = c.get("caller");
      const id = crypto.randomUUID();
      const submitDateTime = new Date().toISOString();
      const issues = validateModelInput(request.modelInput);
      const validationResult = summarize(issues);
      const invalid = validationResult.summary === "ERRORS";
      const userTags = [...(request.config?.run?.tags ?? []), ...[query.tags ?? []].flat()];
      const metadata: Metadata = {
        id,
        parentId: null,
        originId: id,
        name: request.config?.run?.name || query.name || `Dataset-${submitDateTime}`,
        submitDateTime,
        solverStatus: invalid ? "DATASET_INVALID" : "SOLVING_SCHEDULED",
        score: null,
        tags: [...new Set([...userTags, "system.type:from-request", `system.profile:${DEFAULT_PROFILE}`])],
        validationResult,
      };
      const requestKey = `tenants/${tenantId}/datasets/${id}/request.json`;
      await c.env.BLOBS.put(requestKey, JSON.stringify(request), {
        httpMetadata: { contentType: "application/json" },
      });
      await datasetStub(c.env, id).create({ tenantId, metadata, requestKey, validationIssues: issues });
      if (invalid) {
        throw new ApiError(
          400,
          "VALIDATION_ERROR",
          `Dataset ${id} is invalid (status DATASET_INVALID); see details or GET ${root}/${id}.`,
          validationResult.errors,
        );
      }
      const { startDateTime: _s, activeDateTime: _a, completeDateTime: _c, shutdownDateTime: _d, ...ack } = metadata;
      return c.json({ ...ack, submitDateTime }, 202);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: root,
      summary: "List the datasets of the caller's tenant, newest first",
      tags: ["Employee Shift Schedule"],
      request: {
        query: z.object({
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(0).max(1000).default(100),
        }),
      },
      responses: { 200: json(z.array(MetadataSchema), "Datasets"), 401: errorResponses[401] },
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
      tags: ["Employee Shift Schedule"],
      request: { params: IdParams },
      responses: { 200: json(SolvingResponseSchema, "Solving response"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requireDataset(c.env, c.get("caller").tenantId, id);
      const response = await datasetStub(c.env, id).getResponse();
      if (!response) throw ApiError.notFound(`Dataset '${id}'`);
      return c.json(response, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${root}/{id}`,
      summary: "Terminate the dataset's run; the best solution so far becomes the result (SOLVING_COMPLETED)",
      tags: ["Employee Shift Schedule"],
      request: { params: IdParams },
      responses: { 200: json(SolvingResponseSchema, "The terminated dataset"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requireDataset(c.env, c.get("caller").tenantId, id);
      const response = await datasetStub(c.env, id).terminate();
      if (!response) throw ApiError.notFound(`Dataset '${id}'`);
      return c.json(response, 200);
    },
  );
}

function datasetStub(env: Env, id: string) {
  return env.DATASETS.get(env.DATASETS.idFromName(id));
}

/** Resolve the id in the D1 index first: an unknown id never creates a Durable Object, another tenant's is 404. */
async function requireDataset(env: Env, tenantId: string, id: string): Promise<void> {
  if (!(await findDataset(env.DB, tenantId, id))) throw ApiError.notFound(`Dataset '${id}'`);
}
