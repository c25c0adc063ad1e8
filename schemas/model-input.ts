/**
 * Wire schema of the employee shift scheduling model input (`modelInput`, spec §2.6).
 *
 * Field names follow the reference OpenAPI (`EmployeeSchedule`, `Employee`, `Shift`). Everything is strict (an
 * unknown member is a client mistake worth a 400 naming it), the rule families included (contract-rules.ts); only
 * shift groups stay loose. Schemas here import nothing outside schemas/ (STYLE.md, direction of imports).
 */
import { z } from "@hono/zod-openapi";

import { IdSchema, RequiredIdSchema } from "./identifiers";
import { DurationSchema, OffsetDateTimeSchema, TimeZoneIdSchema } from "./primitives";
import {
  ContractSchema, EmployeeCostGroupSchema, EmployeePairingSchema, GlobalRulesSchema, ScheduleParameterizationSchema,
} from "./contract-rules";

export { DurationSchema, OffsetDateTimeSchema };

/** 1 (highest) .. 10 (lowest); the deprecated four-level names are accepted for employees (spec §9). */
export const PrioritySchema = z.enum(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]).openapi("Priority");
export const LegacyPrioritySchema = z.enum(["CRITICAL", "HIGH", "NORMAL", "LOW"]).openapi("LegacyPriority");

export const DateTimeSpanSchema = z
  .strictObject({ start: OffsetDateTimeSchema, end: OffsetDateTimeSchema })
  .openapi("DateTimeSpan");

export const TagAwareDateTimeSpanSchema = z
  .strictObject({
    start: OffsetDateTimeSchema,
    end: OffsetDateTimeSchema,
    includeShiftTags: z.array(IdSchema).optional(),
    excludeShiftTags: z.array(IdSchema).optional(),
    shiftTagMatches: z.enum(["ANY", "ALL"]).optional(),
    weight: z.number().int().min(1).optional(),
  })
  .openapi("TagAwareDateTimeSpan");

export const SkillSchema = z
  .strictObject({ id: RequiredIdSchema, validityDateTimeSpans: z.array(DateTimeSpanSchema).optional() })
  .openapi("Skill");

/** AND/OR trees over skills or tags; scored by the engine. */
const OperandNodeSchema = z.looseObject({
  type: z.enum(["LEAF", "NODE"]),
  operator: z.enum(["AND", "OR"]),
  operands: z.array(z.unknown()),
});

const IdentifiedRecord = z.looseObject({ id: RequiredIdSchema });

export const EmployeeSchema = z
  .strictObject({
    id: RequiredIdSchema,
    contracts: z.array(IdSchema).optional(),
    priority: z.union([PrioritySchema, LegacyPrioritySchema]).nullable().optional(),
    costGroup: IdSchema.nullable().optional(),
    location: z.array(z.number()).length(2).nullable().optional(),
    skills: z.array(SkillSchema).optional(),
    tags: z.array(IdSchema).optional(),
    preferredShiftTags: z.array(IdSchema).optional(),
    requiredShiftTags: z.array(IdSchema).optional(),
    preferredShiftTagsExpression: OperandNodeSchema.nullable().optional(),
    requiredShiftTagsExpression: OperandNodeSchema.nullable().optional(),
    prohibitedRiskFactors: z.array(IdSchema).optional(),
    preferredPairings: z.array(EmployeePairingSchema).optional(),
    unpreferredPairings: z.array(EmployeePairingSchema).optional(),
    requiredPairings: z.array(EmployeePairingSchema).optional(),
    prohibitedPairings: z.array(EmployeePairingSchema).optional(),
    preferredTimeSpans: z.array(TagAwareDateTimeSpanSchema).optional(),
    unpreferredTimeSpans: z.array(TagAwareDateTimeSpanSchema).optional(),
    unavailableTimeSpans: z.array(TagAwareDateTimeSpanSchema).optional(),
    availableTimeSpans: z.array(TagAwareDateTimeSpanSchema).optional(),
    zoneOffset: z.string().optional(),
    timeZoneId: TimeZoneIdSchema.optional(),
  })
  .openapi("Employee");

export const BreakSchema = z
  .strictObject({ start: OffsetDateTimeSchema, end: OffsetDateTimeSchema, tags: z.array(IdSchema).optional() })
  .openapi("Break");

export const ShiftSchema = z
  .strictObject({
    id: RequiredIdSchema,
    start: OffsetDateTimeSchema,
    end: OffsetDateTimeSchema,
    loggedTime: DurationSchema.nullable().optional(),
    costGroup: IdSchema.nullable().optional(),
    location: z.array(z.number()).length(2).nullable().optional(),
    requiredSkills: z.array(IdSchema).optional(),
    requiredSkillsMatchKind: z.enum(["MATCH_ALL", "MATCH_ANY"]).optional(),
    requiredSkillsExpression: OperandNodeSchema.optional(),
    preferredSkills: z.array(IdSchema).optional(),
    preferredSkillsMatchKind: z.enum(["MATCH_ALL", "MATCH_ANY"]).optional(),
    preferredSkillsExpression: OperandNodeSchema.optional(),
    riskFactors: z.array(IdSchema).optional(),
    tags: z.array(IdSchema).optional(),
    preferredEmployees: z.array(IdSchema).optional(),
    unpreferredEmployees: z.array(IdSchema).optional(),
    prohibitedEmployees: z.array(IdSchema).optional(),
    assignmentPriority: z.number().int().min(1).max(5).nullable().optional(),
    priority: PrioritySchema.nullable().optional(),
    pinned: z.boolean().optional(),
    employee: IdSchema.nullable().optional(),
    breaks: z.array(BreakSchema).optional(),
  })
  .openapi("Shift");

export const ModelInputSchema = z
  .strictObject({
    employees: z.array(EmployeeSchema),
    shifts: z.array(ShiftSchema),
    contracts: z.array(ContractSchema).optional(),
    tagTypes: z.array(z.strictObject({ id: RequiredIdSchema })).optional(),
    tags: z.array(z.strictObject({ id: RequiredIdSchema, tagType: RequiredIdSchema })).optional(),
    shiftGroups: z.array(IdentifiedRecord).optional(),
    employeeCostGroups: z.array(EmployeeCostGroupSchema).optional(),
    scheduleParameterization: ScheduleParameterizationSchema.optional(),
    globalRules: GlobalRulesSchema.optional(),
    planningWindow: DateTimeSpanSchema.nullable().optional(),
  })
  .openapi("EmployeeSchedule");

export type Employee = z.infer<typeof EmployeeSchema>;
export type Shift = z.infer<typeof ShiftSchema>;
export type ModelInput = z.infer<typeof ModelInputSchema>;
export type TagAwareDateTimeSpan = z.infer<typeof TagAwareDateTimeSpanSchema>;
