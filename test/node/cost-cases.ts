/**
 * Verifier rows of the cost constraints (ids 66-69, 73 and SATURATION_CONSTRAINT), merged into the table of constraints.test.ts: each a hand-made
 * input with its score computed by hand in the title. Money is scored in milli-units (1 currency unit = 1000).
 * 2027-02-01 is a Monday; times are UTC unless a zone is given.
 */
import type { ModelInput } from "../../schemas/model-input";
import { onDay, type ContractCase } from "./contract-cases";
import { SATURATION_CONSTRAINT } from "../../solver/layout";

type CostsRule = NonNullable<NonNullable<ModelInput["globalRules"]>["costsRules"]>[number];
type Employee = ModelInput["employees"][number];

const staff = (id: string, costGroup: string, extra: Partial<Employee> = {}): Employee => ({ id, costGroup, ...extra });

/** Costs rule input: employees, shifts and one rule. */
function costs(rule: CostsRule, employees: Employee[], shifts: ModelInput["shifts"], extra: Partial<ModelInput> = {}): ModelInput {
  return { employees, shifts, globalRules: { costsRules: [rule] }, ...extra };
}

const detail = (cost: number, employeeCostGroup?: string, shiftCostGroup?: string) => ({ employeeCostGroup, shiftCostGroup, cost });

/** Ann under a contract with one period rule carrying `costDefinition`. */
function paid(rule: Record<string, unknown>, shifts: ModelInput["shifts"], employee: Partial<Employee> = {}): ModelInput {
  return {
    contracts: [{ id: "c", periodRules: [{ id: "pay", satisfiability: "PREFERRED", ...rule } as never] }],
    employees: [{ id: "ann", contracts: ["c"], ...employee }],
    shifts,
  };
}

const optionalRule = {
  unassignedShiftRule: { id: "u", priorityWeights: [{ priority: "9", weight: 1, assignment: "OPTIONAL" as const }] },
};

/** Staff (weight 2) and agency (weight 1) with the given activated employees. */
function ratio(include: "MANDATORY_SHIFTS" | "MANDATORY_AND_OPTIONAL_SHIFTS" | undefined, shifts: ModelInput["shifts"]): ModelInput {
  return {
    employeeCostGroups: [
      { id: "staff", employeeActivationRatioWeight: 2 },
      { id: "agency", employeeActivationRatioWeight: 1, ...(include ? { activationShiftInclude: include } : {}) },
    ],
    employees: [staff("s1", "staff"), staff("s2", "staff"), staff("s3", "staff"), staff("a1", "agency"), staff("a2", "agency")],
    shifts,
    globalRules: optionalRule as never,
  };
}

