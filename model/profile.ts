/**
 * Profile precedence (README "Configuration profiles"): the request's own `config` > the configuration profile >
 * the defaults. Field by field: each termination limit, `maxThreadCount` and each override weight that the request
 * leaves out comes from the profile. The two unimproved limits exclude each other (reference `SolverTerminationConfig`),
 * so a request that sets either one drops the profile's other one.
 */
import type { ProfileModelConfiguration, ProfileRunConfiguration } from "../schemas/configuration";
import type { ModelConfiguration, Termination } from "../schemas/solving-request";

export interface ProfileSettings {
  runConfiguration: ProfileRunConfiguration;
  modelConfiguration: ProfileModelConfiguration;
}

export function mergeTermination(own: Termination | undefined, profile: Termination | undefined): Termination | undefined {
  if (!profile) return own;
  if (!own) return profile;
  const base: Termination = { ...profile };
  if (own.stepCountLimit !== undefined) delete base.unimprovedSpentLimit;
  if (own.unimprovedSpentLimit !== undefined) delete base.stepCountLimit;
  return { ...base, ...definedOnly(own) };
}

/** The request's config with the profile's settings beneath it. */
export function applyProfile(config: ModelConfiguration | null | undefined, profile: ProfileSettings): ModelConfiguration {
  const run = config?.run ?? {};
  const termination = mergeTermination(run.termination, profile.runConfiguration.termination);
  const maxThreadCount = run.maxThreadCount ?? profile.runConfiguration.maxThreadCount ?? undefined;
  const overrides = { ...definedOnly(profile.modelConfiguration.overrides ?? {}), ...definedOnly(config?.model?.overrides ?? {}) };
  return {
    ...config,
    run: {
      ...run,
      ...(termination ? { termination } : {}),
      ...(maxThreadCount !== undefined ? { maxThreadCount } : {}),
    },
    model: { ...config?.model, ...(Object.keys(overrides).length ? { overrides } : {}) },
  };
}

/** Same settings layered the same way (a profile created from another one). */
export function layerProfiles(own: Partial<ProfileSettings>, base: ProfileSettings): ProfileSettings {
  const merged = applyProfile({ run: own.runConfiguration ?? {}, model: own.modelConfiguration ?? {} }, base);
  return {
    runConfiguration: {
      ...(merged.run?.termination ? { termination: merged.run.termination } : {}),
      ...(merged.run?.maxThreadCount != null ? { maxThreadCount: merged.run.maxThreadCount } : {}),
    },
    modelConfiguration: merged.model?.overrides ? { overrides: merged.model.overrides } : {},
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
