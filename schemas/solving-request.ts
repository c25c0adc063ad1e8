/** Solving request (body of POST <root>, spec §2.1) and its configuration. */
import { z } from "@hono/zod-openapi";
import { MAX_NAME_LENGTH, MAX_TAG_COUNT, TagSchema } from "./identifiers";
import { DurationSchema, ModelInputSchema } from "./model-input";

/** Spec §8: constraint weights are capped. */
export const MAX_CONSTRAINT_WEIGHT = 1_000_000_000_000;

/** A dataset's name and tags (reference `RunConfiguration`); query parameters `name` and `tags` take the same bounds. */
export const DatasetNameSchema = z.string().max(MAX_NAME_LENGTH);
export const DatasetTagsSchema = z.array(TagSchema).max(MAX_TAG_COUNT);

export const TerminationSchema = z
  .strictObject({
    spentLimit: DurationSchema.optional(),
    unimprovedSpentLimit: DurationSchema.optional(),
    stepCountLimit: z.number().int().min(0).optional(),
    moveCountLimit: z.number().int().min(0).optional(),
    slidingWindowDuration: DurationSchema.optional(),
    minimumImprovementRatio: z.number().optional(),
  })
  .superRefine((t, ctx) => {
    // Spec §2.1: the two step-based and time-based unimproved limits exclude each other.
    if (t.stepCountLimit !== undefined && t.unimprovedSpentLimit !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["stepCountLimit"],
        message: "must be empty when unimprovedSpentLimit is set (use one or the other)",
      });
    }
    if (t.minimumImprovementRatio !== undefined && !(t.minimumImprovementRatio > 0)) {
      ctx.addIssue({ code: "custom", path: ["minimumImprovementRatio"], message: "must be strictly positive" });
    }
  })
  .openapi("SolverTerminationConfig");

export const RunConfigurationSchema = z
  .strictObject({
    name: DatasetNameSchema.nullable().optional(),
    termination: TerminationSchema.optional(),
    maxThreadCount: z
      .number()
      .int()
      .min(1)
      .nullable()
      .optional()
      .openapi({ description: "Searches run in parallel; at most the cap of the tenant's plan (README)" }),
    tags: DatasetTagsSchema.optional(),
  })
  .openapi("RunConfiguration");

/**
 * The weight names of the reference `EmployeeScheduleConfigOverrides`, in its order: the only keys
 * `config.model.overrides` accepts (the reference allows no other property, so a misspelt name is a 400 naming it).
 * Which of them a constraint uses: solver/constraints.ts; the others are validation warnings (model/unscored-fields.ts).
 */
