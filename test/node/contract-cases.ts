/**
 * Verifier rows of the contract rule constraints (ids 17-51, 74-77, the period limits from PERIOD_LIMIT_CONSTRAINT, single-day patterns, compact sequences, sequence start days, the time between sequences and sequences ending on a start day), merged into the table of constraints.test.ts: each a
 * hand-made input with its score computed by hand in the title. 2027-02-01 is a Monday; times are UTC unless the
 * employee has a time zone.
 */
import type { ModelInput } from "../../schemas/model-input";
import { PERIOD_LIMIT_CONSTRAINT as L } from "../../solver/layout";
import { COMPACT_SEQUENCE_CONSTRAINT, SEQUENCE_END_ON_START_DAY_CONSTRAINT, SEQUENCE_START_CONSTRAINT, SINGLE_DAY_PATTERN_CONSTRAINT } from "../../solver/layout.generated";

type Contract = NonNullable<ModelInput["contracts"]>[number];
type Shift = ModelInput["shifts"][number];

export interface ContractCase {
  title: string;
  input: ModelInput;
  assignment?: number[];
  score: string;
  matches: number;
  total?: string;
}

/** A shift on day `d` after 2027-02-01 from `from` to `to` (HH:MM; a `to` not after `from` ends the next day). */
export function onDay(id: string, d: number, from: string, to: string, extra: Partial<Shift> = {}): Shift {
  const date = (k: number) => new Date(Date.UTC(2027, 1, 1 + k)).toISOString().slice(0, 10);
  const next = to <= from ? 1 : 0;
  return { id, start: `${date(d)}T${from}:00Z`, end: `${date(d + next)}T${to}:00Z`, employee: "ann", ...extra };
}

/** Ann under one contract working `shifts`. */
function ann(contract: Omit<Contract, "id">, shifts: Shift[], extra: Partial<ModelInput> = {}, employee: Partial<ModelInput["employees"][number]> = {}): ModelInput {
  return { contracts: [{ id: "c", ...contract }], employees: [{ id: "ann", contracts: ["c"], ...employee }], shifts, ...extra };
}

const window = (fromDay: number, toDay: number) => ({
  planningWindow: {
    start: new Date(Date.UTC(2027, 1, 1 + fromDay)).toISOString().replace(".000Z", "Z"),
    end: new Date(Date.UTC(2027, 1, 1 + toDay)).toISOString().replace(".000Z", "Z"),
  },
});

/** Tag types for the unique tags cases: wards A, B, C and a time of day. */
const wardTags: Partial<ModelInput> = {
  tagTypes: [{ id: "ward" }, { id: "time" }],
  tags: [{ id: "A", tagType: "ward" }, { id: "B", tagType: "ward" }, { id: "C", tagType: "ward" }, { id: "night", tagType: "time" }],
};

/** 08:00-16:00 on Monday 1 February with a paid coffee break (15 minutes) and a lunch break (30). */
const breakShift = onDay("b", 0, "08:00", "16:00", {
  breaks: [
    { start: "2027-02-01T10:00:00Z", end: "2027-02-01T10:15:00Z", tags: ["paid"] },
    { start: "2027-02-01T12:00:00Z", end: "2027-02-01T12:30:00Z", tags: ["lunch"] },
  ],
});

