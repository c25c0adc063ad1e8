/**
 * Demo datasets (spec §4 demo-data endpoints), generated deterministically: the same id always yields the same
 * request, byte for byte, so that curl walkthroughs and tests can rely on it. Timestamps carry a UTC offset (+01:00,
 * Central European winter time) because real planning systems send local times.
 */
import type { DemoMetaData } from "../schemas/demo-data";
import type { Employee, ModelInput, Shift } from "../schemas/model-input";
import type { SolvingRequest } from "../schemas/solving-request";
import { DEMAND_DEMO_ID, DEMAND_DEMO_META, demandDemoRequest } from "./demand";

interface DemoSpec {
  meta: DemoMetaData;
  employees: number;
  days: number;
  /** Daily shift templates: start hour, length in hours, required skill, how many per day. */
  templates: ReadonlyArray<{ startHour: number; hours: number; skill: string; perDay: number }>;
  termination: NonNullable<NonNullable<SolvingRequest["config"]>["run"]>["termination"];
  /** Primary skill of employee e (default: three in five nurses, one doctor, one specialist). */
  primarySkill?: (e: number) => string;
  /** Whether employee e works part-time (default: every fifth). */
  partTime?: (e: number) => boolean;
  /** Shift priorities from this one on are optional positions (globalRules.unassignedShiftRule). */
  optionalFromPriority?: string;
  /** Wages and agency fees (see COST_*): cost groups, a cost definition per contract, an agency budget. */
  costs?: boolean;
}

/**
 * The demos' contracts (spec §2.6): what a ward manager would write down. Full-time: at most 48 hours a week (the
 * EU working-time ceiling), 40 preferred, 11 hours' rest between shifts, at most 5 days in a row, at most 2 weekends
 * a month preferred. Part-time: at most 32 hours and 4 days a week, 24 hours preferred, the same rest, at most 3 days
 * in a row. Time worked is balanced across everyone (globalRules.balanceTimeWorkedRules).
 */
const DEMO_CONTRACTS: NonNullable<ModelInput["contracts"]> = [
  {
    id: "full-time",
    periodRules: [
      { id: "hours-per-week", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 48 * 60 } },
      { id: "contract-hours", period: "WEEK", satisfiability: "PREFERRED", minutesWorkedLimit: { minutesWorkedMax: 40 * 60 } },
      { id: "weekends-per-month", period: "MONTH", satisfiability: "PREFERRED", weekendsLimit: { weekendsWorkedMax: 2 } },
    ],
    minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 11 * 60 }],
    consecutiveDaysWorkedRules: [{ id: "days-in-a-row", maximum: 5 }],
  },
  {
    id: "part-time",
    periodRules: [
      { id: "hours-per-week", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 32 * 60 }, daysWorkedMax: 4 },
      { id: "contract-hours", period: "WEEK", satisfiability: "PREFERRED", minutesWorkedLimit: { minutesWorkedMax: 24 * 60 } },
    ],
    minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 11 * 60 }],
    consecutiveDaysWorkedRules: [{ id: "days-in-a-row", maximum: 3 }],
  },
];

/**
 * Wages (LARGE): a cost definition per contract, per week: staff are paid for their contract hours (40 or 24) at the
 * base rate, the next 8 hours at time and a half, beyond that double; the last five employees come from an agency
 * that charges a fee per shift (more for nights), under a weekly agency budget (PREFERRED).
 */
const COST_DEFINITIONS: Record<string, NonNullable<NonNullable<NonNullable<ModelInput["contracts"]>[number]["periodRules"]>[number]["costDefinition"]>> = {
  "full-time": { baseMinutesLimit: 40 * 60, baseHourlyCost: 32, overtimeCostDetails: [{ overtimeMinutesLimit: 8 * 60, overtimeHourlyCost: 48 }, { overtimeHourlyCost: 64 }] },
  "part-time": { baseMinutesLimit: 24 * 60, baseHourlyCost: 30, overtimeCostDetails: [{ overtimeMinutesLimit: 8 * 60, overtimeHourlyCost: 45 }, { overtimeHourlyCost: 60 }] },
};
const AGENCY_EMPLOYEES = 5;
const AGENCY_BUDGET: NonNullable<NonNullable<ModelInput["globalRules"]>["costsRules"]>[number] = {
  id: "agency-budget",
  period: "WEEK",
  zoneOffset: "+01:00",
  satisfiability: "PREFERRED",
  employeeShiftCostDetails: [
    { employeeCostGroup: "agency", cost: 150 },
    { employeeCostGroup: "agency", shiftCostGroup: "night", cost: 200 },
  ],
  totalCostsMax: 1500,
};

