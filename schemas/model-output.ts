/** Solving response (GET <root>/{id}, spec §2.3 and §2.7). */
import { z } from "@hono/zod-openapi";
import { MetadataSchema } from "./metadata";

export const ShiftAssignmentSchema = z
  .object({ id: z.string(), employee: z.string().nullable() })
  .openapi("ShiftAssignment");

const DurationText = z.string().openapi({ example: "PT480M" });

export const EmployeeOutputMetricsSchema = z
  .object({
    assignedShifts: z.number().int(),
    durationWorked: DurationText,
    durationOfTimePreferencesMet: DurationText,
    durationOfTimeUnpreferencesViolated: DurationText,
    disruptedShifts: z.number().int(),
    durationOfDisruptedShifts: DurationText,
    incomingDisruptedShifts: z.number().int(),
    durationOfIncomingDisruptedShifts: DurationText,
    outgoingDisruptedShifts: z.number().int(),
    durationOfOutgoingDisruptedShifts: DurationText,
    overtimeThresholdDuration: DurationText.nullable(),
    overtimeWorked: DurationText.nullable(),
    maximumAvailabilityDuration: DurationText.nullable(),
    costDefinitionTotalCost: z.number().nullable(),
    costDefinitionOvertimeDuration: DurationText.nullable(),
    /** The spec's name (§2.7) of the same duration as costDefinitionOvertimeDuration (the reference's name). */
    costDefinitionTotalOvertime: DurationText.nullable(),
  })
  .openapi("EmployeeOutputMetrics");

/** A shift generated from a demand rule (preview; reference `OutputDemandGeneratedShift`). */
export const OutputDemandGeneratedShiftSchema = z
  .object({
    id: z.string(),
    start: z.string(),
    end: z.string(),
    costGroup: z.string().nullable(),
    location: z.array(z.number()).nullable(),
    requiredSkills: z.array(z.string()),
    tags: z.array(z.string()),
    employee: z.string().nullable(),
  })
  .openapi("OutputDemandGeneratedShift");

export const ModelOutputSchema = z
  .object({
    shifts: z.array(ShiftAssignmentSchema),
    employees: z.array(z.object({ id: z.string(), metrics: EmployeeOutputMetricsSchema })).optional(),
    generatedShifts: z.array(OutputDemandGeneratedShiftSchema).optional(),
  })
  .openapi("EmployeeScheduleOutput");
export type ModelOutput = z.infer<typeof ModelOutputSchema>;

export const InputMetricsSchema = z
  .object({
    employees: z.number().int(),
    shifts: z.number().int(),
    pinnedShifts: z.number().int(),
    mandatoryShifts: z.number().int(),
    optionalShifts: z.number().int(),
    /** With shift groups (null without): shifts no group lists, by kind, and the groups and their shifts. */
    standaloneShifts: z.number().int().nullable(),
    standalonePinnedShifts: z.number().int().nullable(),
    standaloneMandatoryShifts: z.number().int().nullable(),
    standaloneOptionalShifts: z.number().int().nullable(),
    shiftGroups: z.number().int().nullable(),
    shiftGroupShifts: z.number().int().nullable(),
    historicShifts: z.number().int().nullable(),
    historicShiftGroups: z.number().int().nullable(),
  })
  .openapi("EmployeeSchedulingInputMetrics");
export type InputMetrics = z.infer<typeof InputMetricsSchema>;

export const KpisSchema = z
  .object({
    assignedShifts: z.number().int(),
    unassignedShifts: z.number().int(),
    disruptionPercentage: z.number(),
    activatedEmployees: z.number().int(),
    assignedMandatoryShifts: z.number().int(),
    assignedOptionalShifts: z.number().int(),
    /** Shift groups with their mode met and not (null without shift groups). */
    assignedShiftGroups: z.number().int().nullable(),
    unassignedShiftGroups: z.number().int().nullable(),
    travelDistance: z.number(),
    workingTimeFairnessPercentage: z.number().nullable(),
    averageDurationOfEmployeesPreferencesMet: DurationText,
    minimumDurationOfPreferencesMetAcrossEmployees: DurationText,
    averageDurationOfEmployeesUnpreferencesViolated: DurationText,
    maximumDurationOfUnpreferencesViolatedAcrossEmployees: DurationText,
    fixedTotalCost: z.number().nullable(),
    /** Demand shift generation (preview): null without a generating demand rule. */
    demandGeneratedShifts: z.number().int().nullable(),
    totalDemandPersonSlots: z.number().int().nullable(),
    coveredDemandPersonSlots: z.number().int().nullable(),
    uncoveredDemandPersonSlots: z.number().int().nullable(),
  })
  .openapi("EmployeeSchedulingOutputMetrics");
export type Kpis = z.infer<typeof KpisSchema>;

export const SolvingResponseSchema = z
  .object({
    metadata: MetadataSchema,
    modelOutput: ModelOutputSchema.nullable(),
    inputMetrics: InputMetricsSchema.nullable(),
    kpis: KpisSchema.nullable(),
    run: MetadataSchema,
  })
  .openapi("SolvingResponse");
export type SolvingResponse = z.infer<typeof SolvingResponseSchema>;
