/**
 * Wire schemas of the rule families of the model input (spec §2.6): contracts and their rules, the schedule's
 * parameterization (week start, custom periods), global rules, employee pairings and cost groups. Strict objects
 * with the reference OpenAPI's field names, enums and bounds (`timefold-ess-openapi-v1.json`, generated from its
 * schemas of the same names), so a misspelt rule field is a 400 naming its path. Every field here is accepted and
 * stored; those no constraint scores yet are validation warnings (README "Accepted, not scored").
 */
import { z } from "@hono/zod-openapi";
import { IdSchema } from "./identifiers";
import { DurationSchema, LocalDateSchema, LocalDateTimeSchema, LocalTimeSchema, OffsetDateTimeSchema, TimeZoneIdSchema } from "./primitives";

/** The reference's shift tag filter fields (`TagAware*` rules): include, exclude, and how they match. */
const SHIFT_TAG_FILTER = {
  includeShiftTags: z.array(IdSchema).optional(),
  excludeShiftTags: z.array(IdSchema).optional(),
  shiftTagMatches: z.enum(["ANY", "ALL"]).optional(),
};

/** The same for employee tags. */
const EMPLOYEE_TAG_FILTER = {
  includeEmployeeTags: z.array(IdSchema).optional(),
  excludeEmployeeTags: z.array(IdSchema).optional(),
  employeeTagMatches: z.enum(["ANY", "ALL"]).optional(),
};

export const DateAdjusterSpecSchema = z.enum(["SAME_DAY", "NEXT_DAY", "NEXT_MONTH", "NEXT_MONDAY", "NEXT_TUESDAY", "NEXT_WEDNESDAY", "NEXT_THURSDAY", "NEXT_FRIDAY", "NEXT_SATURDAY", "NEXT_SUNDAY"]).openapi("DateAdjusterSpec");

export const DelayToSchema = z.strictObject({
  minStartDateAdjuster: DateAdjusterSpecSchema,
  minStartDateAdjusterIncrement: z.number().int().min(1).optional(),
  minStartTime: LocalTimeSchema.optional(),
}).openapi("DelayTo");

export const DayOfWeekSchema = z.enum(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]).openapi("DayOfWeek");

export const ConsecutiveDaysWorkedRuleSchema = z.strictObject({
  id: IdSchema,
  minimum: z.number().int().nullable().optional(),
  maximum: z.number().int().nullable().optional(),
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  ...SHIFT_TAG_FILTER,
  shiftTypeTagCategories: z.array(IdSchema).optional(),
  minDurationBetweenDifferentSequences: DurationSchema.nullable().optional(),
  minDelayBetweenDifferentSequences: DelayToSchema.nullable().optional(),
  allowedSequenceStartDays: z.array(DayOfWeekSchema).nullable().optional(),
  rewardCompactSequences: z.boolean().optional(),
  overlapKind: z.enum(["START_ONLY", "START_AND_END"]).optional(),
  absenceMode: z.enum(["ABSENCE_AWARE", "ABSENCE_UNAWARE"]).optional(),
}).openapi("ConsecutiveDaysWorkedRule");

export const ConsecutiveShiftsConditionSchema = z.strictObject({
  triggerLimit: z.number().int().min(1),
  type: z.enum(["MIN_SHIFTS_WORKED_CONSECUTIVELY", "MIN_SHIFTS_WORKED"]),
  includeShiftTags: z.array(IdSchema).optional(),
}).openapi("ConsecutiveShiftsCondition");

export const SequenceDefinitionSchema = z.strictObject({
  triggerLimit: z.number().int().min(1),
  type: z.enum(["MAX_MINUTES_BETWEEN_SHIFTS_STARTS", "MAX_MINUTES_BETWEEN_SHIFT_END_AND_NEXT_START"]),
}).openapi("SequenceDefinition");

export const TimeOffAfterSequenceLimitSchema = z.strictObject({
  minTimeOffAfterSequence: DurationSchema,
}).openapi("TimeOffAfterSequenceLimit");

export const ConsecutiveShiftsWorkedRuleSchema = z.strictObject({
  id: IdSchema,
  maximum: z.number().int().optional(),
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  ...SHIFT_TAG_FILTER,
  condition: ConsecutiveShiftsConditionSchema.nullable().optional(),
  sequenceDefinition: SequenceDefinitionSchema.optional(),
  timeOffAfterSequenceLimit: TimeOffAfterSequenceLimitSchema.optional(),
}).openapi("ConsecutiveShiftsWorkedRule");