const SKILLS = ["Nurse", "Doctor", "Anaesthetics", "Cardiology"] as const;
const FIRST_NAMES = [
  "Amy", "Beth", "Chad", "Dan", "Elsa", "Flo", "Gus", "Hugo", "Ivy", "Jay", "Kim", "Luc", "Mia", "Ned", "Olga",
  "Pam", "Quin", "Rob", "Sue", "Tom", "Uma", "Vic", "Wes", "Xia", "Yan", "Zoe",
];
const LAST_NAMES = ["Cole", "Fox", "Green", "Jones", "King", "Li", "Poe", "Rye", "Smith", "Watt"];

/** First day of every demo schedule: a Monday. */
const START_DATE = "2027-02-01";
const OFFSET = "+01:00";

const DEMOS: Record<string, DemoSpec> = {
  BASIC: {
    meta: {
      id: "BASIC",
      shortDescription: "A hospital ward: 15 employees, 2 weeks, 140 shifts, full- and part-time contracts.",
      longDescription:
        "Early, late, night and day shifts that need nurses, doctors or anaesthetists; employees with one or two " +
        "skills, a few unavailable days each and some unpreferred evenings. Full-time contracts (at most 48 hours " +
        "a week, 40 preferred, 11 hours' rest between shifts, at most 5 days in a row) and part-time ones (at most " +
        "32 hours and 4 days a week); time worked is balanced across the ward.",
      tags: ["employees:15", "shifts:140", "days:14", "contracts"],
      config: [],
    },
    employees: 15,
    days: 14,
    templates: [
      { startHour: 6, hours: 8, skill: "Nurse", perDay: 2 },
      { startHour: 14, hours: 8, skill: "Nurse", perDay: 2 },
      { startHour: 22, hours: 8, skill: "Nurse", perDay: 1 },
      { startHour: 10, hours: 4, skill: "Nurse", perDay: 1 },
      { startHour: 18, hours: 4, skill: "Nurse", perDay: 1 },
      { startHour: 8, hours: 8, skill: "Doctor", perDay: 1 },
      { startHour: 14, hours: 6, skill: "Doctor", perDay: 1 },
      { startHour: 10, hours: 6, skill: "Anaesthetics", perDay: 1 },
    ],
    termination: { spentLimit: "PT1M", unimprovedSpentLimit: "PT5S" },
    // Ten nurses, three doctors, two anaesthetists; two part-timers.
    primarySkill: (e) => (e < 10 ? "Nurse" : e < 13 ? "Doctor" : "Anaesthetics"),
    partTime: (e) => e === 4 || e === 14,
  },
  LARGE: {
    meta: {
      id: "LARGE",
      shortDescription: "A hospital: 50 employees, 4 weeks, about 1,000 shifts.",
      longDescription:
        "The BASIC ward scaled up: four skills, 36 shifts a day for 28 days, unavailable days and unpreferred " +
        "evenings for every employee, the same full- and part-time contracts; the fifth and later positions of a " +
        "shift template are optional (filled when someone is free). Wages with overtime rates per contract, and " +
        "five agency employees paid per shift under a weekly agency budget.",
      tags: ["employees:50", "shifts:1008", "days:28", "contracts", "costs"],
      config: [],
    },
    employees: 50,
    days: 28,
    templates: [
      { startHour: 6, hours: 8, skill: "Nurse", perDay: 8 },
      { startHour: 14, hours: 8, skill: "Nurse", perDay: 8 },
      { startHour: 22, hours: 8, skill: "Nurse", perDay: 4 },
      { startHour: 8, hours: 8, skill: "Doctor", perDay: 5 },
      { startHour: 12, hours: 8, skill: "Doctor", perDay: 3 },
      { startHour: 18, hours: 8, skill: "Doctor", perDay: 2 },
      { startHour: 10, hours: 6, skill: "Anaesthetics", perDay: 3 },
      { startHour: 9, hours: 8, skill: "Cardiology", perDay: 3 },
    ],
    termination: { spentLimit: "PT2M", unimprovedSpentLimit: "PT10S" },
    optionalFromPriority: "5",
    costs: true,
  },
};

export const DEMO_DATA_IDS = [...Object.keys(DEMOS), DEMAND_DEMO_ID];

export function listDemoData(): DemoMetaData[] {
  return DEMO_DATA_IDS.map((id) => (id === DEMAND_DEMO_ID ? DEMAND_DEMO_META : DEMOS[id].meta));
}

/** The demo dataset as a full solving request, or undefined for an unknown id. */
export function demoSolvingRequest(id: string): SolvingRequest | undefined {
  if (id === DEMAND_DEMO_ID) return demandDemoRequest();
  // Own members only: an id such as "constructor" must not find Object's.
  const spec = Object.hasOwn(DEMOS, id) ? DEMOS[id] : undefined;
  if (!spec) return undefined;
  return {
    config: { run: { name: `${id} demo`, termination: spec.termination } },
    modelInput: generateInput(spec, seedOf(id)),
  };
}

