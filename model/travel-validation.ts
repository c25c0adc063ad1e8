/**
 * Semantic validation of the travel configurations (README "Days off, rotations and travel"), part of
 * model/validation.ts; codes = the reference `*Travel*Issue` schema names in UPPER_SNAKE. What the scoring then does:
 * solver/encode-travel.ts.
 */
import type { ModelInput } from "../schemas/model-input";
import { localMinutesOf } from "../solver/time";

type Entry = { severity: "ERROR" | "WARNING"; message: string };

export const TRAVEL_ISSUE_TYPES = {
  BOTH_GLOBAL_AND_CONTRACT_TRAVEL_CONFIGURATIONS: { severity: "WARNING", message: "Both scheduleParameterization.travelConfiguration (deprecated) and contract travelConfigurations are set; an employee with a travel contract uses its contract's." },
  EMPLOYEE_MULTIPLE_TRAVEL_CONTRACTS: { severity: "WARNING", message: "An employee has several contracts with travelConfigurations; only the first of them applies." },
  EMPLOYEE_TRAVEL_CONTRACT_WITHOUT_LOCATION: { severity: "WARNING", message: "An employee with travel configurations has no location: its travel is not scored." },
  TRAVEL_CONFIG_START_NOT_BEFORE_END: { severity: "ERROR", message: "The validity span of a travel configuration must start before it ends." },
  TRAVEL_CONFIGS_OVERLAP: { severity: "WARNING", message: "Travel configurations of one contract have overlapping validity spans; a shift covered by several uses the first." },
  PERIODIC_TRAVEL_CONFIG_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A contract travel configuration has both includeShiftTags and excludeShiftTags; both apply." },
  TRAVEL_CONFIGURATION_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "scheduleParameterization.travelConfiguration has both includeShiftTags and excludeShiftTags; both apply." },
} as const satisfies Record<string, Entry>;

export type TravelIssueCode = keyof typeof TRAVEL_ISSUE_TYPES;
type Report = (code: TravelIssueCode, message: string, detail: Record<string, unknown>) => void;

const has = (v: readonly unknown[] | null | undefined) => (v?.length ?? 0) > 0;

export function validateTravel(input: ModelInput, report: Report): void {
  const global = input.scheduleParameterization?.travelConfiguration;
  if (global && has(global.includeShiftTags) && has(global.excludeShiftTags)) {
    report("TRAVEL_CONFIGURATION_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", "scheduleParameterization.travelConfiguration has both include and exclude shift tags.", {});
  }
  const travelContracts = new Set<string>();
  for (const contract of input.contracts ?? []) {
    const configs = contract.travelConfigurations ?? [];
    if (configs.length > 0) travelContracts.add(contract.id);
    const spans: Array<{ id: string; from: number; to: number }> = [];
    for (const c of configs) {
      const at = { contract: contract.id, travelConfig: c.id };
      if (has(c.includeShiftTags) && has(c.excludeShiftTags)) report("PERIODIC_TRAVEL_CONFIG_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `Travel configuration '${c.id}' of contract '${contract.id}' has both include and exclude shift tags.`, at);
      const v = c.validityDateTimeSpan;
      const from = v?.start ? localMinutesOf(v.start) : -Infinity, to = v?.end ? localMinutesOf(v.end) : Infinity;
      if (from >= to) report("TRAVEL_CONFIG_START_NOT_BEFORE_END", `Travel configuration '${c.id}' of contract '${contract.id}' does not start before it ends.`, at);
      else spans.push({ id: c.id, from, to });
    }
    const pairs = spans.flatMap((a, i) => spans.slice(i + 1).filter((b) => a.from < b.to && b.from < a.to).map((b) => `${a.id}/${b.id}`));
    if (pairs.length > 0) report("TRAVEL_CONFIGS_OVERLAP", `Contract '${contract.id}' has travel configurations valid at the same time: ${pairs.join(", ")}.`, { contract: contract.id, overlappingPairs: pairs.join(", ") });
  }
  if (global && travelContracts.size > 0) report("BOTH_GLOBAL_AND_CONTRACT_TRAVEL_CONFIGURATIONS", "Both the global and contract travel configurations are set.", {});
  for (const employee of input.employees) {
    const own = [...new Set(employee.contracts ?? [])].filter((c) => travelContracts.has(c));
    if (own.length > 1) report("EMPLOYEE_MULTIPLE_TRAVEL_CONTRACTS", `Employee '${employee.id}' has contracts ${own.join(", ")} with travel configurations; '${own[0]}' applies.`, { employee: employee.id, contracts: own });
    if (own.length > 0 && !employee.location) report("EMPLOYEE_TRAVEL_CONTRACT_WITHOUT_LOCATION", `Employee '${employee.id}' has travel contract '${own[0]}' but no location.`, { employee: employee.id, contract: own[0] });
  }
}