export const LocalDateTimeSpanSchema = z.strictObject({
  start: LocalDateTimeSchema.nullable().optional(),
  end: LocalDateTimeSchema.nullable().optional(),
}).openapi("LocalDateTimeSpan");

export const TimeOfDayIntervalSchema = z.strictObject({
  start: LocalTimeSchema,
  end: LocalTimeSchema,
}).openapi("TimeOfDayInterval");

export const MinutesWorkedLimit1Schema = z.strictObject({
  minutesWorkedMin: z.number().int().min(0).nullable().optional(),
  minutesWorkedMax: z.number().int().min(0).nullable().optional(),
  countOnlyBetween: TimeOfDayIntervalSchema.nullable().optional(),
  unloggedBreakTags: z.array(IdSchema).optional(),
  breakTagMatches: z.enum(["ANY", "ALL"]).optional(),
}).openapi("MinutesWorkedLimit1");

export const DaysOffLimitSchema = z.strictObject({
  daysOffMax: z.number().int().min(0).nullable().optional(),
  daysOffMin: z.number().int().min(1).nullable().optional(),
  includeDays: z.array(DayOfWeekSchema).nullable().optional(),
}).openapi("DaysOffLimit");

export const ConsecutiveDaysOffLimitSchema = z.strictObject({
  consecutiveDaysOffMin: z.number().int().min(1).nullable().optional(),
}).openapi("ConsecutiveDaysOffLimit");

export const UniqueTagsLimitSchema = z.strictObject({
  tagsMax: z.number().int().min(1),
  includeTagTypes: z.array(IdSchema),
}).openapi("UniqueTagsLimit");

export const WeekendsLimitSchema = z.strictObject({
  weekendMinutesWorkedMax: z.number().int().min(0).nullable().optional(),
  weekendsWorkedMax: z.number().int().min(0).nullable().optional(),
  unloggedBreakTags: z.array(IdSchema).optional(),
  breakTagMatches: z.enum(["ANY", "ALL"]).optional(),
}).openapi("WeekendsLimit");

export const ConsecutiveWeekendsLimitSchema = z.strictObject({
  consecutiveWeekendsWorkedMax: z.number().int().min(0).nullable().optional(),
}).openapi("ConsecutiveWeekendsLimit");

export const ConsecutiveWeekendsOffLimitSchema = z.strictObject({
  consecutiveWeekendsOffMin: z.number().int().min(2).optional(),
}).openapi("ConsecutiveWeekendsOffLimit");

export const OvertimeCostDetailSchema = z.strictObject({
  overtimeMinutesLimit: z.number().int().min(1).nullable().optional(),
  overtimeHourlyCost: z.number().min(0),
}).openapi("OvertimeCostDetail");

export const CostDefinitionSchema = z.strictObject({
  baseMinutesLimit: z.number().int().min(1).nullable().optional(),
  baseHourlyCost: z.number().min(0),
  overtimeCostDetails: z.array(OvertimeCostDetailSchema).nullable().optional(),
}).openapi("CostDefinition");

export const PeriodRuleSchema = z.strictObject({
  id: IdSchema,
  period: z.string(),
  ruleValidityDateTimeSpan: LocalDateTimeSpanSchema.nullable().optional(),
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  ...SHIFT_TAG_FILTER,
  minutesWorkedMin: z.number().int().min(0).nullable().optional(),
  minutesWorkedMax: z.number().int().min(0).nullable().optional(),
  minutesWorkedLimit: MinutesWorkedLimit1Schema.nullable().optional(),
  minutesLoggedMin: z.number().int().min(0).nullable().optional(),
  minutesLoggedMax: z.number().int().min(0).nullable().optional(),
  shiftsWorkedMin: z.number().int().min(0).nullable().optional(),
  shiftsWorkedMax: z.number().int().min(0).nullable().optional(),
  daysWorkedMin: z.number().int().min(0).nullable().optional(),
  daysWorkedMax: z.number().int().min(0).nullable().optional(),
  shiftTypesTagCategories: z.array(IdSchema).optional(),
  shiftTypesWorkedMin: z.number().int().min(0).nullable().optional(),
  shiftTypesWorkedMax: z.number().int().min(0).nullable().optional(),
  locationsWorkedMax: z.number().int().min(0).nullable().optional(),
  shiftStartTimeDifferenceInMinutesMax: z.number().int().min(0).nullable().optional(),
  daysOffLimit: DaysOffLimitSchema.nullable().optional(),
  consecutiveDaysOffLimit: ConsecutiveDaysOffLimitSchema.nullable().optional(),
  uniqueTagsLimit: UniqueTagsLimitSchema.nullable().optional(),
  weekendsLimit: WeekendsLimitSchema.nullable().optional(),
  consecutiveWeekendsLimit: ConsecutiveWeekendsLimitSchema.nullable().optional(),
  consecutiveWeekendsOffLimit: ConsecutiveWeekendsOffLimitSchema.nullable().optional(),
  periodShiftOverlapKind: z.enum(["START_ONLY", "START_AND_END"]).optional(),
  costDefinition: CostDefinitionSchema.nullable().optional(),
}).openapi("PeriodRule");

