/**
 * Configuration profiles (platform API `/models/{modelId}/configurations`, reference `ConfigurationProfileDTO`): named
 * run configurations and model overrides per tenant and model, stored in D1. A model request names one with
 * `configurationId` (its id or its name); `resolveProfile` is how the model routes read it. Precedence: the request's
 * own config > the profile > the defaults (model/profile.ts).
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { applyProfile, layerProfiles, type ProfileSettings } from "../../model/profile";
import {
  ConfigurationProfileCreateSchema,
  ConfigurationProfileSchema,
  ConfigurationProfileUpdateSchema,
  DEFAULT_PROFILE_NAME,
  type ConfigurationProfile,
} from "../../schemas/configuration";
import type { ModelConfiguration } from "../../schemas/solving-request";
import type { AppEnv } from "../auth";
import { ApiError } from "../errors";
import { auditStatement, batchOrConflict, ERRORS, idParam, json, nowIso, PLATFORM_BASE, SECURITY } from "./common";

const TAG = "Platform - Models Administration";
/** The models this service runs; a profile belongs to one of them. */
export const MODEL_IDS = ["employee-scheduling"] as const;

interface ProfileRow {
  id: string;
  tenant_id: string;
  model_id: string;
  name: string;
  description: string | null;
  run_configuration: string;
  model_configuration: string;
  default_config_profile_id: string | null;
  updated_at: string;
}

function toProfile(r: ProfileRow): ConfigurationProfile {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    runConfiguration: JSON.parse(r.run_configuration),
    modelConfiguration: JSON.parse(r.model_configuration),
    defaultConfigProfileId: r.default_config_profile_id,
    updatedAt: r.updated_at,
  };
}

/** The tenant's profile of this model with this id or name, or null. */
export async function findProfile(db: D1Database, tenantId: string, modelId: string, idOrName: string): Promise<ConfigurationProfile | null> {
  const row = await db
    .prepare(`SELECT * FROM configuration_profiles WHERE tenant_id = ?1 AND model_id = ?2 AND (id = ?3 OR name = ?3) ORDER BY id = ?3 DESC LIMIT 1`)
    .bind(tenantId, modelId, idOrName)
    .first<ProfileRow>();
  return row ? toProfile(row) : null;
}

export interface ResolvedProfile {
  /** For the tag `system.profile:<name>`. */
  name: string;
  /** Null for the built-in default profile. */
  settings: ProfileSettings | null;
}

/**
 * The profile a model request names (`configurationId`, id or name), for the caller's tenant. None given, or
 * "default": the built-in profile. An unknown one is a 400 naming the parameter (the model routes' reference answers).
 */
export async function resolveProfile(db: D1Database, tenantId: string, configurationId: string | undefined): Promise<ResolvedProfile> {
  if (configurationId === undefined || configurationId === DEFAULT_PROFILE_NAME) return { name: DEFAULT_PROFILE_NAME, settings: null };
  const profile = await findProfile(db, tenantId, MODEL_IDS[0], configurationId);
  if (!profile) {
    throw new ApiError(400, "UNKNOWN_CONFIGURATION", `No configuration profile '${configurationId}' in this tenant.`, [
      `configurationId: unknown profile '${configurationId}' (give a profile's id or name, or 'default')`,
    ]);
  }
  return { name: profile.name, settings: profile };
}

const ModelParams = z.object({ modelId: idParam("modelId") });
const ProfileParams = ModelParams.extend({ configurationId: idParam("configurationId") });

function requireModel(modelId: string): void {
  if (!(MODEL_IDS as readonly string[]).includes(modelId)) throw ApiError.notFound(`Model '${modelId}'`);
}

async function requireProfile(db: D1Database, tenantId: string, modelId: string, idOrName: string): Promise<ConfigurationProfile> {
  requireModel(modelId);
  const profile = await findProfile(db, tenantId, modelId, idOrName);
  if (!profile) throw ApiError.notFound(`Configuration profile '${idOrName}'`);
  return profile;
}

const base = `${PLATFORM_BASE}/models/{modelId}/configurations`;