export const CONTRACT_CASES: Record<number, { name: string; cases: ContractCase[] }> = {
  17: {
    name: "Minutes worked per period not in required range for employee",
    cases: [
      {
        title: "unloggedBreakTags [lunch]: of a 480-minute shift only the lunch break (30) is left out, the paid coffee break (15) counts: 450 - 400 = 50",
        input: ann({ periodRules: [{ id: "w", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 400, unloggedBreakTags: ["lunch"] } }] }, [breakShift]),
        score: "-50hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "unloggedBreakTags [lunch, x] ALL (the default): no break carries both, every break counts: 480 - 400 = 80; with ANY the lunch is left out: 50",
        input: ann(
          {
            periodRules: [
              { id: "all", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 400, unloggedBreakTags: ["lunch", "x"] } },
              { id: "any", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 400, unloggedBreakTags: ["lunch", "x"], breakTagMatches: "ANY" } },
            ],
          },
          [breakShift],
        ),
        score: "-130hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "WEEK max 600: three 4-hour shifts, 720 minutes -> 120",
        input: ann({ periodRules: [{ id: "week", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 600 } }] }, [onDay("a", 0, "08:00", "12:00"), onDay("b", 1, "08:00", "12:00"), onDay("c", 2, "08:00", "12:00")]),
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "countOnlyBetween 22:00-06:00, max 60: a 20:00-04:00 shift counts 360 -> 300",
        input: ann({ periodRules: [{ id: "nights", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 60, countOnlyBetween: { start: "22:00", end: "06:00" } } }] }, [onDay("n", 0, "20:00", "04:00")]),
        score: "-300hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "DST (Europe/Brussels, 28 March): DAY max 1000 with START_AND_END; the 23-hour shift has 1290 minutes on Sunday -> 290",
        input: ann(
          { periodRules: [{ id: "day", period: "DAY", periodShiftOverlapKind: "START_AND_END", minutesWorkedLimit: { minutesWorkedMax: 1000 } }] },
          [{ id: "long", start: "2027-03-28T00:30:00Z", end: "2027-03-28T23:30:00Z", employee: "ann" }],
          {},
          { timeZoneId: "Europe/Brussels" },
        ),
        score: "-290hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "a 600-day shift (beyond the core's two-word local times, README \"Wasm memory\"): DAY max 1000 with START_AND_END: 960 minutes on the first day, 1440 on each of the 599 next, 480 on the last -> 599 × 440",
        input: ann(
          { periodRules: [{ id: "day", period: "DAY", periodShiftOverlapKind: "START_AND_END", minutesWorkedLimit: { minutesWorkedMax: 1000 } }] },
          [{ id: "long", start: "2027-02-01T08:00:00Z", end: "2028-09-23T08:00:00Z", employee: "ann" }],
        ),
        score: "-263560hard/0medium/0soft",
        matches: 599,
      },
      {
        title: "tag filter: only shifts tagged 'night' count",
        input: ann({ periodRules: [{ id: "w", period: "WEEK", includeShiftTags: ["night"], minutesWorkedLimit: { minutesWorkedMax: 100 } }] }, [onDay("a", 0, "08:00", "12:00"), onDay("b", 1, "22:00", "02:00", { tags: ["night"] })]),
        score: "-140hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  18: {
    name: "Minutes worked per period not in preferred range for employee",
    cases: [
      {
        title: "deprecated minutesWorkedMin 300 per WEEK, two-week window, 240 minutes in week 1: 60 + 300",
        input: ann({ periodRules: [{ id: "min", period: "WEEK", satisfiability: "PREFERRED", minutesWorkedMin: 300 }] }, [onDay("a", 0, "08:00", "12:00")], window(0, 14)),
        score: "0hard/0medium/-360soft",
        matches: 2,
      },
    ],
  },
  19: {
    name: "Shifts worked per period not in required range for employee",
    cases: [
      {
        title: "DAY max 1: two shifts on Monday, one on Tuesday -> 1",
        input: ann({ periodRules: [{ id: "d", period: "DAY", shiftsWorkedMax: 1 }] }, [onDay("a", 0, "06:00", "10:00"), onDay("b", 0, "14:00", "18:00"), onDay("c", 1, "06:00", "10:00")]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "custom period of scheduleParameterization (1-3 Feb, 4-10 Feb), max 1: two shifts in the first span",
        input: ann(
          { periodRules: [{ id: "p", period: "fortnight", shiftsWorkedMax: 1 }] },
          [onDay("a", 0, "06:00", "10:00"), onDay("b", 2, "06:00", "10:00"), onDay("c", 3, "06:00", "10:00")],
          { scheduleParameterization: { periods: [{ id: "fortnight", dateSpans: [{ start: "2027-02-01", end: "2027-02-03" }, { start: "2027-02-04", end: "2027-02-10" }] }] } },
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "weekStart SUNDAY: Sun 7 Feb and Mon 8 Feb share a week, max 1 -> 1",
        input: ann({ periodRules: [{ id: "w", period: "WEEK", shiftsWorkedMax: 1 }] }, [onDay("a", 6, "06:00", "10:00"), onDay("b", 7, "06:00", "10:00")], { scheduleParameterization: { weekStart: "SUNDAY" } }),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  20: {
    name: "Shifts worked per period not in preferred range for employee",
    cases: [
      {
        title: "SCHEDULE min 3: one shift -> 2",
        input: ann({ periodRules: [{ id: "s", period: "SCHEDULE", satisfiability: "PREFERRED", shiftsWorkedMin: 3 }] }, [onDay("a", 0, "06:00", "10:00")]),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  21: {
    name: "Days worked per period not in required range for employee",
    cases: [
      {
        title: "WEEK max 2: Mon, Tue, Wed (twice) -> 3 days, 1 over",
        input: ann({ periodRules: [{ id: "w", period: "WEEK", daysWorkedMax: 2 }] }, [onDay("a", 0, "06:00", "10:00"), onDay("b", 1, "06:00", "10:00"), onDay("c", 2, "06:00", "10:00"), onDay("d", 2, "14:00", "18:00")]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  22: {
    name: "Days worked per period not in preferred range for employee",
    cases: [
      {
        title: "SCHEDULE min 3 in a one-week window: one day worked -> 2",
        input: ann({ periodRules: [{ id: "s", period: "SCHEDULE", satisfiability: "PREFERRED", daysWorkedMin: 3 }] }, [onDay("a", 2, "06:00", "10:00")], window(0, 7)),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  23: {
    name: "Days off per period not in required range for employee",
    cases: [
      {
        title: "WEEK daysOffMin 2: six of seven days worked -> 1",
        input: ann({ periodRules: [{ id: "off", period: "WEEK", daysOffLimit: { daysOffMin: 2 } }] }, [0, 1, 2, 3, 4, 5].map((d) => onDay(`s${d}`, d, "08:00", "12:00")), window(0, 7)),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "includeDays SATURDAY, SUNDAY, daysOffMin 2: a Saturday shift leaves 1 -> 1",
        input: ann({ periodRules: [{ id: "off", period: "WEEK", daysOffLimit: { daysOffMin: 2, includeDays: ["SATURDAY", "SUNDAY"] } }] }, [onDay("sat", 5, "08:00", "12:00"), onDay("mon", 0, "08:00", "12:00")], window(0, 7)),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  24: {
    name: "Days off per period not in preferred range for employee",
    cases: [
      {
        title: "SCHEDULE daysOffMax 3 in a 7-day window with 2 days worked: 5 off -> 2",
        input: ann({ periodRules: [{ id: "off", period: "SCHEDULE", satisfiability: "PREFERRED", daysOffLimit: { daysOffMax: 3 } }] }, [onDay("a", 0, "08:00", "12:00"), onDay("b", 3, "08:00", "12:00")], window(0, 7)),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  25: {
    name: "Weekends worked per period not in required range for employee",
    cases: [
      {
        title: "time zones: Friday 23:30 UTC is Saturday in Brussels (a weekend worked), Friday for an employee without zone",
        input: {
          contracts: [{ id: "c", periodRules: [{ id: "we", period: "SCHEDULE", weekendsLimit: { weekendsWorkedMax: 0 } }] }],
          employees: [{ id: "ann", contracts: ["c"], timeZoneId: "Europe/Brussels" }, { id: "bob", contracts: ["c"] }],
          shifts: [onDay("a", 4, "23:30", "03:30"), onDay("b", 4, "23:30", "03:30", { employee: "bob" })],
        },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "weekendConfiguration FRIDAY-SATURDAY: a Friday shift is a weekend worked",
        input: ann({ weekendConfiguration: { weekendDays: ["FRIDAY", "SATURDAY"] }, periodRules: [{ id: "we", period: "SCHEDULE", weekendsLimit: { weekendsWorkedMax: 0 } }] }, [onDay("fri", 4, "08:00", "12:00"), onDay("sun", 6, "08:00", "12:00")]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  26: {
    name: "Weekends worked per period not in preferred range for employee",
    cases: [
      {
        title: "MONTH max 1: Saturday 6 and Sunday 14 -> 2 weekends, 1 over",
        input: ann({ periodRules: [{ id: "we", period: "MONTH", satisfiability: "PREFERRED", weekendsLimit: { weekendsWorkedMax: 1 } }] }, [onDay("a", 5, "08:00", "12:00"), onDay("b", 13, "08:00", "12:00")]),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  27: {
    name: "Weekend minutes worked per period not in required range for employee",
    cases: [
      {
        title: "weekendsLimit.unloggedBreakTags [lunch]: Saturday 08:00-12:00 with a paid break 10:00-10:30 counts 240 -> 180 (by default 210 -> 150)",
        input: ann(
          { periodRules: [{ id: "we", period: "WEEK", weekendsLimit: { weekendMinutesWorkedMax: 60, unloggedBreakTags: ["lunch"] } }] },
          [onDay("sat", 5, "08:00", "12:00", { breaks: [{ start: "2027-02-06T10:00:00Z", end: "2027-02-06T10:30:00Z", tags: ["paid"] }] })],
        ),
        score: "-180hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "max 60: Friday 22:00 - Saturday 04:00 has 240 weekend minutes -> 180",
        input: ann({ periodRules: [{ id: "we", period: "WEEK", weekendsLimit: { weekendMinutesWorkedMax: 60 } }] }, [onDay("n", 4, "22:00", "04:00")]),
        score: "-180hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  28: {
    name: "Weekend minutes worked per period not in preferred range for employee",
    cases: [
      {
        title: "max 0: a 2-hour Sunday shift -> 120",
        input: ann({ periodRules: [{ id: "we", period: "WEEK", satisfiability: "PREFERRED", weekendsLimit: { weekendMinutesWorkedMax: 0 } }] }, [onDay("s", 6, "10:00", "12:00")]),
        score: "0hard/0medium/-120soft",
        matches: 1,
      },
    ],
  },
  29: {
    name: "Consecutive weekends worked per period not in required range for employee",
    cases: [
      {
        title: "max 1: three weekends in a row -> 2",
        input: ann({ periodRules: [{ id: "cw", period: "SCHEDULE", consecutiveWeekendsLimit: { consecutiveWeekendsWorkedMax: 1 } }] }, [onDay("a", 5, "08:00", "12:00"), onDay("b", 12, "08:00", "12:00"), onDay("c", 20, "08:00", "12:00")], window(0, 21)),
        score: "-2hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  30: {
    name: "Consecutive weekends worked per period not in preferred range for employee",
    cases: [
      {
        title: "max 2: three weekends in a row -> 1",
        input: ann({ periodRules: [{ id: "cw", period: "SCHEDULE", satisfiability: "PREFERRED", consecutiveWeekendsLimit: { consecutiveWeekendsWorkedMax: 2 } }] }, [onDay("a", 5, "08:00", "12:00"), onDay("b", 12, "08:00", "12:00"), onDay("c", 20, "08:00", "12:00")], window(0, 21)),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  31: {
    name: "Consecutive weekends off per period not in required range for employee",
    cases: [
      {
        title: "min 2 over three weekends, the middle one worked: longest stretch off 1 -> 1",
        input: ann({ periodRules: [{ id: "off", period: "SCHEDULE", consecutiveWeekendsOffLimit: { consecutiveWeekendsOffMin: 2 } }] }, [onDay("a", 12, "08:00", "12:00")], window(0, 21)),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  32: {
    name: "Consecutive weekends off per period not in preferred range for employee",
    cases: [
      {
        title: "min 3 over three weekends, the middle one worked -> 2",
        input: ann({ periodRules: [{ id: "off", period: "SCHEDULE", satisfiability: "PREFERRED", consecutiveWeekendsOffLimit: { consecutiveWeekendsOffMin: 3 } }] }, [onDay("a", 12, "08:00", "12:00")], window(0, 21)),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  33: {
    name: "Minutes between shifts not in required range for employee",
    cases: [
      {
        title: "min 600: 06-14 then 20-24 (360) then 06:00 next day (360): 240 + 240",
        input: ann({ minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 600 }] }, [onDay("a", 0, "06:00", "14:00"), onDay("b", 0, "20:00", "00:00"), onDay("c", 1, "06:00", "10:00")]),
        score: "-480hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "includePreviousShiftTags night: only the rest after the night shift counts",
        input: ann({ minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 600, includePreviousShiftTags: ["night"] }] }, [onDay("a", 0, "06:00", "14:00"), onDay("b", 0, "20:00", "00:00", { tags: ["night"] }), onDay("c", 1, "06:00", "10:00")]),
        score: "-240hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "minConsecutivePreviousShifts 2 (deprecated minimumConsecutivePriorShifts): only after two tagged shifts in a row",
        input: ann(
          { minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 1440, requiredPriorShiftTags: ["night"], minimumConsecutivePriorShifts: 2 }] },
          [onDay("n1", 0, "22:00", "06:00", { tags: ["night"] }), onDay("d1", 1, "14:00", "18:00"), onDay("n2", 2, "22:00", "06:00", { tags: ["night"] }), onDay("n3", 3, "22:00", "06:00", { tags: ["night"] }), onDay("d2", 5, "00:00", "04:00")],
        ),
        // n3 ends 5 Feb 06:00, d2 starts 6 Feb 00:00: 1080 minutes after two nights -> 360. After n1 (one night) and
        // n2 (after a day shift) nothing; n2 -> n3 is 960 minutes but n2's predecessor d1 is not a night.
        score: "-360hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "max 120 (each shift and its next): 06-08, 09-10 (60), 14-16 (240 -> 120), 08:00 next day (960 -> 840)",
        input: ann({ minutesBetweenShiftsRules: [{ id: "split", maximumMinutesBetweenShifts: 120 }] }, [onDay("a", 0, "06:00", "08:00"), onDay("b", 0, "09:00", "10:00"), onDay("c", 0, "14:00", "16:00"), onDay("d", 1, "08:00", "10:00")]),
        score: "-960hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "max 120 with scope PT8H: the 960-minute rest to the next day is out of scope -> 120",
        input: ann({ minutesBetweenShiftsRules: [{ id: "split", maximumMinutesBetweenShifts: 120, scope: { duration: "PT8H" } }] }, [onDay("a", 0, "06:00", "08:00"), onDay("b", 0, "09:00", "10:00"), onDay("c", 0, "14:00", "16:00"), onDay("d", 1, "08:00", "10:00")]),
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "min 600 with scope PT5H: the 360-minute rest is out of scope, the 240-minute one counts -> 360",
        input: ann({ minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 600, scope: { duration: "PT5H" } }] }, [onDay("a", 0, "06:00", "08:00"), onDay("b", 0, "14:00", "16:00"), onDay("c", 0, "20:00", "22:00")]),
        score: "-360hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "ABSENCE_AWARE min 600: 14:00 to 06:00 is 960 minutes, 480 of them unavailable (20:00-04:00) -> 480 count, 120 missing",
        input: ann(
          { minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 600, absenceMode: "ABSENCE_AWARE" }] },
          [onDay("a", 0, "06:00", "14:00"), onDay("b", 1, "06:00", "10:00")],
          {},
          { unavailableTimeSpans: [{ start: "2027-02-01T20:00:00Z", end: "2027-02-02T04:00:00Z" }] },
        ),
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "ABSENCE_AWARE max 300 with a tag-filtered absence (not counted) and an unfiltered one of 120 minutes: 480 - 120 -> 60",
        input: ann(
          { minutesBetweenShiftsRules: [{ id: "max", maximumMinutesBetweenShifts: 300, absenceMode: "ABSENCE_AWARE" }] },
          [onDay("a", 0, "06:00", "08:00"), onDay("b", 0, "16:00", "18:00")],
          {},
          {
            unavailableTimeSpans: [
              { start: "2027-02-01T09:00:00Z", end: "2027-02-01T11:00:00Z" },
              { start: "2027-02-01T12:00:00Z", end: "2027-02-01T14:00:00Z", includeShiftTags: ["x"] },
            ],
          },
        ),
        score: "-60hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  34: {
    name: "Minutes between shifts not in preferred range for employee",
    cases: [
      {
        title: "min 660: 08-16 then 22-23 -> 300",
        input: ann({ minutesBetweenShiftsRules: [{ id: "rest", satisfiability: "PREFERRED", minimumMinutesBetweenShifts: 660 }] }, [onDay("a", 0, "08:00", "16:00"), onDay("b", 0, "22:00", "23:00")]),
        score: "0hard/0medium/-300soft",
        matches: 1,
      },
    ],
  },
  35: {
    name: "Consecutive days worked not in required range for employee",
    cases: [
      {
        title: "max 2: Mon, Tue, Wed, then Fri -> 1",
        input: ann({ consecutiveDaysWorkedRules: [{ id: "cdw", maximum: 2 }] }, [0, 1, 2, 4].map((d) => onDay(`s${d}`, d, "08:00", "12:00"))),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "night shifts count on their start day only: three nights in a row with max 2 -> 1",
        input: ann({ consecutiveDaysWorkedRules: [{ id: "cdw", maximum: 2 }] }, [0, 1, 2].map((d) => onDay(`n${d}`, d, "22:00", "06:00"))),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "shiftTypeTagCategories [day, night], max 2: day 0-2 (3 -> 1), night 3-4 (2), day 5, an untagged shift on day 6 -> 1",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "cdw", maximum: 2, shiftTypeTagCategories: ["day", "night"] }] },
          [
            ...[0, 1, 2, 5].map((d) => onDay(`d${d}`, d, "08:00", "12:00", { tags: ["day"] })),
            ...[3, 4].map((d) => onDay(`n${d}`, d, "22:00", "06:00", { tags: ["night"] })),
            onDay("x6", 6, "08:00", "12:00"),
          ],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "shiftTypeTagCategories [day, night], max 1: a day shift and a night shift on each of days 0 and 1 -> a run of 2 per category: 2",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "cdw", maximum: 1, shiftTypeTagCategories: ["day", "night"] }] },
          [0, 1].flatMap((d) => [onDay(`d${d}`, d, "06:00", "10:00", { tags: ["day"] }), onDay(`n${d}`, d, "22:00", "02:00", { tags: ["night"] })]),
        ),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "ABSENCE_AWARE max 3: work days 0, 1, unavailable all of days 2-3, work days 4, 5 -> one run of 4 worked days: 1 (unaware: 0)",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "cdw", maximum: 3, absenceMode: "ABSENCE_AWARE" }] },
          [0, 1, 4, 5].map((d) => onDay(`s${d}`, d, "08:00", "12:00")),
          {},
          { unavailableTimeSpans: [{ start: "2027-02-03T00:00:00Z", end: "2027-02-05T00:00:00Z" }] },
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "ABSENCE_AWARE max 3: day 3 is unavailable only until 20:00, so it breaks the run -> 0",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "cdw", maximum: 3, absenceMode: "ABSENCE_AWARE" }] },
          [0, 1, 4, 5].map((d) => onDay(`s${d}`, d, "08:00", "12:00")),
          {},
          { unavailableTimeSpans: [{ start: "2027-02-03T00:00:00Z", end: "2027-02-04T20:00:00Z" }] },
        ),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
    ],
  },
  36: {
    name: "Consecutive days worked not in preferred range for employee",
    cases: [
      {
        title: "min 3 in a 14-day window: Wed-Thu (2) -> 1; the run on the window's first day is exempt",
        input: ann({ consecutiveDaysWorkedRules: [{ id: "cdw", satisfiability: "PREFERRED", minimum: 3 }] }, [0, 2, 3].map((d) => onDay(`s${d}`, d, "08:00", "12:00")), window(0, 14)),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  37: {
    name: "Consecutive shifts worked not in required range for employee",
    cases: [
      {
        title: "max 2, default sequence (starts within 36 hours): Mon, Tue, Wed at 08:00 then Fri -> 1",
        input: ann({ consecutiveShiftsWorkedRules: [{ id: "csw", maximum: 2 }] }, [0, 1, 2, 4].map((d) => onDay(`s${d}`, d, "08:00", "12:00"))),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  38: {
    name: "Consecutive shifts worked not in preferred range for employee",
    cases: [
      {
        title: "max 1, end to next start within 600: split shift 06-10 + 14-18 is one sequence -> 1; condition on night tags skips bob",
        input: {
          contracts: [
            { id: "c", consecutiveShiftsWorkedRules: [{ id: "csw", satisfiability: "PREFERRED", maximum: 1, sequenceDefinition: { type: "MAX_MINUTES_BETWEEN_SHIFT_END_AND_NEXT_START", triggerLimit: 600 } }] },
            { id: "n", consecutiveShiftsWorkedRules: [{ id: "csw-n", satisfiability: "PREFERRED", maximum: 1, condition: { type: "MIN_SHIFTS_WORKED", triggerLimit: 1, includeShiftTags: ["night"] } }] },
          ],
          employees: [{ id: "ann", contracts: ["c"] }, { id: "bob", contracts: ["n"] }],
          shifts: [onDay("a", 0, "06:00", "10:00"), onDay("b", 0, "14:00", "18:00"), onDay("c", 1, "06:00", "10:00"), onDay("d", 0, "08:00", "12:00", { employee: "bob" }), onDay("e", 1, "08:00", "12:00", { employee: "bob" })],
        },
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  39: {
    name: "Time off after consecutive shifts worked not in required range for employee",
    cases: [
      {
        title: "PT48H after a sequence: Mon and Tue 08-16, then Thu 08:00 (40 hours) -> 480",
        input: ann({ consecutiveShiftsWorkedRules: [{ id: "csw", timeOffAfterSequenceLimit: { minTimeOffAfterSequence: "PT48H" } }] }, [0, 1, 3].map((d) => onDay(`s${d}`, d, "08:00", "16:00"))),
        score: "-480hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  40: {
    name: "Time off after consecutive shifts worked not in preferred range for employee",
    cases: [
      {
        title: "the same, PREFERRED -> 480 soft",
        input: ann({ consecutiveShiftsWorkedRules: [{ id: "csw", satisfiability: "PREFERRED", timeOffAfterSequenceLimit: { minTimeOffAfterSequence: "PT48H" } }] }, [0, 1, 3].map((d) => onDay(`s${d}`, d, "08:00", "16:00"))),
        score: "0hard/0medium/-480soft",
        matches: 1,
      },
    ],
  },
  41: {
    name: "Minimize gaps between shifts for employee",
    cases: [
      {
        title: "split shift 08-12 + 13-17 (gap 60) costs 60; a 180-minute gap is beyond the default 120",
        input: ann({ minimizeGapsBetweenShiftsRules: [{ id: "gaps" }] }, [onDay("a", 0, "08:00", "12:00"), onDay("b", 0, "13:00", "17:00"), onDay("c", 1, "08:00", "12:00"), onDay("d", 1, "15:00", "17:00")]),
        score: "0hard/0medium/-60soft",
        matches: 1,
      },
    ],
  },
  42: {
    name: "Minutes worked in rolling window not in required range for employee",
    cases: [
      {
        title: "1 DAILY, countOnlyBetween 08:00-12:00, unloggedBreakTags [lunch]: 240 of 480 minutes inside, scaled by 450 worked: 225 - 100 = 125",
        input: ann(
          { rollingWindowRules: [{ id: "r", rollingWindow: { type: "DAILY", size: 1 }, minutesWorkedLimit: { minutesWorkedMax: 100, countOnlyBetween: { start: "08:00", end: "12:00" }, unloggedBreakTags: ["lunch"] } }] },
          [breakShift],
        ),
        score: "-125hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "12 HOURLY, max 480: 06-10, 11-15 and 16-19 all start in the window from 06:00 -> 660 - 480 = 180; the windows from 11:00 and 16:00 hold 420 and 180",
        input: ann(
          { rollingWindowRules: [{ id: "h", rollingWindow: { type: "HOURLY", size: 12 }, minutesWorkedLimit: { minutesWorkedMax: 480 } }] },
          [onDay("a", 0, "06:00", "10:00"), onDay("b", 0, "11:00", "15:00"), onDay("c", 0, "16:00", "19:00")],
        ),
        score: "-180hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "12 HOURLY START_AND_END, max 480: the window 06:00-18:00 holds 240 + 240 + 120 of 16-19 -> 120",
        input: ann(
          { rollingWindowRules: [{ id: "h", rollingWindow: { type: "HOURLY", size: 12 }, periodShiftOverlapKind: "START_AND_END", minutesWorkedLimit: { minutesWorkedMax: 480 } }] },
          [onDay("a", 0, "06:00", "10:00"), onDay("b", 0, "11:00", "15:00"), onDay("c", 0, "16:00", "19:00")],
        ),
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "WEEKLY size 1, max 600: Mon and Tue 8 hours; the window from Monday holds 960 -> 360",
        input: ann({ rollingWindowRules: [{ id: "rw", rollingWindow: { type: "WEEKLY", size: 1 }, minutesWorkedLimit: { minutesWorkedMax: 600 } }] }, [onDay("a", 0, "08:00", "16:00"), onDay("b", 1, "08:00", "16:00")]),
        score: "-360hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "ABSENCE_AWARE: max 2400 scaled by 5 available days of 7 = 1714; 1920 minutes -> 206",
        input: ann(
          { rollingWindowRules: [{ id: "rw", rollingWindow: { type: "WEEKLY", size: 1 }, absenceMode: "ABSENCE_AWARE", minutesWorkedLimit: { minutesWorkedMax: 2400 } }] },
          [0, 1, 4, 5].map((d) => onDay(`s${d}`, d, "08:00", "16:00")),
          {},
          { unavailableTimeSpans: [{ start: "2027-02-03T00:00:00Z", end: "2027-02-05T00:00:00Z" }] },
        ),
        score: "-206hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  43: {
    name: "Minutes worked in rolling window not in preferred range for employee",
    cases: [
      {
        title: "DAILY size 1, max 300: an 8-hour shift -> 180",
        input: ann({ rollingWindowRules: [{ id: "rw", rollingWindow: { type: "DAILY", size: 1 }, satisfiability: "PREFERRED", minutesWorkedLimit: { minutesWorkedMax: 300 } }] }, [onDay("a", 0, "08:00", "16:00")]),
        score: "0hard/0medium/-180soft",
        matches: 1,
      },
    ],
  },
  44: {
    name: "Shifts worked in rolling window not in required range for employee",
    cases: [
      {
        title: "24 HOURLY, max 1: 20:00 on day 0 and 08:00 on day 1 share the window from 20:00 -> 1 (per calendar day each is alone)",
        input: ann(
          { rollingWindowRules: [{ id: "h", rollingWindow: { type: "HOURLY", size: 24 }, shiftsWorkedLimit: { shiftsWorkedMax: 1 } }] },
          [onDay("a", 0, "20:00", "23:00"), onDay("b", 1, "08:00", "10:00"), onDay("c", 2, "12:00", "13:00")],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "DAILY size 2, max 1: Mon and Tue -> 1; Thu alone is fine",
        input: ann({ rollingWindowRules: [{ id: "rw", rollingWindow: { type: "DAILY", size: 2 }, shiftsWorkedLimit: { shiftsWorkedMax: 1 } }] }, [0, 1, 3].map((d) => onDay(`s${d}`, d, "08:00", "10:00"))),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  45: {
    name: "Shifts worked in rolling window not in preferred range for employee",
    cases: [
      {
        title: "condition MIN_SHIFTS_WORKED 1 night: only bob's window (with a night shift) is checked, 3 shifts, max 2 -> 1",
        input: {
          contracts: [{ id: "c", rollingWindowRules: [{ id: "rw", rollingWindow: { type: "WEEKLY", size: 1 }, satisfiability: "PREFERRED", condition: { type: "MIN_SHIFTS_WORKED", triggerLimit: 1, includeShiftTags: ["night"] }, shiftsWorkedLimit: { shiftsWorkedMax: 2 } }] }],
          employees: [{ id: "ann", contracts: ["c"] }, { id: "bob", contracts: ["c"] }],
          shifts: [
            ...[0, 1, 2].map((d) => onDay(`a${d}`, d, "08:00", "10:00")),
            ...[0, 1].map((d) => onDay(`b${d}`, d, "08:00", "10:00", { employee: "bob" })),
            onDay("bn", 2, "22:00", "02:00", { employee: "bob", tags: ["night"] }),
          ],
        },
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  46: {
    name: "Days worked in rolling window not in required range for employee",
    cases: [
      {
        title: "WEEKLY size 1, max 2: Mon, Tue, Wed (twice) -> 1",
        input: ann({ rollingWindowRules: [{ id: "rw", rollingWindow: { type: "WEEKLY", size: 1 }, daysWorkedLimit: { daysWorkedMax: 2 } }] }, [onDay("a", 0, "08:00", "10:00"), onDay("b", 1, "08:00", "10:00"), onDay("c", 2, "08:00", "10:00"), onDay("d", 2, "12:00", "14:00")]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  47: {
    name: "Days worked in rolling window not in preferred range for employee",
    cases: [
      {
        title: "MONTHLY size 1, max 1: 1 and 20 February -> 1 (the window from the 20th holds one)",
        input: ann({ rollingWindowRules: [{ id: "rw", rollingWindow: { type: "MONTHLY", size: 1 }, satisfiability: "PREFERRED", daysWorkedLimit: { daysWorkedMax: 1 } }] }, [onDay("a", 0, "08:00", "10:00"), onDay("b", 19, "08:00", "10:00")]),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  48: {
    name: "Weekends worked in rolling window not in required range for employee",
    cases: [
      {
        title: "WEEKLY size 2, max 1: Saturdays 6 and 13 -> 1",
        input: ann({ rollingWindowRules: [{ id: "rw", rollingWindow: { type: "WEEKLY", size: 2 }, weekendsLimit: { weekendsWorkedMax: 1 } }] }, [onDay("a", 5, "08:00", "10:00"), onDay("b", 12, "08:00", "10:00")]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  49: {
    name: "Weekends worked in rolling window not in preferred range for employee",
    cases: [
      {
        title: "weekendsWorkedMin 1 per 7 days in a 14-day window, no weekend worked: the 8 windows inside it -> 8",
        input: ann({ rollingWindowRules: [{ id: "rw", rollingWindow: { type: "WEEKLY", size: 1 }, satisfiability: "PREFERRED", weekendsLimit: { weekendsWorkedMin: 1 } }] }, [onDay("a", 0, "08:00", "10:00")], window(0, 14)),
        score: "0hard/0medium/-8soft",
        matches: 8,
      },
    ],
  },
  50: {
    name: "Consecutive minutes off in rolling window not in required range for employee",
    cases: [
      {
        title: "24 HOURLY, 660 minutes off in a row, a one-day schedule (one window): shifts 02-10 and 16-22 leave at most 360 -> 300",
        input: ann(
          { rollingWindowRules: [{ id: "h", rollingWindow: { type: "HOURLY", size: 24 }, consecutiveMinutesOffLimit: { consecutiveMinutesOffMin: 660 } }] },
          [onDay("a", 0, "02:00", "10:00"), onDay("b", 0, "16:00", "22:00")],
          window(0, 1),
        ),
        score: "-300hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "DAILY size 1, 720 minutes off: 06-14 and 16-20 leave at most 360 -> 360; the free next day is fine",
        input: ann({ rollingWindowRules: [{ id: "rw", rollingWindow: { type: "DAILY", size: 1 }, consecutiveMinutesOffLimit: { consecutiveMinutesOffMin: 720 } }] }, [onDay("a", 0, "06:00", "14:00"), onDay("b", 0, "16:00", "20:00")], window(0, 2)),
        score: "-360hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  51: {
    name: "Consecutive minutes off in rolling window not in preferred range for employee",
    cases: [
      {
        title: "intervals 2 x 480 and a total of 1300: 08-12 leaves 480 and 720 (1200) -> 100",
        input: ann(
          { rollingWindowRules: [{ id: "rw", rollingWindow: { type: "DAILY", size: 1 }, satisfiability: "PREFERRED", consecutiveMinutesOffLimit: { consecutiveMinutesOffMinIntervals: [{ consecutiveMinutesOffMin: 480, count: 2 }], totalConsecutiveMinutesOffMin: 1300 } }] },
          [onDay("a", 0, "08:00", "12:00")],
          window(0, 1),
        ),
        score: "0hard/0medium/-100soft",
        matches: 1,
      },
    ],
  },
  52: {
    name: "Minimize outgoing disruption for employee",
    cases: [
      {
        title: "ann's shift a (weight 3) moves to bob, b stays; c leaves ann for nobody: 3 + 3",
        input: {
          contracts: [{ id: "c", disruptionRules: [{ id: "d", satisfiability: "PREFERRED", disruptionWeight: 3 }] }],
          employees: [{ id: "ann", contracts: ["c"] }, { id: "bob" }],
          shifts: [onDay("a", 0, "08:00", "12:00"), onDay("b", 1, "08:00", "12:00"), onDay("c", 2, "08:00", "12:00", { priority: "10" })],
        },
        assignment: [1, 0, -1],
        score: "0hard/0medium/-6soft",
        matches: 2,
        total: "0hard/-1medium/-6soft",
      },
    ],
  },
  53: {
    name: "Minimize incoming disruption for employee",
    cases: [
      {
        title: "bob (rule on 'ward' shifts, weight 2) receives ann's ward shift and her other one: 2",
        input: {
          contracts: [{ id: "c", disruptionRules: [{ id: "d", satisfiability: "PREFERRED", disruptionWeight: 2, includeShiftTags: ["ward"] }] }],
          employees: [{ id: "ann" }, { id: "bob", contracts: ["c"] }],
          shifts: [onDay("a", 0, "08:00", "12:00", { tags: ["ward"] }), onDay("b", 1, "08:00", "12:00")],
        },
        assignment: [1, 1],
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  55: {
    name: "Required scoped disruption for employee",
    cases: [
      {
        title: "START_AND_END 60/60: ann loses a for b (30 min off: covered), c for d (6 h later: not), e to nobody: 2 shifts, 1 match",
        input: {
          contracts: [{ id: "c", disruptionRules: [{ id: "d", satisfiability: "REQUIRED", scope: { scopeType: "START_AND_END", startScopeInMinutes: 60, endScopeInMinutes: 60 } }] }],
          employees: [{ id: "ann", contracts: ["c"] }, { id: "bob" }],
          shifts: [
            onDay("a", 0, "08:00", "12:00"), onDay("b", 0, "08:30", "12:30", { employee: "bob" }),
            onDay("c", 1, "08:00", "12:00"), onDay("d", 1, "14:00", "18:00", { employee: "bob" }), onDay("e", 2, "08:00", "12:00"),
          ],
        },
        assignment: [1, 0, 1, 0, -1],
        score: "-2hard/0medium/0soft",
        matches: 1,
        total: "-2hard/-10medium/0soft",
      },
      {
        title: "OVERLAP: ann's 8-hour shift replaced by one of 8 hours overlapping all of it but 1 minute: 1",
        input: {
          contracts: [{ id: "c", disruptionRules: [{ id: "d", satisfiability: "REQUIRED", scope: { scopeType: "OVERLAP" } }] }],
          employees: [{ id: "ann", contracts: ["c"] }, { id: "bob" }],
          shifts: [onDay("a", 0, "08:00", "16:00"), onDay("b", 0, "08:01", "16:01", { employee: "bob" })],
        },
        assignment: [1, 0],
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  74: {
    name: "Employee does not work required multi-day shift sequence pattern",
    cases: [
      {
        title: "REQUIRED [night, night], weight 3, days 0-6: nights on days 0, 1, 4; the runs started on days 1 and 4 stop -> 2 x 3",
        input: ann(
          { multiDayShiftSequencePatternRules: [{ id: "nn", weight: 3, pattern: [{ includeShiftTags: ["night"] }, { includeShiftTags: ["night"] }] }] },
          [0, 1, 4].map((d) => onDay(`n${d}`, d, "22:00", "06:00", { tags: ["night"] })),
          window(0, 7),
        ),
        score: "-6hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "REQUIRED [night, night]: a night on the window's last day may continue after it -> 0",
        input: ann(
          { multiDayShiftSequencePatternRules: [{ id: "nn", pattern: [{ includeShiftTags: ["night"] }, { includeShiftTags: ["night"] }] }] },
          [onDay("n", 6, "22:00", "06:00", { tags: ["night"] })],
          window(0, 7),
        ),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
    ],
  },
  75: {
    name: "Employee works prohibited multi-day shift sequence pattern",
    cases: [
      {
        title: "PROHIBITED [ON, OFF, ON] (two days off between blocks): work on days 0, 2, 3, 5 -> matches from days 0 and 3",
        input: ann(
          { multiDayShiftSequencePatternRules: [{ id: "gap", satisfiability: "PROHIBITED", pattern: [{ type: "ON" }, { type: "OFF" }, { type: "ON" }] }] },
          [0, 2, 3, 5].map((d) => onDay(`s${d}`, d, "08:00", "16:00")),
          window(0, 7),
        ),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "PROHIBITED [ON early], shiftMatches ALL: day 1 also has a late shift, so only day 0 matches",
        input: ann(
          { multiDayShiftSequencePatternRules: [{ id: "e", satisfiability: "PROHIBITED", pattern: [{ includeShiftTags: ["early"] }] }] },
          [onDay("e0", 0, "06:00", "10:00", { tags: ["early"] }), onDay("e1", 1, "06:00", "10:00", { tags: ["early"] }), onDay("l1", 1, "14:00", "18:00"), onDay("l2", 2, "14:00", "18:00")],
          window(0, 7),
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "PROHIBITED [ON early], shiftMatches ANY: days 0 and 1 match",
        input: ann(
          { multiDayShiftSequencePatternRules: [{ id: "e", satisfiability: "PROHIBITED", pattern: [{ includeShiftTags: ["early"], shiftMatches: "ANY" }] }] },
          [onDay("e0", 0, "06:00", "10:00", { tags: ["early"] }), onDay("e1", 1, "06:00", "10:00", { tags: ["early"] }), onDay("l1", 1, "14:00", "18:00"), onDay("l2", 2, "14:00", "18:00")],
          window(0, 7),
        ),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "PROHIBITED [ON, ON] in America/New_York: shifts at 14:00Z and 02:00Z next day are both on 1 February local, so only 1-2 February matches (by UTC days: 2)",
        input: ann(
          { multiDayShiftSequencePatternRules: [{ id: "two", satisfiability: "PROHIBITED", pattern: [{}, {}] }] },
          [
            { id: "a", start: "2027-02-01T14:00:00Z", end: "2027-02-01T18:00:00Z", employee: "ann" },
            { id: "b", start: "2027-02-02T02:00:00Z", end: "2027-02-02T04:00:00Z", employee: "ann" },
            { id: "c", start: "2027-02-03T03:00:00Z", end: "2027-02-03T05:00:00Z", employee: "ann" },
          ],
          {},
          { timeZoneId: "America/New_York" },
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  76: {
    name: "Employee works preferred multi-day shift sequence pattern",
    cases: [
      {
        title: "PREFERRED [ON, ON, OFF, OFF], weight 2 (a reward), days 0-6: work on 0, 1, 4, 5; the block from day 4 would need day 7 -> +2",
        input: ann(
          { multiDayShiftSequencePatternRules: [{ id: "2on2off", satisfiability: "PREFERRED", weight: 2, pattern: [{ type: "ON" }, { type: "ON" }, { type: "OFF" }, { type: "OFF" }] }] },
          [0, 1, 4, 5].map((d) => onDay(`s${d}`, d, "08:00", "16:00")),
          window(0, 7),
        ),
        score: "0hard/0medium/2soft",
        matches: 1,
      },
    ],
  },
  77: {
    name: "Employee works unpreferred multi-day shift sequence pattern",
    cases: [
      {
        title: "UNPREFERRED [ON night, ON not night, OFF night]: night 0, day 1, day shift 2 (no night) matches; night 3 then night 4 does not",
        input: ann(
          {
            multiDayShiftSequencePatternRules: [{
              id: "nd", satisfiability: "UNPREFERRED",
              pattern: [{ includeShiftTags: ["night"] }, { excludeShiftTags: ["night"] }, { type: "OFF", includeShiftTags: ["night"] }],
            }],
          },
          [
            onDay("n0", 0, "22:00", "06:00", { tags: ["night"] }), onDay("d1", 1, "08:00", "16:00"), onDay("d2", 2, "08:00", "16:00"),
            onDay("n3", 3, "22:00", "06:00", { tags: ["night"] }), onDay("n4", 4, "22:00", "06:00", { tags: ["night"] }),
          ],
          window(0, 7),
        ),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  [SINGLE_DAY_PATTERN_CONSTRAINT]: {
    name: "Employee does not work required single day shift sequence pattern",
    cases: [
      {
        title: "REQUIRED [early, morning] weight 2: day 0 early then morning (complete), day 1 early alone, day 2 morning alone (not started), day 3 morning then early (early not followed by morning) -> days 1 and 3: 2 x 2",
        input: ann(
          { singleDayShiftSequencePatternRules: [{ id: "em", weight: 2, pattern: [{ includeShiftTags: ["early"] }, { includeShiftTags: ["morning"] }] }] },
          [
            onDay("e0", 0, "06:00", "08:00", { tags: ["early"] }), onDay("m0", 0, "09:00", "12:00", { tags: ["morning"] }),
            onDay("e1", 1, "06:00", "08:00", { tags: ["early"] }),
            onDay("m2", 2, "09:00", "12:00", { tags: ["morning"] }),
            onDay("m3", 3, "05:00", "06:00", { tags: ["morning"] }), onDay("e3", 3, "06:00", "08:00", { tags: ["early"] }),
          ],
          window(0, 7),
        ),
        score: "-4hard/0medium/0soft",
        matches: 2,
      },
    ],
  },
  [SINGLE_DAY_PATTERN_CONSTRAINT + 1]: {
    name: "Employee works prohibited single day shift sequence pattern",
    cases: [
      {
        title: "PROHIBITED [early, late] ordered: day 0 early, an untagged shift, late (a match); day 1 late then early (wrong order) -> 1",
        input: ann(
          { singleDayShiftSequencePatternRules: [{ id: "el", satisfiability: "PROHIBITED", pattern: [{ includeShiftTags: ["early"] }, { includeShiftTags: ["late"] }] }] },
          [
            onDay("e0", 0, "06:00", "08:00", { tags: ["early"] }), onDay("x0", 0, "10:00", "12:00"), onDay("l0", 0, "18:00", "22:00", { tags: ["late"] }),
            onDay("l1", 1, "06:00", "08:00", { tags: ["late"] }), onDay("e1", 1, "14:00", "16:00", { tags: ["early"] }),
          ],
          window(0, 7),
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "PROHIBITED [early, late] with ordered false: both days match -> 2",
        input: ann(
          { singleDayShiftSequencePatternRules: [{ id: "el", satisfiability: "PROHIBITED", ordered: false, pattern: [{ includeShiftTags: ["early"] }, { includeShiftTags: ["late"] }] }] },
          [
            onDay("e0", 0, "06:00", "08:00", { tags: ["early"] }), onDay("x0", 0, "10:00", "12:00"), onDay("l0", 0, "18:00", "22:00", { tags: ["late"] }),
            onDay("l1", 1, "06:00", "08:00", { tags: ["late"] }), onDay("e1", 1, "14:00", "16:00", { tags: ["early"] }),
          ],
          window(0, 7),
        ),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "PROHIBITED unordered [early, early or late (ANY)]: day 0 one shift tagged early and late holds one element only; day 1 early and late -> 1",
        input: ann(
          {
            singleDayShiftSequencePatternRules: [{
              id: "two", satisfiability: "PROHIBITED", ordered: false,
              pattern: [{ includeShiftTags: ["early", "late"], shiftTagMatches: "ANY" }, { includeShiftTags: ["early"] }],
            }],
          },
          [
            onDay("b0", 0, "06:00", "08:00", { tags: ["early", "late"] }),
            onDay("l1", 1, "06:00", "08:00", { tags: ["late"] }), onDay("e1", 1, "14:00", "16:00", { tags: ["early"] }),
          ],
          window(0, 7),
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [SINGLE_DAY_PATTERN_CONSTRAINT + 2]: {
    name: "Employee works preferred single day shift sequence pattern",
    cases: [
      {
        title: "PREFERRED [any, any] weight 3 (a reward): two shifts on day 0, one on day 1, three on day 2 -> days 0 and 2: +6",
        input: ann(
          { singleDayShiftSequencePatternRules: [{ id: "split", satisfiability: "PREFERRED", weight: 3, pattern: [{}, {}] }] },
          [
            onDay("a0", 0, "06:00", "08:00"), onDay("b0", 0, "16:00", "18:00"),
            onDay("a1", 1, "06:00", "08:00"),
            onDay("a2", 2, "06:00", "08:00"), onDay("b2", 2, "10:00", "12:00"), onDay("c2", 2, "16:00", "18:00"),
          ],
          window(0, 7),
        ),
        score: "0hard/0medium/6soft",
        matches: 2,
      },
    ],
  },
  [SINGLE_DAY_PATTERN_CONSTRAINT + 3]: {
    name: "Employee works unpreferred single day shift sequence pattern",
    cases: [
      {
        title: "UNPREFERRED [early, late]: day 0 (historic, before the window from day 1) and day 2 both work it; only day 2 is in the schedule -> 1",
        input: ann(
          { singleDayShiftSequencePatternRules: [{ id: "el", satisfiability: "UNPREFERRED", pattern: [{ includeShiftTags: ["early"] }, { includeShiftTags: ["late"] }] }] },
          [
            onDay("e0", 0, "06:00", "08:00", { tags: ["early"] }), onDay("l0", 0, "18:00", "22:00", { tags: ["late"] }),
            onDay("e2", 2, "06:00", "08:00", { tags: ["early"] }), onDay("l2", 2, "18:00", "22:00", { tags: ["late"] }),
          ],
          window(1, 7),
        ),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  [COMPACT_SEQUENCE_CONSTRAINT]: {
    name: "Employee works compact sequence",
    cases: [
      {
        title: "rewardCompactSequences, categories [day, night], window days 1-7: day shifts on days 0 (historic), 1, 2, 4, nights on days 5, 6, an untagged shift on day 3 -> pairs 0-1 (historic and planned), 1-2, 5-6: +3",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "compact", shiftTypeTagCategories: ["day", "night"], rewardCompactSequences: true }] },
          [
            ...[0, 1, 2, 4].map((d) => onDay(`d${d}`, d, "08:00", "12:00", { tags: ["day"] })),
            ...[5, 6].map((d) => onDay(`n${d}`, d, "22:00", "06:00", { tags: ["night"] })),
            onDay("x3", 3, "08:00", "12:00"),
          ],
          window(1, 7),
        ),
        score: "0hard/0medium/3soft",
        matches: 3,
      },
    ],
  },
  [SEQUENCE_START_CONSTRAINT]: {
    name: "Required sequence start day not met for employee",
    cases: [
      {
        title: "allowedSequenceStartDays [MONDAY], categories [day, night], window days 0-14 (day 0 a Monday): day runs from days 1 (Tuesday; day shifts on Mondays exist) and 7 (Monday), night runs from days 9 (Wednesday: no night shifts on Monday, Tuesday) and 12 (Saturday) -> days 1 and 12: -2hard",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "starts", shiftTypeTagCategories: ["day", "night"], allowedSequenceStartDays: ["MONDAY"] }] },
          [
            ...[1, 2, 7].map((d) => onDay(`d${d}`, d, "08:00", "16:00", { tags: ["day"] })),
            ...[9, 10, 12].map((d) => onDay(`n${d}`, d, "22:00", "06:00", { tags: ["night"] })),
          ],
          window(0, 14),
        ),
        score: "-2hard/0medium/0soft",
        matches: 2,
        // The day run on day 7 also ends on a Monday (SEQUENCE_END_ON_START_DAY_CONSTRAINT).
        total: "-2hard/0medium/-1soft",
      },
    ],
  },
  [SEQUENCE_START_CONSTRAINT + 1]: {
    name: "Preferred sequence start day met for employee",
    cases: [
      {
        title: "PREFERRED allowedSequenceStartDays [MONDAY, WEDNESDAY], categories [day, night], window days 0-14: runs from days 0 (Monday, at the window's start: exempt), 1-2 (Tuesday), 7 (Monday), nights 9-10 (Wednesday), 12 (Saturday) -> days 7, 9: +2",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "starts", satisfiability: "PREFERRED", shiftTypeTagCategories: ["day", "night"], allowedSequenceStartDays: ["MONDAY", "WEDNESDAY"] }] },
          [
            onDay("n0", 0, "22:00", "06:00", { tags: ["night"] }),
            ...[1, 2, 7].map((d) => onDay(`d${d}`, d, "08:00", "16:00", { tags: ["day"] })),
            ...[9, 10, 12].map((d) => onDay(`n${d}`, d, "22:00", "06:00", { tags: ["night"] })),
          ],
          window(0, 14),
        ),
        score: "0hard/0medium/2soft",
        matches: 2,
        // Runs ending on an allowed day (SEQUENCE_END_ON_START_DAY_CONSTRAINT): night 0 (Monday), days 1-2
        // (Wednesday), day 7 (Monday): -3.
        total: "0hard/0medium/-1soft",
      },
    ],
  },
  [SEQUENCE_START_CONSTRAINT + 2]: {
    name: "Preferred minimum time between different sequences not met for employee",
    cases: [
      {
        title: "minDurationBetweenDifferentSequences PT24H, categories [day, night]: days 1-2 08:00-16:00, a night from day 2 22:00 (6 h after), a day run from day 5 08:00 (50 h after the night) -> 18 h missing: -1080soft",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "between", shiftTypeTagCategories: ["day", "night"], minDurationBetweenDifferentSequences: "PT24H" }] },
          [
            ...[1, 2, 5, 6].map((d) => onDay(`d${d}`, d, "08:00", "16:00", { tags: ["day"] })),
            onDay("n2", 2, "22:00", "06:00", { tags: ["night"] }),
          ],
          window(0, 14),
        ),
        score: "0hard/0medium/-1080soft",
        matches: 1,
      },
      {
        title: "minDelayBetweenDifferentSequences NEXT_MONDAY at 08:00, categories [day, night]: days 1-2 (ends Wednesday), a night from day 4 22:00 (Friday; due day 7 08:00: 58 h early), a day on day 7 08:00 (Monday after the night ending Saturday: on time) -> -3480soft",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "between", shiftTypeTagCategories: ["day", "night"], minDelayBetweenDifferentSequences: { minStartDateAdjuster: "NEXT_MONDAY", minStartTime: "08:00" } }] },
          [
            ...[1, 2, 7].map((d) => onDay(`d${d}`, d, "08:00", "16:00", { tags: ["day"] })),
            onDay("n4", 4, "22:00", "06:00", { tags: ["night"] }),
          ],
          window(0, 14),
        ),
        score: "0hard/0medium/-3480soft",
        matches: 1,
      },
    ],
  },
  [SEQUENCE_END_ON_START_DAY_CONSTRAINT]: {
    name: "Sequence ends on allowed sequence start day for employee",
    cases: [
      {
        title: "PREFERRED allowedSequenceStartDays [MONDAY, THURSDAY], categories [day, night], window days 0-10 (day 10 a Thursday, the last): day runs 0-3 (ends Thursday), 7 (ends Monday), 5 (ends Saturday), night run 9-10 (ends on the window's last day: exempt) -> -2soft; the start day reward of day 7: +1",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "ends", satisfiability: "PREFERRED", shiftTypeTagCategories: ["day", "night"], allowedSequenceStartDays: ["MONDAY", "THURSDAY"] }] },
          [
            ...[0, 1, 2, 3, 5, 7].map((d) => onDay(`d${d}`, d, "08:00", "16:00", { tags: ["day"] })),
            ...[9, 10].map((d) => onDay(`n${d}`, d, "22:00", "06:00", { tags: ["night"] })),
          ],
          window(0, 11),
        ),
        score: "0hard/0medium/-2soft",
        matches: 2,
        total: "0hard/0medium/-1soft",
      },
      {
        title: "REQUIRED allowedSequenceStartDays [MONDAY], category [day], window days 0-14: runs on day 2 (Wednesday: a required start missed, -1hard) and day 7 (a Monday start that also ends on Monday) -> soft whatever the satisfiability: -1soft",
        input: ann(
          { consecutiveDaysWorkedRules: [{ id: "ends", shiftTypeTagCategories: ["day"], allowedSequenceStartDays: ["MONDAY"] }] },
          [2, 7].map((d) => onDay(`d${d}`, d, "08:00", "16:00", { tags: ["day"] })),
          window(0, 14),
        ),
        score: "0hard/0medium/-1soft",
        matches: 1,
        total: "-1hard/0medium/-1soft",
      },
    ],
  },
  56: {
    name: "Minimize preferred scoped disruption for employee",
    cases: [
      {
        title: "OVERLAP, weight 2: ann's 8-hour shift a covered 2 + 2 hours by b and c: 240 min x 2; d is outside the validity span",
        input: {
          contracts: [{
            id: "c",
            disruptionRules: [{
              id: "d", satisfiability: "PREFERRED", disruptionWeight: 2, scope: { scopeType: "OVERLAP" },
              validityDateTimeSpan: { start: "2027-02-01T00:00:00", end: "2027-02-03T00:00:00" },
            }],
          }],
          employees: [{ id: "ann", contracts: ["c"] }, { id: "bob" }],
          shifts: [
            onDay("a", 0, "08:00", "16:00"), onDay("b", 0, "08:00", "10:00", { employee: "bob" }),
            onDay("c", 0, "12:00", "14:00", { employee: "bob" }), onDay("d", 3, "08:00", "12:00"),
          ],
        },
        assignment: [1, 0, 0, 1],
        score: "0hard/0medium/-480soft",
        matches: 1,
      },
      {
        title: "START_AND_END 30/30 on 'ward' shifts: a replaced in scope, x is no ward shift, y has no replacement: 240",
        input: {
          contracts: [{ id: "c", disruptionRules: [{ id: "d", includeShiftTags: ["ward"], scope: { scopeType: "START_AND_END", startScopeInMinutes: 30, endScopeInMinutes: 30 } }] }],
          employees: [{ id: "ann", contracts: ["c"] }, { id: "bob" }],
          shifts: [
            onDay("a", 0, "08:00", "12:00", { tags: ["ward"] }), onDay("b", 0, "07:30", "12:30", { employee: undefined }),
            onDay("x", 1, "08:00", "12:00"), onDay("y", 2, "08:00", "12:00", { tags: ["ward"] }),
          ],
        },
        assignment: [1, 0, 1, 1],
        score: "0hard/0medium/-240soft",
        matches: 1,
      },
    ],
  },
  54: {
    name: "Employee assignment disrupted on replanning",
    cases: [
      {
        title: "deprecated globalRules.disruptionRules, multiplier 4 on 1-2 February: the shift of the 2nd changes -> 4",
        input: {
          employees: [{ id: "ann" }, { id: "bob" }],
          shifts: [onDay("a", 1, "08:00", "12:00"), onDay("b", 3, "08:00", "12:00")],
          globalRules: { disruptionRules: [{ id: "g", start: "2027-02-01", end: "2027-02-02", multiplier: 4 }] },
        },
        assignment: [1, 1],
        score: "0hard/0medium/-4soft",
        matches: 1,
      },
    ],
  },
  [L]: {
    name: "Consecutive days off per period not in required range for employee",
    cases: [
      {
        title: "WEEK min 3 (window of one week): work on days 0, 2, 4, 6 leaves runs of 1 day off -> 2",
        input: ann({ periodRules: [{ id: "w", period: "WEEK", consecutiveDaysOffLimit: { consecutiveDaysOffMin: 3 } }] }, [0, 2, 4, 6].map((d) => onDay(`s${d}`, d, "08:00", "12:00")), window(0, 7)),
        score: "-2hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "START_AND_END: the night shift of day 2 also works day 3; days 0, 2, 3, 5 worked, longest run 1 -> 2 (START_ONLY would be 1)",
        input: ann(
          { periodRules: [{ id: "w", period: "WEEK", periodShiftOverlapKind: "START_AND_END", consecutiveDaysOffLimit: { consecutiveDaysOffMin: 3 } }] },
          [onDay("a", 0, "08:00", "12:00"), onDay("n", 2, "22:00", "06:00"), onDay("b", 5, "08:00", "12:00")],
          window(0, 7),
        ),
        score: "-2hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [L + 1]: {
    name: "Consecutive days off per period not in preferred range for employee",
    cases: [
      {
        title: "SCHEDULE min 4, days 0-6: work on days 0, 3, 6 leaves runs of 2 -> 2",
        input: ann({ periodRules: [{ id: "s", period: "SCHEDULE", satisfiability: "PREFERRED", consecutiveDaysOffLimit: { consecutiveDaysOffMin: 4 } }] }, [0, 3, 6].map((d) => onDay(`s${d}`, d, "08:00", "12:00")), window(0, 7)),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  [L + 2]: {
    name: "Unique tags per period not in required range for employee",
    cases: [
      {
        title: "WEEK, at most 1 tag of type ward: week 1 has A and B (night is of another type) -> 1; week 2 only C",
        input: ann(
          { periodRules: [{ id: "w", period: "WEEK", uniqueTagsLimit: { tagsMax: 1, includeTagTypes: ["ward"] } }] },
          [
            onDay("a", 0, "08:00", "12:00", { tags: ["A", "night"] }), onDay("b", 1, "08:00", "12:00", { tags: ["B"] }),
            onDay("c", 2, "08:00", "12:00", { tags: ["A"] }), onDay("d", 8, "08:00", "12:00", { tags: ["C", "night"] }),
          ],
          { ...window(0, 14), ...wardTags },
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [L + 3]: {
    name: "Unique tags per period not in preferred range for employee",
    cases: [
      {
        title: "SCHEDULE, at most 1 ward tag: A, B, C -> 2; an undeclared tag X does not count",
        input: ann(
          { periodRules: [{ id: "s", period: "SCHEDULE", satisfiability: "PREFERRED", uniqueTagsLimit: { tagsMax: 1, includeTagTypes: ["ward"] } }] },
          [onDay("a", 0, "08:00", "12:00", { tags: ["A"] }), onDay("b", 1, "08:00", "12:00", { tags: ["B", "X"] }), onDay("c", 2, "08:00", "12:00", { tags: ["C"] })],
          wardTags,
        ),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  [L + 4]: {
    name: "Locations worked per period not in required range for employee",
    cases: [
      {
        title: "DAY, at most 1 location: day 0 at two places -> 1; day 1 twice at one; day 2 without a location",
        input: ann(
          { periodRules: [{ id: "d", period: "DAY", locationsWorkedMax: 1 }] },
          [
            onDay("a", 0, "06:00", "10:00", { location: [50.1, 4.2] }), onDay("b", 0, "14:00", "18:00", { location: [50.2, 4.2] }),
            onDay("c", 1, "06:00", "10:00", { location: [50.1, 4.2] }), onDay("d", 1, "14:00", "18:00", { location: [50.1, 4.2] }),
            onDay("e", 2, "06:00", "10:00"),
          ],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [L + 5]: {
    name: "Locations worked per period not in preferred range for employee",
    cases: [
      {
        title: "WEEK, at most 1 location: three places -> 2",
        input: ann(
          { periodRules: [{ id: "w", period: "WEEK", satisfiability: "PREFERRED", locationsWorkedMax: 1 }] },
          [onDay("a", 0, "08:00", "12:00", { location: [1, 1] }), onDay("b", 1, "08:00", "12:00", { location: [1, 2] }), onDay("c", 2, "08:00", "12:00", { location: [2, 1] })],
        ),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  [L + 6]: {
    name: "Shift types worked per period not in required range for employee",
    cases: [
      {
        title: "WEEK, types early and late, at most 2 of each: 3 early -> 1; 1 late and an untyped shift are fine",
        input: ann(
          { periodRules: [{ id: "w", period: "WEEK", shiftTypesTagCategories: ["early", "late"], shiftTypesWorkedMax: 2 }] },
          [
            ...[0, 1, 2].map((d) => onDay(`e${d}`, d, "06:00", "10:00", { tags: ["early"] })),
            onDay("l", 3, "14:00", "18:00", { tags: ["late"] }), onDay("o", 4, "10:00", "14:00"),
          ],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [L + 7]: {
    name: "Shift types worked per period not in preferred range for employee",
    cases: [
      {
        title: "SCHEDULE, 2 to 3 of each of early and late: 4 early (1 over) and 1 late (1 under) -> 2, one match",
        input: ann(
          { periodRules: [{ id: "s", period: "SCHEDULE", satisfiability: "PREFERRED", shiftTypesTagCategories: ["early", "late"], shiftTypesWorkedMin: 2, shiftTypesWorkedMax: 3 }] },
          [...[0, 1, 2, 3].map((d) => onDay(`e${d}`, d, "06:00", "10:00", { tags: ["early"] })), onDay("l", 4, "14:00", "18:00", { tags: ["late"] })],
          window(0, 7),
        ),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  [L + 8]: {
    name: "Shift start time difference in minutes per period not in required range for employee",
    cases: [
      {
        title: "WEEK, at most 120 minutes: starts at 06:00, 08:00 and 10:00 on three days -> 240 - 120 = 120",
        input: ann(
          { periodRules: [{ id: "w", period: "WEEK", shiftStartTimeDifferenceInMinutesMax: 120 }] },
          [onDay("a", 0, "06:00", "10:00"), onDay("b", 1, "08:00", "12:00"), onDay("c", 2, "10:00", "14:00")],
        ),
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "local start times (Europe/Brussels, UTC+1): 07:00Z and 09:00Z start at 08:00 and 10:00; DAY periods, at most 60 -> 60",
        input: ann(
          { periodRules: [{ id: "d", period: "DAY", shiftStartTimeDifferenceInMinutesMax: 60 }] },
          [onDay("a", 0, "07:00", "08:00"), onDay("b", 0, "09:00", "11:00"), onDay("c", 1, "23:30", "01:00")],
          {},
          { timeZoneId: "Europe/Brussels" },
        ),
        score: "-60hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [L + 9]: {
    name: "Shift start time difference in minutes per period not in preferred range for employee",
    cases: [
      {
        title: "MONTH, at most 60 minutes: starts at 08:00 and 09:30 -> 30",
        input: ann(
          { periodRules: [{ id: "m", period: "MONTH", satisfiability: "PREFERRED", shiftStartTimeDifferenceInMinutesMax: 60 }] },
          [onDay("a", 0, "08:00", "12:00"), onDay("b", 3, "09:30", "12:00")],
        ),
        score: "0hard/0medium/-30soft",
        matches: 1,
      },
    ],
  },
  [L + 10]: {
    name: "Minutes logged per period not in required range for employee",
    cases: [
      {
        title: "WEEK, at most 300 logged: 4 hours logged as PT2H, and 4 hours without loggedTime (its 240 minutes worked) -> 60",
        input: ann(
          { periodRules: [{ id: "w", period: "WEEK", minutesLoggedMax: 300 }] },
          [onDay("a", 0, "08:00", "12:00", { loggedTime: "PT2H" }), onDay("b", 1, "08:00", "12:00")],
        ),
        score: "-60hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [L + 11]: {
    name: "Minutes logged per period not in preferred range for employee",
    cases: [
      {
        title: "SCHEDULE, at least 600 logged: an 8-hour shift logged as PT9H -> 60",
        input: ann({ periodRules: [{ id: "s", period: "SCHEDULE", satisfiability: "PREFERRED", minutesLoggedMin: 600 }] }, [onDay("a", 0, "08:00", "16:00", { loggedTime: "PT9H" })]),
        score: "0hard/0medium/-60soft",
        matches: 1,
      },
    ],
  },
  [L + 12]: {
    name: "Consecutive days off in rolling window not in required range for employee",
    cases: [
      {
        title: "7 DAILY, at least 2 days off in a row, days 0-7: work on 0, 2, 4, 6; both windows (days 0-6, 1-7) have runs of 1 -> 2",
        input: ann(
          { rollingWindowRules: [{ id: "r", rollingWindow: { type: "DAILY", size: 7 }, consecutiveDaysOffLimit: { consecutiveDaysOffMin: 2 } }] },
          [0, 2, 4, 6].map((d) => onDay(`s${d}`, d, "08:00", "12:00")),
          window(0, 8),
        ),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
    ],
  },
  [L + 13]: {
    name: "Consecutive days off in rolling window not in preferred range for employee",
    cases: [
      {
        title: "1 WEEKLY, at least 3 days off in a row, days 0-6: work on 0, 3, 5 (longest run 2) -> 1",
        input: ann(
          { rollingWindowRules: [{ id: "r", rollingWindow: { type: "WEEKLY", size: 1 }, satisfiability: "PREFERRED", consecutiveDaysOffLimit: { consecutiveDaysOffMin: 3 } }] },
          [0, 3, 5].map((d) => onDay(`s${d}`, d, "08:00", "12:00")),
          window(0, 7),
        ),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
};
