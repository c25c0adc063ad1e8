/**
 * The kinds of contract rule of the glue (kind.ts), one file each, in compile order: the order of a contract's
 * compiled rules (and of the tag filters they intern) follows this list.
 */
import type { ContractRuleKind } from "./kind";
import { periodRules } from "./period-rules";
import { rollingWindowRules } from "./rolling-window";
import { consecutiveDaysWorkedRules } from "./consecutive-days";
import { consecutiveShiftsWorkedRules } from "./consecutive-shifts";
import { minutesBetweenShiftsRules } from "./minutes-between";
import { scopedDisruptionRules } from "./scoped-disruption";
import { shiftSequencePatternRules } from "./patterns";
import { shiftRotationRules } from "./rotation";
import { minimizeGapsBetweenShiftsRules } from "./gaps";

export const CONTRACT_RULE_KINDS: readonly ContractRuleKind[] = [
  periodRules,
  rollingWindowRules,
  consecutiveDaysWorkedRules,
  consecutiveShiftsWorkedRules,
  minutesBetweenShiftsRules,
  scopedDisruptionRules,
  shiftSequencePatternRules,
  shiftRotationRules,
  minimizeGapsBetweenShiftsRules,
];