export const AvoidShiftCloseToDayOffRequestRuleSchema = z.strictObject({
  id: IdSchema,
  avoidPriorShiftTags: z.array(IdSchema).optional(),
  avoidAfterShiftTags: z.array(IdSchema).optional(),
  shiftTagMatches: z.enum(["ANY", "ALL"]).optional(),
  satisfiability: z.enum(["PROHIBITED", "UNPREFERRED"]).optional(),
}).openapi("AvoidShiftCloseToDayOffRequestRule");

export const DurationScopeSchema = z.looseObject({
  duration: DurationSchema,
}).openapi("DurationScope");

export const ScopeSchema = z.union([DurationScopeSchema]).openapi("Scope");

export const MinutesBetweenShiftsRuleSchema = z.strictObject({
  id: IdSchema,
  requiredPriorShiftTags: z.array(IdSchema).optional(),
  includePreviousShiftTags: z.array(IdSchema).optional(),
  excludePreviousShiftTags: z.array(IdSchema).optional(),
  minimumConsecutivePriorShifts: z.number().int().nullable().optional(),
  minConsecutivePreviousShifts: z.number().int().nullable().optional(),
  requiredAfterShiftTags: z.array(IdSchema).optional(),
  includeNextShiftTags: z.array(IdSchema).optional(),
  excludeNextShiftTags: z.array(IdSchema).optional(),
  shiftTagMatches: z.enum(["ANY", "ALL"]).optional(),
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  minimumMinutesBetweenShifts: z.number().int().min(0).nullable().optional(),
  maximumMinutesBetweenShifts: z.number().int().min(0).nullable().optional(),
  scope: ScopeSchema.optional(),
  absenceMode: z.enum(["ABSENCE_AWARE", "ABSENCE_UNAWARE"]).optional(),
}).openapi("MinutesBetweenShiftsRule");

export const MinimizeGapsBetweenShiftsRuleSchema = z.strictObject({
  id: IdSchema,
  requiredPriorShiftTags: z.array(IdSchema).optional(),
  includePreviousShiftTags: z.array(IdSchema).optional(),
  excludePreviousShiftTags: z.array(IdSchema).optional(),
  requiredAfterShiftTags: z.array(IdSchema).optional(),
  includeNextShiftTags: z.array(IdSchema).optional(),
  excludeNextShiftTags: z.array(IdSchema).optional(),
  shiftTagMatches: z.enum(["ANY", "ALL"]).optional(),
  maximumMinutesBetweenSplitShifts: z.number().int().min(0).optional(),
}).openapi("MinimizeGapsBetweenShiftsRule");

export const DailyShiftPairingRuleSchema = z.strictObject({
  id: IdSchema,
  shiftTags: z.array(IdSchema).optional(),
  pairedShiftTags: z.array(IdSchema).optional(),
  dayOffset: z.number().int().optional(),
  shiftTagMatches: z.enum(["ANY", "ALL"]).optional(),
  satisfiability: z.enum(["PREFERRED", "UNPREFERRED", "PROHIBITED", "REQUIRED"]).optional(),
}).openapi("DailyShiftPairingRule");

export const AllowOverlappingShiftsRuleSchema = z.strictObject({
  id: IdSchema,
  ...SHIFT_TAG_FILTER,
}).openapi("AllowOverlappingShiftsRule");

