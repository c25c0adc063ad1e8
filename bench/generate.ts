/**
 * Deterministic instance generator for tests and benchmarks. Instances are planted: every shift is drawn with an
 * employee who is free that day and holds its skills, unavailable days avoid the planted work, so a 0hard/0medium
 * schedule exists (plus `impossible` extra shifts needing a skill nobody has, which must stay unassigned).
 */
import type { ModelInput } from "../schemas/model-input";

export interface GenerateOptions {
  shifts: number;
  employees: number;
  seed: number;
  /** Distinct skills. @default 6 */
  skills?: number;
  /** Share of shifts pinned to their planted employee. @default 0.03 */
  pinnedShare?: number;
  /** Share of unpinned shifts arriving with a (random) employee as a warm start. @default 0 */
  warmShare?: number;
  /**
   * Days per (shifts / employees): lower is tighter. Below about 3.5 the planted schedule may no longer be free of
   * overlaps, which makes a harder benchmark. @default 3.5
   */
  spread?: number;
  /** Shifts requiring a skill no employee has. @default 0 */
  impossible?: number;
  /**
   * Exercise every constraint of the catalogue while keeping the planted schedule hard-feasible: departments as
   * shift tags with required and preferred shift tags (and match rules), available / preferred / unpreferred time,
   * preferred skills, risk factors, prohibited / preferred / unpreferred employees, breaks, optional priorities,
   * allow-overlap contracts, employee priorities and balance rules with history. @default false
   */
  features?: boolean;
  /**
   * A realistic contract mix on every employee (needs `features`): full-time (at most 40 hours a week, 30 preferred,
   * 11 hours' rest, at most 5 consecutive days, 6 shifts in any 7 days, 2 weekends a month preferred, compact split
   * shifts) and part-time (at most 24 hours a week, 10 hours' rest, 4 days a week, 48 hours off after a sequence
   * preferred). Limits loose enough for the planted schedule. @default false
   */
  contracts?: boolean;
}

/** The contract mix of `GenerateOptions.contracts`. */
export function contractMix(): NonNullable<ModelInput["contracts"]> {
  return [
    {
      id: "full-time",
      periodRules: [
        { id: "week-hours", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 2400 } },
        { id: "week-hours-preferred", period: "WEEK", satisfiability: "PREFERRED", minutesWorkedLimit: { minutesWorkedMin: 1800 } },
        { id: "weekends", period: "MONTH", satisfiability: "PREFERRED", weekendsLimit: { weekendsWorkedMax: 2 } },
      ],
      minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 660 }],
      consecutiveDaysWorkedRules: [{ id: "max-5-days", maximum: 5 }],
      rollingWindowRules: [{ id: "six-in-seven", rollingWindow: { type: "DAILY", size: 7 }, shiftsWorkedLimit: { shiftsWorkedMax: 6 } }],
      minimizeGapsBetweenShiftsRules: [{ id: "compact" }],
    },
    {
      id: "part-time",
      periodRules: [{ id: "week-hours", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 1440 }, daysWorkedMax: 4 }],
      minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 600 }],
      consecutiveShiftsWorkedRules: [{ id: "off-after", satisfiability: "PREFERRED", timeOffAfterSequenceLimit: { minTimeOffAfterSequence: "PT48H" } }],
    },
  ];
}

