/**
 * New datasets derived from existing ones (spec §2.5, §4): from-patch (real-time planning), from-input and the
 * deprecated new-run. The parent is never changed; the child records `parentId` and the parent's `originId`.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { applyPatch, PatchError } from "../../model/patch";
import { AcknowledgementSchema, type Metadata } from "../../schemas/metadata";
import { ModelInputSchema, type ModelInput } from "../../schemas/model-input";
import { ConfigurationIdQuery, PriorityQuery } from "../../schemas/configuration";
import { PatchRequestSchema } from "../../schemas/patch";
import { ModelConfigurationSchema, type ModelConfiguration, type SolvingRequest } from "../../schemas/solving-request";
import type { AppEnv, Caller } from "../auth";
import { createDataset, datasetStub, requireDataset, type NewDataset } from "../datasets";
import type { Env } from "../../platform/env";
import { ApiError, describeZodError } from "../errors";
import { configWithProfile } from "../platform/configurations";
import { errors, IdParams, json, NameQuery, submitError, TagsQuery, toList } from "./openapi-helpers";

const PROFILE_TAG = "system.profile:";

const TAG = ["Employee Shift Schedule"];

const RevisionQuery = z.object({
  name: NameQuery,
  tags: TagsQuery,
  operation: z.enum(["SOLVE", "NONE"]).default("SOLVE"),
  select: z.enum(["SOLVED", "UNSOLVED"]).optional(),
  configurationId: ConfigurationIdQuery,
  priority: PriorityQuery,
});

/** The parent's input: as submitted (UNSOLVED) or with its best solution written into the shifts (SOLVED). */
async function parentInput(env: Env, id: string, select: "SOLVED" | "UNSOLVED"): Promise<{ input: ModelInput; config: ModelConfiguration | null | undefined }> {
  const stub = datasetStub(env, id);
  // RPC results are typed through the stub's serialization types; these are plain JSON values.
  const request = (await stub.getRequest()) as SolvingRequest | null;
  const input = select === "SOLVED" ? ((await stub.getSolvedInput()) as ModelInput | null) : request?.modelInput;
  if (!request || !input) throw ApiError.notFound(`Dataset '${id}'`);
  return { input, config: request.config };
}

/** The child's config: the one given, else the parent's without its run name and tags (those belong to the parent). */
function childConfig(given: ModelConfiguration | null | undefined, parent: ModelConfiguration | null | undefined): SolvingRequest["config"] {
  if (given) return given;
  if (!parent) return undefined;
  const { name: _n, tags: _t, ...run } = parent.run ?? {};
  return { ...parent, run };
}

async function derive(
  env: Env,
  caller: Caller,
  parent: Metadata,
  modelInput: ModelInput,
  config: SolvingRequest["config"],
  origin: NewDataset["origin"],
  query: z.infer<typeof RevisionQuery>,
) {
  // A profile named here goes beneath the child's config; without one the child keeps the parent's profile tag (its
  // settings are already in the config the child inherits).
  const withProfile = await configWithProfile(env.DB, caller.tenantId, config, query.configurationId);
  const inherited = parent.tags.find((t) => t.startsWith(PROFILE_TAG))?.slice(PROFILE_TAG.length);
  return createDataset(env, caller, {
    config: withProfile.config,
    input: { modelInput },
    origin,
    operation: query.operation,
    parent,
    queryName: query.name,
    queryTags: toList(query.tags),
    profile: query.configurationId === undefined && inherited ? inherited : withProfile.profile,
    priority: query.priority,
  });
}

export function registerRevisionRoutes(app: OpenAPIHono<AppEnv>, root: string): void {
  // The specification's clients use both spellings (spec §4).
  for (const path of [`${root}/{id}/from-patch`, `${root}/{id}/from-patch/`]) {
    app.openapi(
      createRoute({
        method: "post",
        path,
        summary: "A new dataset: this dataset's input with a patch applied, warm-started from its solution",
        tags: TAG,
        request: {
          params: IdParams,
          query: RevisionQuery,
          body: { required: true, content: { "application/json": { schema: PatchRequestSchema } } },
        },
        responses: { 202: json(AcknowledgementSchema, "The new dataset"), 400: submitError, 401: errors[401], 403: errors[403], 404: errors[404] },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        const query = c.req.valid("query");
        const body = c.req.valid("json");
        const parent = await requireDataset(c.env, c.get("caller"), id);
        const base = await parentInput(c.env, id, query.select ?? "SOLVED");
        let patched: unknown;
        try {
          patched = applyPatch(base.input, body.patch);
        } catch (err) {
          if (err instanceof PatchError) {
            throw new ApiError(400, "PATCH_FAILED", `The patch cannot be applied: ${err.message}`, [err.message]);
          }
          throw err;
        }
        const parsed = ModelInputSchema.safeParse(patched);
        if (!parsed.success) {
          throw new ApiError(400, "VALIDATION_ERROR", "The patched input does not match the schema.", describeZodError(parsed.error, "modelInput"));
        }
        const ack = await derive(c.env, c.get("caller"), parent, parsed.data, childConfig(body.config, base.config), "from-patch", query);
        return c.json(ack, 202);
      },
    );
  }

  for (const [sub, deprecated] of [["from-input", false], ["new-run", true]] as const) {
    app.openapi(
      createRoute({
        method: "post",
        path: `${root}/{id}/${sub}`,
        summary: deprecated
          ? "(Deprecated: use /{id}/from-input) A new run of this dataset's input"
          : "A new dataset from this dataset's input (select=UNSOLVED, the default) or its solution (select=SOLVED)",
        deprecated,
        tags: TAG,
        request: {
          params: IdParams,
          query: RevisionQuery,
          body: { required: false, content: { "application/json": { schema: ModelConfigurationSchema } } },
        },
        responses: { 202: json(AcknowledgementSchema, "The new dataset"), 400: submitError, 401: errors[401], 403: errors[403], 404: errors[404] },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        const query = c.req.valid("query");
        const parent = await requireDataset(c.env, c.get("caller"), id);
        const base = await parentInput(c.env, id, query.select ?? "UNSOLVED");
        const given = (await c.req.text()) ? c.req.valid("json") : undefined;
        const ack = await derive(c.env, c.get("caller"), parent, base.input, childConfig(given, base.config), "from-input", query);
        return c.json(ack, 202);
      },
    );
  }
}
