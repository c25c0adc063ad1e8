/**
 * Configuration profiles (reference platform API `ConfigurationProfileDTO`, `ConfigurationProfileUpdateDTO`) and the
 * query parameters that pick one and set a solve's priority (reference ESS `configurationId`, `priority`).
 *
 * A profile carries what a request's `config` carries, minus the per-dataset name and tags: the run configuration
 * (termination, maxThreadCount) and the model overrides (constraint weights, capped like a request's:
 * MAX_CONSTRAINT_WEIGHT). The reference's `mapsConfiguration` and `resourcesConfiguration` have no meaning for this
 * model and are unknown fields (400).
 */
import { z } from "@hono/zod-openapi";
import { ConfigOverridesSchema, TerminationSchema } from "./solving-request";

export const ProfileRunConfigurationSchema = z
  .strictObject({
    maxThreadCount: z.number().int().min(1).nullable().optional(),
    termination: TerminationSchema.optional(),
  })
  .openapi("RunConfigurationDTO");

export const ProfileModelConfigurationSchema = z
  .strictObject({ overrides: ConfigOverridesSchema.nullable().optional() })
  .openapi("ProfileModelConfiguration");

/** The built-in profile: no overrides, the defaults of "The API" (tag `system.profile:default`). */
export const DEFAULT_PROFILE_NAME = "default";

const ProfileName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((name) => name !== DEFAULT_PROFILE_NAME, `'${DEFAULT_PROFILE_NAME}' is the built-in profile's name`);

export const ConfigurationProfileCreateSchema = z
  .strictObject({
    name: ProfileName,
    description: z.string().max(1000).optional(),
    runConfiguration: ProfileRunConfigurationSchema.optional(),
    modelConfiguration: ProfileModelConfigurationSchema.optional(),
    defaultConfigProfileId: z
      .string()
      .min(1)
      .optional()
      .openapi({ description: "A profile (id or name) whose run and model configuration this one starts from, where it gives none; 'default' for none" }),
  })
  .openapi("ConfigurationProfileCreateDTO");

export const ConfigurationProfileUpdateSchema = z
  .strictObject({
    name: ProfileName.optional(),
    description: z.string().max(1000).optional(),
    runConfiguration: ProfileRunConfigurationSchema.optional(),
    modelConfiguration: ProfileModelConfigurationSchema.optional(),
  })
  .openapi("ConfigurationProfileUpdateDTO");

export const ConfigurationProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    runConfiguration: ProfileRunConfigurationSchema,
    modelConfiguration: ProfileModelConfigurationSchema,
    defaultConfigProfileId: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi("ConfigurationProfileDTO");

export type ConfigurationProfile = z.infer<typeof ConfigurationProfileSchema>;
export type ProfileRunConfiguration = z.infer<typeof ProfileRunConfigurationSchema>;
export type ProfileModelConfiguration = z.infer<typeof ProfileModelConfigurationSchema>;

export const ConfigurationIdQuery = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .openapi({ description: "A configuration profile's id or name; its settings apply beneath the request's own config" });

/** Solve priority: 0 (lowest) to 10 (highest), default 5 (README "Solve queue"). */
export const DEFAULT_PRIORITY = 5;
export const PriorityQuery = z.coerce
  .number()
  .int()
  .min(0)
  .max(10)
  .default(DEFAULT_PRIORITY)
  .openapi({ description: "Solve priority: 0 (lowest) to 10 (highest), default 5" });