/** mulberry32: small, fast, seedable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const EPOCH = Date.parse("2027-02-01T00:00:00Z");
const SLOTS = [6, 14, 22];

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

export function generateInstance(o: GenerateOptions): ModelInput {
  const random = rng(o.seed);
  const int = (n: number) => Math.floor(random() * n);
  const skillCount = o.skills ?? 6;
  // Planted work never falls on adjacent days of one employee (a night shift runs into the next morning).
  const days = Math.max(7, Math.ceil((o.shifts / Math.max(1, o.employees)) * (o.spread ?? 3.5)));
  const skills = Array.from({ length: skillCount }, (_, i) => `skill-${i}`);
  const employees = Array.from({ length: o.employees }, (_, i) => {
    const own = new Set<string>();
    const n = 1 + int(3);
    while (own.size < Math.min(n, skillCount)) own.add(skills[int(skillCount)]);
    return { id: `emp-${i}`, skills: [...own].map((id) => ({ id })), busy: new Set<number>(), dept: `dept-${int(4)}`, risk: `risk-${int(3)}` };
  });
  const features = o.features ?? false;

  const shifts: ModelInput["shifts"] = [];
  for (let i = 0; i < o.shifts; i++) {
    const day = int(days);
    let planted = int(o.employees);
    const taken = (e: number) => [day - 1, day, day + 1].some((d) => employees[e].busy.has(d));
    // A few random probes, then a bounded linear probe: fast on XL, nearly always free on small instances.
    for (let tries = 0; tries < 200 && taken(planted); tries++) planted = tries < 100 ? int(o.employees) : (planted + 1) % o.employees;
    const owner = employees[planted];
    owner.busy.add(day);
    const start = EPOCH + day * DAY_MS + SLOTS[int(3)] * 3_600_000 + int(3) * 1_800_000;
    const end = start + (4 + int(5)) * 3_600_000;
    const r = random();
    const requiredSkills = r < 0.5 ? [owner.skills[int(owner.skills.length)].id] : r < 0.6 ? owner.skills.slice(0, 2).map((s) => s.id) : undefined;
    const pinned = random() < (o.pinnedShare ?? 0.03);
    const warm = !pinned && random() < (o.warmShare ?? 0);
    const p = int(11);
    const other = () => `emp-${int(o.employees)}`;
    const extra: Partial<ModelInput["shifts"][number]> = features
      ? {
          tags: [owner.dept, ...(random() < 0.2 ? ["on-call"] : [])],
          ...(random() < 0.3 ? { preferredSkills: [skills[int(skillCount)]] } : {}),
          // Risk factors the planted owner does not prohibit.
          ...(random() < 0.3 ? { riskFactors: [`risk-${(Number(owner.risk.slice(5)) + 1 + int(2)) % 3}`] } : {}),
          ...(random() < 0.2 ? { prohibitedEmployees: [other(), other()].filter((id) => id !== owner.id) } : {}),
          ...(random() < 0.2 ? { preferredEmployees: [random() < 0.5 ? owner.id : other()] } : {}),
          ...(random() < 0.2 ? { unpreferredEmployees: [other()].filter((id) => id !== owner.id) } : {}),
          ...(random() < 0.3 ? { breaks: [{ start: iso(start + 2 * 3_600_000), end: iso(start + 2 * 3_600_000 + 1_800_000) }] } : {}),
        }
      : {};
    shifts.push({
      id: `shift-${i}`,
      start: iso(start),
      end: iso(end),
      ...(requiredSkills ? { requiredSkills } : {}),
      ...(p < 10 ? { priority: String(p + 1) as "1" } : {}),
      ...extra,
      ...(pinned ? { pinned: true, employee: owner.id } : warm ? { employee: `emp-${int(o.employees)}` } : {}),
    });
  }
  for (let i = 0; i < (o.impossible ?? 0); i++) {
    const start = EPOCH + int(days) * DAY_MS + 9 * 3_600_000;
    shifts.push({ id: `impossible-${i}`, start: iso(start), end: iso(start + 4 * 3_600_000), requiredSkills: ["nobody-has-this"] });
  }

  const day = (d: number, from = 0, to = 24) => ({ start: iso(EPOCH + d * DAY_MS + from * 3_600_000), end: iso(EPOCH + d * DAY_MS + to * 3_600_000) });
  return {
    employees: employees.map((e, i) => {
      // Unavailable on up to two whole days with no planted work that day or the evening before.
      const spans: { start: string; end: string }[] = [];
      for (let k = 0; k < 2; k++) {
        const d = int(days);
        if (e.busy.has(d) || e.busy.has(d - 1)) continue;
        spans.push({ start: iso(EPOCH + d * DAY_MS), end: iso(EPOCH + (d + 1) * DAY_MS) });
      }
      const base = { id: e.id, skills: e.skills, ...(spans.length ? { unavailableTimeSpans: spans } : {}) };
      if (!features) return base;
      // One employee in four is available only on the days around their planted work (nights run into the next day).
      const availableDays = [...new Set([...e.busy].flatMap((d) => [d, d + 1]))].sort((a, b) => a - b);
      return {
        ...base,
        tags: [e.dept, ...(i % 5 === 0 ? ["contractor"] : [])],
        requiredShiftTags: [e.dept],
        ...(random() < 0.3 ? { preferredShiftTags: ["on-call"] } : {}),
        prohibitedRiskFactors: [e.risk],
        ...(i % 4 === 0 && availableDays.length > 0 ? { availableTimeSpans: availableDays.map((d) => day(d)) } : {}),
        preferredTimeSpans: [day(int(days), 6, 14)],
        unpreferredTimeSpans: [{ ...day(int(days), 14, 24), weight: 1 + int(3) }],
        ...(random() < 0.3 ? { priority: String(1 + int(10)) as "1" } : {}),
        contracts: [...(random() < 0.3 ? ["flex"] : []), ...(o.contracts ? [i % 3 === 2 ? "part-time" : "full-time"] : [])],
      };
    }),
    shifts,
    ...(features
      ? {
          contracts: [{ id: "flex", allowOverlappingShiftsRules: [{ id: "on-call", includeShiftTags: ["on-call"] }] }, ...(o.contracts ? contractMix() : [])],
          tagTypes: [{ id: "Department" }],
          tags: [0, 1, 2, 3].map((k) => ({ id: `dept-${k}`, tagType: "Department" })),
          globalRules: {
            shiftTagMatchRules: [{ id: "department" }, { id: "on-call", satisfiability: "PREFERRED" }],
            balanceTimeWorkedRules: [{ id: "time", excludeEmployeeTags: ["contractor"], employeeToPublishedMinutesWorked: { "emp-0": 480 } }],
            balanceShiftCountRules: [{ id: "on-call", includeShiftTags: ["on-call"] }],
          },
        }
      : {}),
  };
}