export const PeriodicTravelConfigurationSchema = z.strictObject({
  ...SHIFT_TAG_FILTER,
  excludeMatchingShiftTagTypes: z.array(IdSchema).optional(),
  maxEmployeeToShiftTravelDistanceInMeters: z.number().int().min(0).nullable().optional(),
  minMinutesBetweenShiftsInDifferentLocations: z.number().int().min(0).nullable().optional(),
  id: IdSchema,
  validityDateTimeSpan: LocalDateTimeSpanSchema.nullable().optional(),
}).openapi("PeriodicTravelConfiguration");

export const DisruptionStartAndEndScopeSchema = z.strictObject({
  startScopeInMinutes: z.number().int().min(0),
  endScopeInMinutes: z.number().int().min(0),
  scopeType: z.literal("START_AND_END"),
}).openapi("DisruptionStartAndEndScope");

export const DisruptionOverlapScopeSchema = z.strictObject({
  scopeType: z.literal("OVERLAP"),
}).openapi("DisruptionOverlapScope");

/** The reference's discriminator: `scopeType` picks the shape (START_AND_END needs both scopes in minutes). */
export const DisruptionScopeSchema = z.discriminatedUnion("scopeType", [DisruptionStartAndEndScopeSchema, DisruptionOverlapScopeSchema]).openapi("DisruptionScope");

export const ContractDisruptionRuleSchema = z.strictObject({
  id: IdSchema,
  validityDateTimeSpan: LocalDateTimeSpanSchema.nullable().optional(),
  ...SHIFT_TAG_FILTER,
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  disruptionWeight: z.number().int().min(1).optional(),
  scope: DisruptionScopeSchema.nullable().optional(),
}).openapi("ContractDisruptionRule");

export const SingleDayShiftSequencePatternElementSchema = z.strictObject({
  ...SHIFT_TAG_FILTER,
}).openapi("SingleDayShiftSequencePatternElement");

export const SingleDayShiftSequencePatternRuleSchema = z.strictObject({
  id: IdSchema,
  satisfiability: z.enum(["REQUIRED", "PROHIBITED", "PREFERRED", "UNPREFERRED"]).optional(),
  weight: z.number().int().min(1).optional(),
  pattern: z.array(SingleDayShiftSequencePatternElementSchema).min(1),
  ordered: z.boolean().optional(),
}).openapi("SingleDayShiftSequencePatternRule");

export const MultiDayShiftSequencePatternElementSchema = z.strictObject({
  type: z.enum(["ON", "OFF"]).optional(),
  ...SHIFT_TAG_FILTER,
  shiftMatches: z.enum(["ALL", "ANY"]).optional(),
}).openapi("MultiDayShiftSequencePatternElement");

export const MultiDayShiftSequencePatternRuleSchema = z.strictObject({
  id: IdSchema,
  satisfiability: z.enum(["REQUIRED", "PROHIBITED", "PREFERRED", "UNPREFERRED"]).optional(),
  weight: z.number().int().min(1).optional(),
  pattern: z.array(MultiDayShiftSequencePatternElementSchema).min(1),
}).openapi("MultiDayShiftSequencePatternRule");

export const RollingWindowTypeSchema = z.enum(["HOURLY", "DAILY", "WEEKLY", "MONTHLY"]).openapi("RollingWindowType");

export const RollingWindowSchema = z.strictObject({
  type: RollingWindowTypeSchema,
  size: z.number().int().min(1),
}).openapi("RollingWindow");

export const ShiftsWorkedLimitSchema = z.strictObject({
  shiftsWorkedMax: z.number().int().min(0).nullable().optional(),
}).openapi("ShiftsWorkedLimit");

export const MinutesWorkedLimitSchema = z.strictObject({
  minutesWorkedMax: z.number().int().min(0).nullable().optional(),
  countOnlyBetween: TimeOfDayIntervalSchema.nullable().optional(),
  unloggedBreakTags: z.array(IdSchema).optional(),
  breakTagMatches: z.enum(["ANY", "ALL"]).optional(),
}).openapi("MinutesWorkedLimit");

export const DaysWorkedLimitSchema = z.strictObject({
  daysWorkedMax: z.number().int().min(0).nullable().optional(),
}).openapi("DaysWorkedLimit");