function generateInput(spec: DemoSpec, seed: number): ModelInput {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

  // Skill mix: every skill demanded by a template is held by enough people (about twice the daily demand share).
  const employees: Employee[] = [];
  for (let e = 0; e < spec.employees; e++) {
    const primary = spec.primarySkill ? spec.primarySkill(e) : e % 5 < 3 ? "Nurse" : e % 5 === 3 ? "Doctor" : pick(SKILLS.slice(1));
    const skills = new Set<string>([primary]);
    if (random() < 0.35) skills.add(pick(SKILLS));
    const unavailableTimeSpans = [];
    const unpreferredTimeSpans = [];
    // Distinct days, in time order: overlapping spans would count the same minutes twice.
    const offDays = new Set<number>();
    while (offDays.size < Math.max(1, Math.round(spec.days / 7))) offDays.add(Math.floor(random() * spec.days));
    for (const day of [...offDays].sort((a, b) => a - b)) {
      unavailableTimeSpans.push({ start: at(day, 0), end: at(day + 1, 0) });
    }
    if (random() < 0.5) {
      const day = Math.floor(random() * spec.days);
      unpreferredTimeSpans.push({ start: at(day, 18), end: at(day + 1, 0) });
    }
    employees.push({
      id: `${FIRST_NAMES[e % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(e / FIRST_NAMES.length) % LAST_NAMES.length]}${e >= FIRST_NAMES.length * LAST_NAMES.length ? ` ${e}` : ""}`,
      skills: [...skills].sort().map((id) => ({ id })),
      unavailableTimeSpans,
      unpreferredTimeSpans,
      contracts: [(spec.partTime ? spec.partTime(e) : e % 5 === 4) ? "part-time" : "full-time"],
      ...(spec.costs ? { costGroup: e >= spec.employees - AGENCY_EMPLOYEES ? "agency" : "staff" } : {}),
    });
  }

  const shifts: Shift[] = [];
  for (let day = 0; day < spec.days; day++) {
    for (const t of spec.templates) {
      for (let k = 0; k < t.perDay; k++) {
        shifts.push({
          id: `${dateOf(day)}-${t.skill.toLowerCase()}-${String(t.startHour).padStart(2, "0")}-${k + 1}`,
          start: at(day, t.startHour),
          end: at(day, t.startHour + t.hours),
          requiredSkills: [t.skill],
          // The first position of each template is the one that must be covered first.
          priority: k === 0 ? "1" : k === 1 ? "3" : "5",
          ...(spec.costs ? { costGroup: t.startHour >= 22 || t.startHour < 6 ? "night" : "day" } : {}),
        });
      }
    }
  }
  const optional = spec.optionalFromPriority;
  return {
    employees,
    shifts,
    contracts: spec.costs
      ? DEMO_CONTRACTS.map((c) => ({ ...c, periodRules: [...(c.periodRules ?? []), { id: "wages", period: "WEEK", satisfiability: "PREFERRED" as const, costDefinition: COST_DEFINITIONS[c.id] }] }))
      : DEMO_CONTRACTS,
    globalRules: {
      balanceTimeWorkedRules: [{ id: "fair-hours" }],
      ...(spec.costs ? { costsRules: [AGENCY_BUDGET] } : {}),
      ...(optional
        ? {
            unassignedShiftRule: {
              id: "positions",
              priorityWeights: ["1", "3", "5"].map((priority) => ({
                priority,
                // An open optional position costs more (soft) than the unfairness one more shift adds (balance
                // penalties are in minutes), so free employees fill them; with wages (scored in milli-units, an
                // 8-hour shift about 256,000) it is worth 1,000 currency units.
                weight: priority === "1" ? 10 : priority === "3" ? 8 : spec.costs ? 1_000_000 : 1000,
                assignment: Number(priority) >= Number(optional) ? ("OPTIONAL" as const) : ("MANDATORY" as const),
              })),
            },
          }
        : {}),
    },
  };
}

/** `day` days after START_DATE at `hour` (may exceed 24: rolls over), in the demo's fixed offset. */
function at(day: number, hour: number): string {
  const extraDays = Math.floor(hour / 24);
  return `${dateOf(day + extraDays)}T${String(hour % 24).padStart(2, "0")}:00:00${OFFSET}`;
}

function dateOf(day: number): string {
  const d = new Date(`${START_DATE}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + day);
  return d.toISOString().slice(0, 10);
}

function seedOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Small seeded PRNG (Tommy Ettinger's mulberry32): enough for reproducible demo data. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