export function registerConfigurationRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: base,
      summary: "The tenant's configuration profiles of the model",
      tags: [TAG],
      security: SECURITY,
      request: { params: ModelParams },
      responses: { 200: json(z.array(ConfigurationProfileSchema), "Profiles"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { modelId } = c.req.valid("param");
      requireModel(modelId);
      const { results } = await c.env.DB.prepare(`SELECT * FROM configuration_profiles WHERE tenant_id = ? AND model_id = ? ORDER BY name`)
        .bind(c.get("caller").tenantId, modelId)
        .all<ProfileRow>();
      return c.json(results.map(toProfile), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: base,
      summary: "Create a configuration profile (weights above the maximum are a 400)",
      tags: [TAG],
      security: SECURITY,
      request: { params: ModelParams, body: { required: true, content: { "application/json": { schema: ConfigurationProfileCreateSchema } } } },
      responses: {
        200: json(ConfigurationProfileSchema, "The registered profile"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        404: ERRORS[404],
        409: ERRORS[409],
      },
    }),
    async (c) => {
      const { modelId } = c.req.valid("param");
      requireModel(modelId);
      const body = c.req.valid("json");
      const caller = c.get("caller");
      const db = c.env.DB;
      let settings: ProfileSettings = { runConfiguration: body.runConfiguration ?? {}, modelConfiguration: body.modelConfiguration ?? {} };
      let from: string | null = null;
      if (body.defaultConfigProfileId !== undefined && body.defaultConfigProfileId !== DEFAULT_PROFILE_NAME) {
        const parent = await findProfile(db, caller.tenantId, modelId, body.defaultConfigProfileId);
        if (!parent) {
          throw new ApiError(400, "VALIDATION_ERROR", `No configuration profile '${body.defaultConfigProfileId}' to start from.`, [
            `defaultConfigProfileId: unknown profile '${body.defaultConfigProfileId}'`,
          ]);
        }
        settings = layerProfiles(settings, parent);
        from = parent.id;
      }
      const now = nowIso();
      const row: ProfileRow = {
        id: crypto.randomUUID(),
        tenant_id: caller.tenantId,
        model_id: modelId,
        name: body.name,
        description: body.description ?? null,
        run_configuration: JSON.stringify(settings.runConfiguration),
        model_configuration: JSON.stringify(settings.modelConfiguration),
        default_config_profile_id: from,
        updated_at: now,
      };
      await batchOrConflict(
        db,
        [
          db
            .prepare(
              `INSERT INTO configuration_profiles (id, tenant_id, model_id, name, description, run_configuration, model_configuration,
                 default_config_profile_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(row.id, row.tenant_id, modelId, row.name, row.description, row.run_configuration, row.model_configuration, from, now, now),
          auditStatement(db, caller, {
            action: "CONFIGURATION_CREATED",
            resourceType: "CONFIGURATION",
            resourceId: row.id,
            details: { name: row.name, modelId, ...settings },
          }),
        ],
        `A configuration profile named '${row.name}' already exists for this model.`,
      );
      return c.json(toProfile(row), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${base}/{configurationId}`,
      summary: "One configuration profile (by id or name)",
      tags: [TAG],
      security: SECURITY,
      request: { params: ProfileParams },
      responses: { 200: json(ConfigurationProfileSchema, "Profile"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { modelId, configurationId } = c.req.valid("param");
      return c.json(await requireProfile(c.env.DB, c.get("caller").tenantId, modelId, configurationId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: `${base}/{configurationId}`,
      summary: "Update a configuration profile: each given part replaces the stored one",
      tags: [TAG],
      security: SECURITY,
      request: { params: ProfileParams, body: { required: true, content: { "application/json": { schema: ConfigurationProfileUpdateSchema } } } },
      responses: {
        200: json(ConfigurationProfileSchema, "The updated profile"),
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        404: ERRORS[404],
        409: ERRORS[409],
      },
    }),
    async (c) => {
      const { modelId, configurationId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      const before = await requireProfile(db, caller.tenantId, modelId, configurationId);
      const body = c.req.valid("json");
      const after: ConfigurationProfile = {
        ...before,
        name: body.name ?? before.name,
        description: body.description ?? before.description,
        runConfiguration: body.runConfiguration ?? before.runConfiguration,
        modelConfiguration: body.modelConfiguration ?? before.modelConfiguration,
        updatedAt: nowIso(),
      };
      await batchOrConflict(
        db,
        [
          db
            .prepare(
              `UPDATE configuration_profiles SET name = ?, description = ?, run_configuration = ?, model_configuration = ?, updated_at = ?
               WHERE tenant_id = ? AND id = ?`,
            )
            .bind(
              after.name,
              after.description,
              JSON.stringify(after.runConfiguration),
              JSON.stringify(after.modelConfiguration),
              after.updatedAt,
              caller.tenantId,
              before.id,
            ),
          auditStatement(db, caller, {
            action: "CONFIGURATION_UPDATED",
            resourceType: "CONFIGURATION",
            resourceId: before.id,
            details: { modelId, ...body },
          }),
        ],
        `A configuration profile named '${after.name}' already exists for this model.`,
      );
      return c.json(after, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${base}/{configurationId}`,
      summary: "Remove a configuration profile; returns the remaining ones (datasets keep the settings they were given)",
      tags: [TAG],
      security: SECURITY,
      request: { params: ProfileParams },
      responses: { 200: json(z.array(ConfigurationProfileSchema), "Remaining profiles"), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
    }),
    async (c) => {
      const { modelId, configurationId } = c.req.valid("param");
      const caller = c.get("caller");
      const db = c.env.DB;
      const profile = await requireProfile(db, caller.tenantId, modelId, configurationId);
      const [, , remaining] = await db.batch([
        db.prepare(`DELETE FROM configuration_profiles WHERE tenant_id = ? AND id = ?`).bind(caller.tenantId, profile.id),
        auditStatement(
          db,
          caller,
          { action: "CONFIGURATION_DELETED", resourceType: "CONFIGURATION", resourceId: profile.id, details: { name: profile.name, modelId } },
          true,
        ),
        db.prepare(`SELECT * FROM configuration_profiles WHERE tenant_id = ? AND model_id = ? ORDER BY name`).bind(caller.tenantId, modelId),
      ]);
      return c.json((remaining.results as unknown as ProfileRow[]).map(toProfile), 200);
    },
  );
}

/** A model request's config with the named profile beneath it (precedence in model/profile.ts), and the profile's name. */
export async function configWithProfile(
  db: D1Database,
  tenantId: string,
  config: ModelConfiguration | null | undefined,
  configurationId: string | undefined,
): Promise<{ config: ModelConfiguration | null | undefined; profile: string }> {
  const resolved = await resolveProfile(db, tenantId, configurationId);
  return { config: resolved.settings ? applyProfile(config, resolved.settings) : config, profile: resolved.name };
}