export const RollingTimeWindowConsecutiveDaysOffLimitSchema = z.strictObject({
  consecutiveDaysOffMin: z.number().int().min(0).nullable().optional(),
}).openapi("RollingTimeWindowConsecutiveDaysOffLimit");

export const ConsecutiveMinutesOffMinIntervalSchema = z.strictObject({
  consecutiveMinutesOffMin: z.number().int().min(1).optional(),
  count: z.number().int().min(1).optional(),
}).openapi("ConsecutiveMinutesOffMinInterval");

export const RollingTimeWindowConsecutiveMinutesOffLimitSchema = z.strictObject({
  consecutiveMinutesOffMin: z.number().int().min(0).nullable().optional(),
  consecutiveMinutesOffMinIntervals: z.array(ConsecutiveMinutesOffMinIntervalSchema).min(1).nullable().optional(),
  totalConsecutiveMinutesOffMin: z.number().int().min(1).nullable().optional(),
}).openapi("RollingTimeWindowConsecutiveMinutesOffLimit");

export const RollingWindowWeekendsLimitSchema = z.strictObject({
  weekendsWorkedMin: z.number().int().min(0).nullable().optional(),
  weekendsWorkedMax: z.number().int().min(0).nullable().optional(),
}).openapi("RollingWindowWeekendsLimit");

export const RollingWindowConditionSchema = z.strictObject({
  triggerLimit: z.number().int().min(1),
  type: z.enum(["MIN_MINUTES_WORKED", "MIN_SHIFTS_WORKED"]),
  includeShiftTags: z.array(IdSchema).optional(),
}).openapi("RollingWindowCondition");

export const RollingWindowRuleSchema = z.strictObject({
  id: IdSchema.optional(),
  rollingWindow: RollingWindowSchema,
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  ...SHIFT_TAG_FILTER,
  shiftsWorkedLimit: ShiftsWorkedLimitSchema.nullable().optional(),
  minutesWorkedLimit: MinutesWorkedLimitSchema.nullable().optional(),
  daysWorkedLimit: DaysWorkedLimitSchema.nullable().optional(),
  consecutiveDaysOffLimit: RollingTimeWindowConsecutiveDaysOffLimitSchema.nullable().optional(),
  consecutiveMinutesOffLimit: RollingTimeWindowConsecutiveMinutesOffLimitSchema.nullable().optional(),
  weekendsLimit: RollingWindowWeekendsLimitSchema.nullable().optional(),
  condition: RollingWindowConditionSchema.nullable().optional(),
  periodShiftOverlapKind: z.enum(["START_ONLY", "START_AND_END"]).optional(),
  absenceMode: z.enum(["ABSENCE_AWARE", "ABSENCE_UNAWARE"]).optional(),
}).openapi("RollingWindowRule");

export const WeeklyRotationPeriodSchema = z.looseObject({
  type: z.enum(["WEEKLY"]),
}).openapi("WeeklyRotationPeriod");

export const CustomRotationPeriodSchema = z.looseObject({
  requiredRotationPeriodMaxSizeInDays: z.number().int().min(1).nullable().optional(),
  preferredRotationPeriodMaxSizeInDays: z.number().int().min(1).nullable().optional(),
  preferredRotationPeriodMinSizeInDays: z.number().int().min(1).nullable().optional(),
  type: z.enum(["CUSTOM"]),
}).openapi("CustomRotationPeriod");

export const RotationPeriodSchema = z.union([WeeklyRotationPeriodSchema, CustomRotationPeriodSchema]).openapi("RotationPeriod");

export const ShiftRotationGroupSchema = z.strictObject({
  id: IdSchema,
  includeShiftTags: z.array(IdSchema).optional(),
  shiftTagMatches: z.enum(["ANY", "ALL"]).optional(),
}).openapi("ShiftRotationGroup");

export const ShiftRotationRuleSchema = z.strictObject({
  id: IdSchema,
  rotationPeriod: RotationPeriodSchema.optional(),
  builtInRotationPeriod: RotationPeriodSchema.optional(),
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  rotationGroups: z.array(ShiftRotationGroupSchema).min(1),
}).openapi("ShiftRotationRule");

export const WeekendConfigurationSchema = z.strictObject({
  weekendDays: z.array(DayOfWeekSchema).min(1).max(3).optional(),
}).openapi("WeekendConfiguration");

export const FteConfigurationSchema = z.strictObject({
  fixedFte: z.number().min(0.001).max(1.0).optional(),
}).openapi("FteConfiguration");