export const COST_CASES: Record<number, { name: string; cases: ContractCase[] }> = {
  66: {
    name: "Costs per period not in required range",
    cases: [
      {
        title: "SCHEDULE max 1000: three shifts of 500 (group A on shift group S) -> 500 over = 500000",
        input: costs(
          { id: "max1k", period: "SCHEDULE", employeeShiftCostDetails: [detail(500, "A", "S")], totalCostsMax: 1000 },
          [staff("ann", "A"), staff("bob", "A")],
          [onDay("a", 0, "08:00", "12:00", { costGroup: "S" }), onDay("b", 1, "08:00", "12:00", { costGroup: "S" }), onDay("c", 1, "08:00", "12:00", { costGroup: "S", employee: "bob" })],
        ),
        score: "-500000hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "WEEK max 100 in UTC: Monday and Sunday 23:00 shifts of 80 share week 1 -> 60 over",
        input: costs(
          { id: "w", period: "WEEK", employeeShiftCostDetails: [detail(80)], totalCostsMax: 100 },
          [staff("ann", "A")],
          [onDay("a", 0, "08:00", "12:00"), onDay("b", 6, "23:00", "02:00")],
        ),
        score: "-60000hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "zoneOffset +02:00: the Sunday 23:00Z shift starts Monday 01:00 local, week 2: 80 and 80 -> 0",
        input: costs(
          { id: "w", period: "WEEK", zoneOffset: "+02:00", employeeShiftCostDetails: [detail(80)], totalCostsMax: 100 },
          [staff("ann", "A")],
          [onDay("a", 0, "08:00", "12:00"), onDay("b", 6, "23:00", "02:00")],
        ),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "START_AND_END per DAY max 50: a 22:00-06:00 shift (40) counts on both days; day 2 also has a 40 -> 30 over",
        input: costs(
          { id: "d", period: "DAY", costsRuleShiftOverlapKind: "START_AND_END", employeeShiftCostDetails: [detail(40)], totalCostsMax: 50 },
          [staff("ann", "A")],
          [onDay("n", 0, "22:00", "06:00"), onDay("b", 1, "08:00", "12:00")],
        ),
        score: "-30000hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "includeEmployeeTags agency, max 600: only Ann's two shifts of 500 count -> 400 over",
        input: costs(
          { id: "agency", period: "SCHEDULE", includeEmployeeTags: ["agency"], employeeShiftCostDetails: [detail(500, "A")], totalCostsMax: 600 },
          [staff("ann", "A", { tags: ["agency"] }), staff("bob", "A")],
          [onDay("a", 0, "08:00", "12:00"), onDay("b", 1, "08:00", "12:00"), onDay("c", 0, "08:00", "12:00", { employee: "bob" }), onDay("d", 1, "08:00", "12:00", { employee: "bob" })],
        ),
        score: "-400000hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  67: {
    name: "Costs per period not in preferred range",
    cases: [
      {
        title: "PREFERRED SCHEDULE min 1000: one shift of 300 -> 700 under",
        input: costs(
          { id: "min", period: "SCHEDULE", satisfiability: "PREFERRED", employeeShiftCostDetails: [detail(300)], totalCostsMin: 1000 },
          [staff("ann", "A")],
          [onDay("a", 0, "08:00", "12:00")],
        ),
        score: "0hard/0medium/-700000soft",
        matches: 1,
      },
      {
        title: "PREFERRED DAY min 100 over a 3-day planning window: only day 1 has a shift (150) -> days 2 and 3 under by 100",
        input: costs(
          { id: "daily", period: "DAY", satisfiability: "PREFERRED", employeeShiftCostDetails: [detail(150)], totalCostsMin: 100 },
          [staff("ann", "A")],
          [onDay("a", 0, "08:00", "12:00")],
          { planningWindow: { start: "2027-02-01T00:00:00Z", end: "2027-02-04T00:00:00Z" } },
        ),
        score: "0hard/0medium/-200000soft",
        matches: 2,
      },
      {
        title: "includeShiftTags night, max 100: two night shifts of 80 -> 60 over (the day shift is not counted)",
        input: costs(
          { id: "nights", period: "SCHEDULE", satisfiability: "PREFERRED", includeShiftTags: ["night"], employeeShiftCostDetails: [detail(80)], totalCostsMax: 100 },
          [staff("ann", "A")],
          [onDay("n1", 0, "22:00", "06:00", { tags: ["night"] }), onDay("n2", 1, "22:00", "06:00", { tags: ["night"] }), onDay("d", 3, "08:00", "12:00")],
        ),
        score: "0hard/0medium/-60000soft",
        matches: 1,
      },
      {
        title: "most specific detail wins: Ann (A) on X 300 and on Y 200, Bob (no group) on X 100 (wildcard); max 500 -> 100 over",
        input: costs(
          { id: "mix", period: "SCHEDULE", satisfiability: "PREFERRED", employeeShiftCostDetails: [detail(100), detail(200, "A"), detail(300, "A", "X")], totalCostsMax: 500 },
          [staff("ann", "A"), { id: "bob" }],
          [onDay("x", 0, "08:00", "12:00", { costGroup: "X" }), onDay("y", 1, "08:00", "12:00", { costGroup: "Y" }), onDay("z", 2, "08:00", "12:00", { costGroup: "X", employee: "bob" })],
        ),
        score: "0hard/0medium/-100000soft",
        matches: 1,
      },
    ],
  },
  68: {
    name: "Minimize cost per period",
    cases: [
      {
        title: "DAY, 20 per hour: 8 hours on day 1 and 4 on day 2 -> 160 + 80 = 240",
        input: paid({ period: "DAY", costDefinition: { baseHourlyCost: 20 } }, [onDay("a", 0, "08:00", "16:00"), onDay("b", 1, "08:00", "12:00")]),
        score: "0hard/0medium/-240000soft",
        matches: 2,
      },
      {
        title: "WEEK tiers: 480 min at 20, 120 at 30, the rest at 40; 660 minutes -> 160 + 60 + 40 = 260",
        input: paid(
          { period: "WEEK", costDefinition: { baseMinutesLimit: 480, baseHourlyCost: 20, overtimeCostDetails: [{ overtimeMinutesLimit: 120, overtimeHourlyCost: 30 }, { overtimeHourlyCost: 40 }] } },
          [onDay("a", 0, "08:00", "14:00"), onDay("b", 1, "08:00", "13:00")],
        ),
        score: "0hard/0medium/-260000soft",
        matches: 1,
      },
      {
        title: "fractions: 50 minutes at 25.5 per hour -> 21.25",
        input: paid({ period: "SCHEDULE", costDefinition: { baseHourlyCost: 25.5 } }, [onDay("a", 0, "08:00", "08:50")]),
        score: "0hard/0medium/-21250soft",
        matches: 1,
      },
      {
        title: "Europe/Brussels: a 23:30Z shift starts on local day 2 with the 08:00Z one: 240 min, 180 at 10 + 60 at 20 -> 50",
        input: paid(
          { period: "DAY", costDefinition: { baseMinutesLimit: 180, baseHourlyCost: 10, overtimeCostDetails: [{ overtimeHourlyCost: 20 }] } },
          [onDay("late", 0, "23:30", "01:30"), onDay("b", 1, "08:00", "10:00")],
          { timeZoneId: "Europe/Brussels" },
        ),
        score: "0hard/0medium/-50000soft",
        matches: 1,
      },
      {
        title: "includeShiftTags: only the 'paid' 4-hour shift costs 15 per hour -> 60",
        input: paid({ period: "SCHEDULE", includeShiftTags: ["paid"], costDefinition: { baseHourlyCost: 15 } }, [onDay("a", 0, "08:00", "12:00", { tags: ["paid"] }), onDay("b", 1, "08:00", "12:00")]),
        score: "0hard/0medium/-60000soft",
        matches: 1,
      },
    ],
  },
  69: {
    name: "Keep employee activation ratio",
    cases: [
      {
        title: "weights staff 2 : agency 1, activated 2 : 2 (N 4, W 3): |2·3 − 2·4| + |2·3 − 1·4| = 4",
        input: ratio(undefined, [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 0, "08:00", "12:00", { employee: "s2" }), onDay("c", 0, "08:00", "12:00", { employee: "a1" }), onDay("d", 0, "08:00", "12:00", { employee: "a2" })]),
        score: "0hard/0medium/-4soft",
        matches: 2,
      },
      {
        title: "activated 2 : 1 (a2 has only an optional shift; MANDATORY_SHIFTS by default) -> 0",
        input: ratio(undefined, [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 0, "08:00", "12:00", { employee: "s2" }), onDay("c", 0, "08:00", "12:00", { employee: "a1" }), onDay("d", 0, "08:00", "12:00", { employee: "a2", priority: "9" })]),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "MANDATORY_AND_OPTIONAL_SHIFTS: the optional shift activates a2 -> 2 : 2 -> 4",
        input: ratio("MANDATORY_AND_OPTIONAL_SHIFTS", [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 0, "08:00", "12:00", { employee: "s2" }), onDay("c", 0, "08:00", "12:00", { employee: "a1" }), onDay("d", 0, "08:00", "12:00", { employee: "a2", priority: "9" })]),
        score: "0hard/0medium/-4soft",
        matches: 2,
      },
      {
        title: "three staff, no agency: |3·3 − 2·3| + |0·3 − 1·3| = 6",
        input: ratio(undefined, [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 0, "08:00", "12:00", { employee: "s2" }), onDay("c", 0, "08:00", "12:00", { employee: "s3" })]),
        score: "0hard/0medium/-6soft",
        matches: 2,
      },
    ],
  },
  73: {
    name: "Minimize activated employees",
    cases: [
      {
        title: "activation costs staff 50, agency 200: s1 (two shifts) and a1 activated, s2 idle -> 250",
        input: activation(undefined, [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 1, "08:00", "12:00", { employee: "s1" }), onDay("c", 0, "08:00", "12:00", { employee: "a1" })]),
        score: "0hard/0medium/-250000soft",
        matches: 2,
        total: "0hard/0medium/-249995soft", // saturation rewards 2² + 1²
      },
      {
        title: "a1 has only an optional shift (MANDATORY_SHIFTS by default): only s1 is activated -> 50",
        input: activation(undefined, [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("c", 0, "08:00", "12:00", { employee: "a1", priority: "9" })]),
        score: "0hard/0medium/-50000soft",
        matches: 1,
        total: "0hard/0medium/-49999soft",
      },
      {
        title: "MANDATORY_AND_OPTIONAL_SHIFTS: the optional shift activates a1 -> 250",
        input: activation("MANDATORY_AND_OPTIONAL_SHIFTS", [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("c", 0, "08:00", "12:00", { employee: "a1", priority: "9" })]),
        score: "0hard/0medium/-250000soft",
        matches: 2,
        total: "0hard/0medium/-249998soft",
      },
      {
        title: "a historic shift (before the planning window) does not activate: only s1's shift on day 2 -> 50",
        input: {
          ...activation(undefined, [onDay("old", 0, "08:00", "12:00", { employee: "a1" }), onDay("a", 1, "08:00", "12:00", { employee: "s1" })]),
          planningWindow: { start: "2027-02-02T00:00:00Z", end: "2027-02-05T00:00:00Z" },
        },
        score: "0hard/0medium/-50000soft",
        matches: 1,
        total: "0hard/0medium/-49999soft",
      },
    ],
  },
  [SATURATION_CONSTRAINT]: {
    name: "Maximize activated employee saturation",
    cases: [
      {
        title: "s1 works three activating shifts, a1 one, s2 none: 3² + 1² = 10 (activation costs 250)",
        input: activation(undefined, [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 1, "08:00", "12:00", { employee: "s1" }), onDay("c", 2, "08:00", "12:00", { employee: "s1" }), onDay("d", 0, "08:00", "12:00", { employee: "a1" })]),
        score: "0hard/0medium/10soft",
        matches: 2,
        total: "0hard/0medium/-249990soft",
      },
      {
        title: "the same four shifts spread 2 / 1 / 1 over s1, s2, a1: 4 + 1 + 1 = 6 (less reward: shifts gather on fewer employees)",
        input: activation(undefined, [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 1, "08:00", "12:00", { employee: "s1" }), onDay("c", 2, "08:00", "12:00", { employee: "s2" }), onDay("d", 0, "08:00", "12:00", { employee: "a1" })]),
        score: "0hard/0medium/6soft",
        matches: 3,
        total: "0hard/0medium/-299994soft",
      },
      {
        title: "a1's optional shift does not activate it (MANDATORY_SHIFTS): only s1's 2 shifts count -> 4",
        input: activation(undefined, [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 1, "08:00", "12:00", { employee: "s1" }), onDay("c", 0, "08:00", "12:00", { employee: "a1", priority: "9" })]),
        score: "0hard/0medium/4soft",
        matches: 1,
        total: "0hard/0medium/-49996soft",
      },
      {
        title: "a cost group without an activation cost (ratio weight only) is not saturated: 0",
        input: {
          employeeCostGroups: [{ id: "staff", employeeActivationRatioWeight: 1 }, { id: "agency", employeeActivationRatioWeight: 1 }],
          employees: [staff("s1", "staff"), staff("a1", "agency")],
          shifts: [onDay("a", 0, "08:00", "12:00", { employee: "s1" }), onDay("b", 1, "08:00", "12:00", { employee: "s1" }), onDay("c", 0, "08:00", "12:00", { employee: "a1" })],
        },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
    ],
  },
};

/** Activation costs: staff 50, agency 200 per activated employee. */
function activation(include: "MANDATORY_SHIFTS" | "MANDATORY_AND_OPTIONAL_SHIFTS" | undefined, shifts: ModelInput["shifts"]): ModelInput {
  return {
    employeeCostGroups: [
      { id: "staff", employeeActivationCost: 50 },
      { id: "agency", employeeActivationCost: 200, ...(include ? { activationShiftInclude: include } : {}) },
    ],
    employees: [staff("s1", "staff"), staff("s2", "staff"), staff("a1", "agency")],
    shifts,
    globalRules: optionalRule as never,
  };
}
