/**
 * New datasets derived from existing ones (spec §2.5, §4): from-patch (real-time planning), from-input and the
 * deprecated new-run. The parent is never changed; the child records `parentId` and the parent's `originId`.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { DerivationBase } from "../../durable-objects/dataset-object";
import { PatchError } from "../../model/patch";
import { AcknowledgementSchema, type Metadata } from "../../schemas/metadata";
import { ConfigurationIdQuery, PriorityQuery } from "../../schemas/configuration";
import { PatchRequestSchema } from "../../schemas/patch";
import { ModelConfigurationSchema, type ModelConfiguration, type SolvingRequest } from "../../schemas/solving-request";
import type { AppEnv, Caller } from "../auth";
import { createDataset, datasetStub, requestKeyOf, requireDataset, type NewDataset } from "../datasets";
import { patchParent, readParentRequest, storeDerivedRequest, type ParentRequest } from "../derived-request";
import type { Env } from "../../platform/env";
import { ApiError } from "../errors";
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

/**
 * The parent's input, read as a stream (derived-request.ts): as submitted (UNSOLVED) or with its best solution
 * written into the shifts (SOLVED).
 */
async function parentRequest(env: Env, id: string, select: "SOLVED" | "UNSOLVED"): Promise<ParentRequest> {
  const base = await datasetStub(env, id).getDerivationBase(select);
  if (!base) throw ApiError.notFound(`Dataset '${id}'`);
  return readParentRequest(env.BLOBS, base as DerivationBase);
}

/** The child's config: the one given, else the parent's without its run name and tags (those belong to the parent). */
function childConfig(given: ModelConfiguration | null | undefined, parent: ModelConfiguration | null | undefined): SolvingRequest["config"] {
  if (given) return given;
  if (!parent) return undefined;
  const { name: _n, tags: _t, ...run } = parent.run ?? {};
  return { ...parent, run };
}

/**
 * Creates the child: its config with the profile named (or inherited), its request checked and stored as it is
 * written (derived-request.ts; with `schema`, each shift and employee against the schema, as a patched input must
 * be), then the dataset.
 */
async function derive(
  env: Env,
  caller: Caller,
  parent: Metadata,
  modelInput: Record<string, unknown>,
  config: SolvingRequest["config"],
  origin: NewDataset["origin"],
  query: z.infer<typeof RevisionQuery>,
  schema: boolean,
) {
  // A profile named here goes beneath the child's config; without one the child keeps the parent's profile tag (its
  // settings are already in the config the child inherits).
  const withProfile = await configWithProfile(env.DB, caller.tenantId, config, query.configurationId);
  const inherited = parent.tags.find((t) => t.startsWith(PROFILE_TAG))?.slice(PROFILE_TAG.length);
  const id = crypto.randomUUID();
  const requestKey = requestKeyOf(caller.tenantId, id);
  const issues = await storeDerivedRequest(env.BLOBS, requestKey, withProfile.config, modelInput, { schema });
  return createDataset(env, caller, {
    config: withProfile.config,
    input: { id, requestKey, issues },
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
        const base = await parentRequest(c.env, id, query.select ?? "SOLVED");
        let patched: Record<string, unknown>;
        try {
          patched = patchParent(base, body.patch);
        } catch (err) {
          if (err instanceof PatchError) {
            throw new ApiError(400, "PATCH_FAILED", `The patch cannot be applied: ${err.message}`, [err.message]);
          }
          throw err;
        }
        // Checked against the schema as it is stored (derived-request.ts): "The patched input does not match the schema."
        const ack = await derive(c.env, c.get("caller"), parent, patched, childConfig(body.config, base.config), "from-patch", query, true);
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
        const given = (await c.req.text()) ? c.req.valid("json") : undefined;
        const base = await parentRequest(c.env, id, query.select ?? "UNSOLVED");
        const ack = await derive(c.env, c.get("caller"), parent, base.modelInput, childConfig(given, base.config), "from-input", query, false);
        return c.json(ack, 202);
      },
    );
  }
}