export const ContractSchema = z.strictObject({
  id: IdSchema,
  priority: z.string().optional(),
  consecutiveDaysWorkedRules: z.array(ConsecutiveDaysWorkedRuleSchema).optional(),
  consecutiveShiftsWorkedRules: z.array(ConsecutiveShiftsWorkedRuleSchema).optional(),
  periodRules: z.array(PeriodRuleSchema).optional(),
  avoidShiftCloseToDayOffRequestRules: z.array(AvoidShiftCloseToDayOffRequestRuleSchema).optional(),
  minutesBetweenShiftsRules: z.array(MinutesBetweenShiftsRuleSchema).optional(),
  minimizeGapsBetweenShiftsRules: z.array(MinimizeGapsBetweenShiftsRuleSchema).optional(),
  dailyShiftPairingRules: z.array(DailyShiftPairingRuleSchema).optional(),
  allowOverlappingShiftsRules: z.array(AllowOverlappingShiftsRuleSchema).optional(),
  travelConfigurations: z.array(PeriodicTravelConfigurationSchema).optional(),
  disruptionRules: z.array(ContractDisruptionRuleSchema).optional(),
  singleDayShiftSequencePatternRules: z.array(SingleDayShiftSequencePatternRuleSchema).optional(),
  multiDayShiftSequencePatternRules: z.array(MultiDayShiftSequencePatternRuleSchema).optional(),
  rollingWindowRules: z.array(RollingWindowRuleSchema).optional(),
  shiftRotationRules: z.array(ShiftRotationRuleSchema).optional(),
  weekendConfiguration: WeekendConfigurationSchema.optional(),
  fteConfiguration: FteConfigurationSchema.nullable().optional(),
}).openapi("Contract");

export const PeriodDateSpanSchema = z.strictObject({
  start: LocalDateSchema,
  end: LocalDateSchema,
}).openapi("PeriodDateSpan");

export const CustomPeriodSchema = z.strictObject({
  id: IdSchema,
  dateSpans: z.array(PeriodDateSpanSchema).min(1),
}).openapi("CustomPeriod");

export const TravelConfigurationSchema = z.strictObject({
  ...SHIFT_TAG_FILTER,
  excludeMatchingShiftTagTypes: z.array(IdSchema).optional(),
  maxEmployeeToShiftTravelDistanceInMeters: z.number().int().min(0).nullable().optional(),
  minMinutesBetweenShiftsInDifferentLocations: z.number().int().min(0).nullable().optional(),
}).openapi("TravelConfiguration");

export const ScheduleParameterizationSchema = z.strictObject({
  weekStart: z.enum(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]).optional(),
  periods: z.array(CustomPeriodSchema).optional(),
  travelConfiguration: TravelConfigurationSchema.nullable().optional(),
}).openapi("ScheduleParameterization");

export const BalanceTimeWorkedRuleSchema = z.strictObject({
  id: IdSchema,
  ...EMPLOYEE_TAG_FILTER,
  ...SHIFT_TAG_FILTER,
  employeeToPublishedMinutesWorked: z.record(IdSchema, z.number().int()).optional(),
}).openapi("BalanceTimeWorkedRule");

export const BalanceShiftCountRuleSchema = z.strictObject({
  id: IdSchema,
  ...EMPLOYEE_TAG_FILTER,
  ...SHIFT_TAG_FILTER,
  employeeToPublishedShiftCount: z.record(IdSchema, z.number().int()).optional(),
}).openapi("BalanceShiftCountRule");

export const GlobalPeriodRuleSchema = z.strictObject({
  id: IdSchema,
  period: z.string(),
  zoneOffset: z.string().nullable().optional(),
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  ...EMPLOYEE_TAG_FILTER,
  ...SHIFT_TAG_FILTER,
  shiftsWorkedMin: z.number().int().min(0).nullable().optional(),
  shiftsWorkedMax: z.number().int().min(0).nullable().optional(),
  periodShiftOverlapKind: z.enum(["START_ONLY", "START_AND_END"]).optional(),
}).openapi("GlobalPeriodRule");

export const HourlyDemandDetailSchema = z.strictObject({
  startDateTime: OffsetDateTimeSchema,
  endDateTime: OffsetDateTimeSchema.optional(),
  minDemand: z.number().int().nullable().optional(),
  maxDemand: z.number().int().nullable().optional(),
}).openapi("HourlyDemandDetail");