export const OVERRIDE_NAMES = [
  "balanceShiftCountWeight", "balanceShiftsWorkedForMinimumHourlyDemandWeight", "balanceTimeWorkedWeight",
  "consecutiveDaysOffInRollingWindowNotInPreferredRangeForEmployeeWeight",
  "consecutiveDaysOffPerPeriodNotInPreferredRangeForEmployeeWeight",
  "consecutiveDaysWorkedNotInPreferredRangeForEmployeeWeight",
  "consecutiveMinutesOffInRollingWindowNotInPreferredRangeForEmployeeWeight",
  "consecutiveShiftsWorkedNotInPreferredRangeForEmployeeWeight",
  "timeOffAfterConsecutiveShiftsWorkedNotInPreferredRangeForEmployeeWeight",
  "consecutiveWeekendsWorkedPerPeriodNotInPreferredRangeForEmployeeWeight",
  "consecutiveWeekendsOffPerPeriodNotInPreferredRangeForEmployeeWeight", "costsPerPeriodNotInPreferredRangeWeight",
  "customRotationDurationInDaysNotInPreferredRangeForEmployeeWeight",
  "daysOffPerPeriodNotInPreferredRangeForEmployeeWeight",
  "daysWorkedInRollingWindowNotInPreferredRangeForEmployeeWeight",
  "daysWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", "employeeAssignmentDisruptedOnReplanningWeight",
  "employeeDoesNotHavePreferredDailyShiftPairingWeight", "employeeHasUnpreferredDailyShiftPairingWeight",
  "employeeHasUnpreferredShiftNearDayOffRequestWeight", "employeeIsPairedWithPreferredEmployeeWeight",
  "employeeIsPairedWithUnpreferredEmployeeWeight", "employeeWorksCompactSequenceWeight",
  "employeeWorksDuringPreferredTimeWeight", "employeeWorksDuringUnpreferredTimeWeight",
  "employeeWorksPreferredMultiDayShiftSequencePatternWeight",
  "employeeWorksPreferredSingleDayShiftSequencePatternWeight", "employeeWorksShiftWithPreferredShiftTagsWeight",
  "employeeWorksUnpreferredMultiDayShiftSequencePatternWeight",
  "employeeWorksUnpreferredSingleDayShiftSequencePatternWeight", "keepEmployeeActivationRatioWeight",
  "locationsWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", "maximizeActivatedEmployeeSaturationWeight",
  "minimizeActivatedEmployeesWeight", "minimizeCostPerPeriodWeight", "minimizeGapsBetweenShiftsForEmployeeWeight",
  "minimizeIncomingDisruptionForEmployeeWeight", "minimizeOutgoingDisruptionForEmployeeWeight",
  "minimizePreferredScopedDisruptionForEmployeeWeight", "minimizeTravelDistanceWeight",
  "minutesBetweenShiftsNotInPreferredRangeForEmployeeWeight",
  "minutesLoggedPerPeriodNotInPreferredRangeForEmployeeWeight",
  "minutesWorkedInRollingWindowNotInPreferredRangeForEmployeeWeight",
  "minutesWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", "preferredEmployeeAssignedWeight",
  "preferredMinimumTimeBetweenDifferentSequencesNotMetForEmployeeWeight",
  "preferredSequenceStartDayMetForEmployeeWeight", "preferredShiftRotationNotMetForEmployeeWeight",
  "preferredSkillMissingWeight", "sequenceEndsOnAllowedSequenceStartDayForEmployeeWeight",
  "shiftStartTimeDifferenceInMinutesPerPeriodNotInPreferredRangeForEmployeeWeight",
  "shiftTypesWorkedPerPeriodNotInPreferredRangeForEmployeeWeight",
  "shiftsWorkedInRollingWindowNotInPreferredRangeForEmployeeWeight",
  "shiftsWorkedNotInPreferredHourlyDemandRangeWeight", "shiftsWorkedPerPeriodNotInPreferredRangeWeight",
  "shiftsWorkedPerPeriodNotInPreferredRangeForEmployeeWeight", "unassignedOptionalShiftWeight",
  "uniqueTagsPerPeriodNotInPreferredRangeForEmployeeWeight", "unpreferredEmployeeAssignedWeight",
  "weekendMinutesWorkedPerPeriodNotInPreferredRangeForEmployeeWeight",
  "weekendsWorkedInRollingWindowNotInPreferredRangeForEmployeeWeight",
  "weekendsWorkedPerPeriodNotInPreferredRangeForEmployeeWeight",
] as const;

export type OverrideName = (typeof OVERRIDE_NAMES)[number];

const WeightSchema = z.number().int().min(0).max(MAX_CONSTRAINT_WEIGHT);

/** Constraint weights by their override names (reference `EmployeeScheduleConfigOverrides`). */
export const ConfigOverridesSchema = z
  .strictObject(Object.fromEntries(OVERRIDE_NAMES.map((name) => [name, WeightSchema.optional()])) as Record<OverrideName, z.ZodOptional<typeof WeightSchema>>)
  .openapi("EmployeeScheduleConfigOverrides");

export const ModelConfigurationSchema = z
  .strictObject({
    run: RunConfigurationSchema.nullable().optional(),
    model: z.strictObject({ overrides: ConfigOverridesSchema.nullable().optional() }).nullable().optional(),
  })
  .openapi("ModelConfiguration");

export const SolvingRequestSchema = z
  .strictObject({
    config: ModelConfigurationSchema.nullable().optional(),
    modelInput: ModelInputSchema,
  })
  .openapi("SolvingRequest");

export type Termination = z.infer<typeof TerminationSchema>;
export type RunConfiguration = z.infer<typeof RunConfigurationSchema>;
export type ModelConfiguration = z.infer<typeof ModelConfigurationSchema>;
export type SolvingRequest = z.infer<typeof SolvingRequestSchema>;