export const ShiftTemplateSchema = z.strictObject({
  id: IdSchema,
  baseStartTime: LocalTimeSchema,
  baseDuration: DurationSchema,
  startDeviationBefore: DurationSchema.optional(),
  startDeviationAfter: DurationSchema.optional(),
  durationDeviationShorter: DurationSchema.optional(),
  durationDeviationLonger: DurationSchema.optional(),
  additionalTags: z.array(IdSchema).optional(),
  requiredSkills: z.array(IdSchema).optional(),
  location: z.array(z.number()).min(2).max(2).nullable().optional(),
  costGroup: IdSchema.nullable().optional(),
  applicableDaysOfWeek: z.array(DayOfWeekSchema).optional(),
}).openapi("ShiftTemplate");

export const OverGenerationConfigSchema = z.strictObject({
  factor: z.number().min(1.0).max(3.0).optional(),
  minExtraShiftsPerDemandInterval: z.number().int().min(0).max(5).optional(),
}).openapi("OverGenerationConfig");

/** "Z" (the default), a fixed offset "+01:00", or an IANA zone the runtime knows. */
const GenerationTimeZoneSchema = z.string().refine((zone) => zone === "Z" || /^[+-]\d{2}:\d{2}$/.test(zone) || TimeZoneIdSchema.safeParse(zone).success, {
  message: "Unknown time zone: use Z, an offset such as +01:00, or an IANA zone id",
});

export const ShiftGenerationConfigSchema = z.strictObject({
  timeZoneId: GenerationTimeZoneSchema.optional(),
  granularity: DurationSchema.optional(),
  overGeneration: OverGenerationConfigSchema.optional(),
}).openapi("ShiftGenerationConfig");

export const ShiftGenerationSchema = z.strictObject({
  templates: z.array(ShiftTemplateSchema).min(1).max(100),
  config: ShiftGenerationConfigSchema.optional(),
}).openapi("ShiftGeneration");

export const HourlyDemandRuleSchema = z.strictObject({
  id: IdSchema,
  ...SHIFT_TAG_FILTER,
  ...EMPLOYEE_TAG_FILTER,
  satisfiability: z.enum(["REQUIRED", "PREFERRED"]).optional(),
  demandDetails: z.array(HourlyDemandDetailSchema).min(1),
  shiftGeneration: ShiftGenerationSchema.nullable().optional(),
}).openapi("HourlyDemandRule");

// Strict although the reference leaves this object open: a misspelt group key would otherwise read as "any group"
// and price every assignment (solver/encode-cost.ts costLookup).
export const EmployeeShiftCostDetailSchema = z.strictObject({
  employeeCostGroup: IdSchema.optional(),
  shiftCostGroup: IdSchema.optional(),
  cost: z.number().optional(),
}).openapi("EmployeeShiftCostDetail");

export const PeriodShiftOverlapKindSchema = z.enum(["START_ONLY", "START_AND_END"]).openapi("PeriodShiftOverlapKind");

export const CostsRuleSchema = z.strictObject({
  id: IdSchema,
  period: z.string(),
  zoneOffset: z.string().optional(),
  ...EMPLOYEE_TAG_FILTER,
  ...SHIFT_TAG_FILTER,
  satisfiability: z.enum(["PREFERRED", "REQUIRED"]).optional(),
  employeeShiftCostDetails: z.array(EmployeeShiftCostDetailSchema).optional(),
  totalCostsMin: z.number().nullable().optional(),
  totalCostsMax: z.number().nullable().optional(),
  periodShiftOverlapKind: z.enum(["START_ONLY", "START_AND_END"]).optional(),
  costsRuleShiftOverlapKind: PeriodShiftOverlapKindSchema.optional(),
}).openapi("CostsRule");

export const DisruptionRuleSchema = z.strictObject({
  id: IdSchema,
  start: LocalDateSchema,
  end: LocalDateSchema,
  ...SHIFT_TAG_FILTER,
  multiplier: z.number().int().min(1).max(5).optional(),
}).openapi("DisruptionRule");

export const ShiftTagMatchRuleSchema = z.strictObject({
  id: IdSchema,
  satisfiability: z.enum(["PREFERRED", "REQUIRED"]).optional(),
  tagTypeMatchMultipliers: z.record(IdSchema, z.number().int()).optional(),
}).openapi("ShiftTagMatchRule");

export const PriorityConfigurationSchema = z.strictObject({
  priority: z.string(),
  weight: z.number().int().min(0),
  assignment: z.enum(["MANDATORY", "OPTIONAL"]).optional(),
}).openapi("PriorityConfiguration");

export const UnassignedShiftRuleSchema = z.strictObject({
  id: IdSchema,
  priorityWeights: z.array(PriorityConfigurationSchema).min(1),
}).openapi("UnassignedShiftRule");

export const ShiftGroupAssignmentTypeSchema = z.enum(["SINGLE_SHIFT"]).openapi("ShiftGroupAssignmentType");

export const ShiftGroupAssignmentModeSchema = z.looseObject({
  type: ShiftGroupAssignmentTypeSchema.optional(),
}).openapi("ShiftGroupAssignmentMode");

export const ShiftGroupRuleSchema = z.strictObject({
  id: IdSchema,
  includeShiftGroupTags: z.array(IdSchema).optional(),
  assignmentMode: ShiftGroupAssignmentModeSchema.nullable().optional(),
}).openapi("ShiftGroupRule");

export const ConcurrentShiftsRuleSchema = z.strictObject({
  id: IdSchema,
  ...SHIFT_TAG_FILTER,
  ruleValidityDateTimeSpan: LocalDateTimeSpanSchema.nullable().optional(),
  timeZoneId: z.string().optional(),
  concurrentShiftsMax: z.number().int().min(0).nullable().optional(),
}).openapi("ConcurrentShiftsRule");

export const GlobalRulesSchema = z.strictObject({
  balanceTimeWorkedRules: z.array(BalanceTimeWorkedRuleSchema).optional(),
  balanceShiftCountRules: z.array(BalanceShiftCountRuleSchema).optional(),
  minimumMaximumShiftsPerPeriod: z.array(GlobalPeriodRuleSchema).optional(),
  minimumMaximumShiftsPerHourlyDemand: z.array(HourlyDemandRuleSchema).optional(),
  costsRules: z.array(CostsRuleSchema).optional(),
  disruptionRules: z.array(DisruptionRuleSchema).optional(),
  shiftTagMatchRules: z.array(ShiftTagMatchRuleSchema).optional(),
  unassignedShiftRule: UnassignedShiftRuleSchema.optional(),
  shiftGroupRules: z.array(ShiftGroupRuleSchema).optional(),
  concurrentShiftsRules: z.array(ConcurrentShiftsRuleSchema).optional(),
}).openapi("GlobalRules");

export const GroupShiftsPerDayLimitSchema = z.strictObject({
  groupShiftsPerDayMax: z.number().int().min(1).optional(),
}).openapi("GroupShiftsPerDayLimit");

export const EmployeePairingSchema = z.strictObject({
  pairedEmployee: IdSchema.optional(),
  includeEmployeeWithTags: z.array(IdSchema).optional(),
  onlyForShiftTags: z.array(IdSchema).optional(),
  commonTagType: IdSchema.optional(),
  groupByEmployeeTag: IdSchema.optional(),
  groupShiftsPerDayLimit: GroupShiftsPerDayLimitSchema.optional(),
}).openapi("EmployeePairing");

export const ActivationShiftIncludeSchema = z.enum(["MANDATORY_SHIFTS", "MANDATORY_AND_OPTIONAL_SHIFTS"]).openapi("ActivationShiftInclude");

export const EmployeeCostGroupSchema = z.strictObject({
  id: IdSchema,
  employeeActivationCost: z.number().min(0).max(1000).nullable().optional(),
  employeeActivationRatioWeight: z.number().int().min(1).max(100).nullable().optional(),
  activationShiftInclude: ActivationShiftIncludeSchema.optional(),
}).openapi("EmployeeCostGroup");


export type Contract = z.infer<typeof ContractSchema>;
export type PeriodRule = z.infer<typeof PeriodRuleSchema>;
export type RollingWindowRule = z.infer<typeof RollingWindowRuleSchema>;
export type GlobalRules = z.infer<typeof GlobalRulesSchema>;
export type ScheduleParameterization = z.infer<typeof ScheduleParameterizationSchema>;
export type EmployeePairing = z.infer<typeof EmployeePairingSchema>;
