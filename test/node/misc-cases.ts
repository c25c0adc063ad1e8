/**
 * Verifier rows of the contract-level rules scored outside the compiled contract rules (shifts near a day off
 * request, shift rotations, travel), merged into the table of constraints.test.ts: each a hand-made input with its score computed by hand in
 * the title. 2027-02-01 is a Monday (day 0); times are UTC unless the employee has a time zone.
 */
import type { ModelInput } from "../../schemas/model-input";
import { NEAR_DAY_OFF_CONSTRAINT, ROTATION_CONSTRAINT, TRAVEL_CONSTRAINT, TRAVEL_GAP_CONSTRAINT } from "../../solver/layout";
import type { ContractCase } from "./contract-cases";
import { onDay } from "./contract-cases";

type Contract = NonNullable<ModelInput["contracts"]>[number];
type Employee = ModelInput["employees"][number];

/** Ann under one contract with these avoid rules, a day off on Wednesday 3 February (day 2), working `shifts`. */
function dayOff(rules: NonNullable<Contract["avoidShiftCloseToDayOffRequestRules"]>, shifts: ModelInput["shifts"], employee: Partial<Employee> = {}): ModelInput {
  return {
    contracts: [{ id: "c", avoidShiftCloseToDayOffRequestRules: rules }],
    employees: [{ id: "ann", contracts: ["c"], unavailableTimeSpans: [{ start: "2027-02-03T00:00:00Z", end: "2027-02-04T00:00:00Z" }], ...employee }],
    shifts,
  };
}

/** Ann under one contract with one rotation rule over morning and afternoon shifts, working `shifts`. */
function rotation(rule: Partial<NonNullable<Contract["shiftRotationRules"]>[number]>, shifts: ModelInput["shifts"]): ModelInput {
  const rotationGroups = [{ id: "mornings", includeShiftTags: ["morning"] }, { id: "afternoons", includeShiftTags: ["afternoon"] }];
  return { contracts: [{ id: "c", shiftRotationRules: [{ id: "rot", rotationGroups, ...rule }] }], employees: [{ id: "ann", contracts: ["c"] }], shifts };
}
const morning = (id: string, d: number) => onDay(id, d, "06:00", "14:00", { tags: ["morning"] });
const afternoon = (id: string, d: number) => onDay(id, d, "14:00", "22:00", { tags: ["afternoon"] });

/**
 * Travel: Ann lives at [0, 0]; on the equator one degree of longitude is 6371008.8 m × π / 180 = 111195 m (half a
 * degree 55598 m, rounded).
 */
function travel(configs: NonNullable<Contract["travelConfigurations"]>, shifts: ModelInput["shifts"], employee: Partial<Employee> = {}): ModelInput {
  return { contracts: [{ id: "c", travelConfigurations: configs }], employees: [{ id: "ann", contracts: ["c"], location: [0, 0], ...employee }], shifts };
}

const lateEarly = { id: "r", avoidPriorShiftTags: ["late"], avoidAfterShiftTags: ["early"] };

export const MISC_CASES: Record<number, { name: string; cases: ContractCase[] }> = {
  [NEAR_DAY_OFF_CONSTRAINT]: {
    name: "Employee has prohibited shift near day off request",
    cases: [
      {
        title: "day off Wednesday: Tuesday's late shift and Thursday's early shift break it (2); Tuesday's early and Friday's early do not",
        input: dayOff([lateEarly], [
          onDay("tue-late", 1, "14:00", "22:00", { tags: ["late"] }),
          onDay("tue-early", 1, "06:00", "10:00", { tags: ["early"] }),
          onDay("thu-early", 3, "06:00", "14:00", { tags: ["early"] }),
          onDay("fri-early", 4, "06:00", "14:00", { tags: ["early"] }),
        ]),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "a run of two days off (Wednesday, Thursday): Tuesday's late and Friday's early break it; ANY matches the night tag; a day-off-run inner day is not 'near'",
        input: dayOff([{ id: "r", avoidPriorShiftTags: ["late", "night"], avoidAfterShiftTags: ["early"], shiftTagMatches: "ANY" }], [
          onDay("tue-night", 1, "20:00", "23:00", { tags: ["night"] }),
          onDay("fri-early", 4, "06:00", "14:00", { tags: ["early"] }),
          onDay("mon-late", 0, "14:00", "22:00", { tags: ["late"] }),
        ], {
          unavailableTimeSpans: [
            { start: "2027-02-03T00:00:00Z", end: "2027-02-04T00:00:00Z" },
            { start: "2027-02-04T00:00:00Z", end: "2027-02-05T00:00:00Z" },
          ],
        }),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "ALL (the default) needs every tag: a late shift without the weekend tag is fine (0)",
        input: dayOff([{ id: "r", avoidPriorShiftTags: ["late", "weekend"] }], [onDay("tue-late", 1, "14:00", "22:00", { tags: ["late"] })]),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "no day off: a span shorter than a day, and a whole-day span with a shift tag filter, are no day off requests (0)",
        input: dayOff([lateEarly], [onDay("tue-late", 1, "14:00", "22:00", { tags: ["late"] }), onDay("fri-early", 4, "06:00", "10:00", { tags: ["early"] })], {
          unavailableTimeSpans: [
            { start: "2027-02-03T08:00:00Z", end: "2027-02-03T20:00:00Z" },
            { start: "2027-02-05T00:00:00Z", end: "2027-02-06T00:00:00Z", includeShiftTags: ["late"] },
          ],
        }),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "Brussels (UTC+1): the local day off Wednesday; Tuesday 20:00Z is 21:00 local Tuesday (late, 1); Wednesday 23:30Z is 00:30 local Thursday (early, 1)",
        input: dayOff([lateEarly], [
          onDay("tue-late", 1, "20:00", "22:00", { tags: ["late"] }),
          onDay("thu-early", 2, "23:30", "23:45", { tags: ["early"] }),
        ], {
          timeZoneId: "Europe/Brussels",
          unavailableTimeSpans: [{ start: "2027-02-03T00:00:00+01:00", end: "2027-02-04T00:00:00+01:00" }],
        }),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
    ],
  },
  [NEAR_DAY_OFF_CONSTRAINT + 1]: {
    name: "Employee has unpreferred shift near day off request",
    cases: [
      {
        title: "two UNPREFERRED rules broken by Tuesday's late shift: one match of 2; a PROHIBITED-free input scores no hard",
        input: dayOff([
          { ...lateEarly, satisfiability: "UNPREFERRED" },
          { id: "r2", avoidPriorShiftTags: ["late"], satisfiability: "UNPREFERRED" },
        ], [onDay("tue-late", 1, "14:00", "22:00", { tags: ["late"] })]),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
  [ROTATION_CONSTRAINT]: {
    name: "Required shift rotation not met for employee",
    cases: [
      {
        title: "WEEKLY: week 1 morning, afternoon, (untagged), morning: 2 pairs of different groups; week 2 two afternoons: 0",
        input: rotation({ rotationPeriod: { type: "WEEKLY" } }, [
          morning("m0", 0), afternoon("a1", 1), onDay("x", 1, "23:00", "23:30"), morning("m2", 2), afternoon("a7", 7), afternoon("a8", 8),
        ]),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "WEEKLY: Sunday's morning and Monday's afternoon are in different weeks (0); with weeks from Wednesday they share one (1)",
        input: { ...rotation({ builtInRotationPeriod: { type: "WEEKLY" } }, [morning("sun", 6), afternoon("mon", 7)]), scheduleParameterization: { weekStart: "WEDNESDAY" } },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "WEEKLY, weeks from Monday: Sunday's morning and Monday's afternoon are in different weeks (0)",
        input: rotation({ rotationPeriod: { type: "WEEKLY" } }, [morning("sun", 6), afternoon("mon", 7)]),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
    ],
  },
  [ROTATION_CONSTRAINT + 1]: {
    name: "Preferred shift rotation not met for employee",
    cases: [
      {
        title: "WEEKLY PREFERRED: one morning-afternoon pair in week 1 (1)",
        input: rotation({ rotationPeriod: { type: "WEEKLY" }, satisfiability: "PREFERRED" }, [morning("m0", 0), morning("m1", 1), afternoon("a2", 2)]),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  [ROTATION_CONSTRAINT + 2]: {
    name: "Custom rotation duration in days not exceeds required maximum for employee",
    cases: [
      {
        title: "CUSTOM required max 3: mornings days 0-3 (4 days: 1), afternoons days 5-6 (2: 0), a morning on day 8 (1: 0)",
        input: rotation({ rotationPeriod: { type: "CUSTOM", requiredRotationPeriodMaxSizeInDays: 3 } }, [
          morning("m0", 0), morning("m1", 1), morning("m2", 2), morning("m3", 3), afternoon("a5", 5), afternoon("a6", 6), morning("m8", 8),
        ]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [ROTATION_CONSTRAINT + 3]: {
    name: "Custom rotation duration in days not in preferred range for employee",
    cases: [
      {
        title: "CUSTOM preferred 3-5 days: mornings days 0-1 (the first block: no minimum), an afternoon day 3 (1 day: 2), mornings days 5-11 (7 days: 2)",
        input: rotation({ rotationPeriod: { type: "CUSTOM", preferredRotationPeriodMinSizeInDays: 3, preferredRotationPeriodMaxSizeInDays: 5 } }, [
          morning("m0", 0), morning("m1", 1), afternoon("a3", 3), morning("m5", 5), morning("m8", 8), morning("m11", 11),
        ]),
        score: "0hard/0medium/-4soft",
        matches: 2,
      },
    ],
  },
  [TRAVEL_CONSTRAINT]: {
    name: "Maximum employee to shift travel distance exceeded",
    cases: [
      {
        title: "maximum 100 km: a shift 111195 m away exceeds it by 11195; one 55598 m away does not; one without a location is not measured",
        input: travel([{ id: "t", maxEmployeeToShiftTravelDistanceInMeters: 100_000 }], [
          onDay("far", 0, "08:00", "12:00", { location: [0, 1] }), onDay("near", 1, "08:00", "12:00", { location: [0, 0.5] }), onDay("nowhere", 2, "08:00", "12:00"),
        ]),
        score: "-11195hard/0medium/0soft",
        matches: 1,
        total: "-11195hard/0medium/-166793soft",
      },
      {
        title: "the configuration covers tagged shifts from 3 February only: an untagged far shift and a tagged one on 1 February are not covered (0); a tagged one on 4 February is (11195)",
        input: travel([{ id: "t", includeShiftTags: ["visit"], maxEmployeeToShiftTravelDistanceInMeters: 100_000, validityDateTimeSpan: { start: "2027-02-03T00:00:00" } }], [
          onDay("untagged", 3, "08:00", "12:00", { location: [0, 1] }), onDay("early", 0, "08:00", "12:00", { location: [0, 1], tags: ["visit"] }),
          onDay("covered", 3, "13:00", "15:00", { location: [0, 1], tags: ["visit"] }),
        ]),
        score: "-11195hard/0medium/0soft",
        matches: 1,
        total: "-11195hard/0medium/-111195soft",
      },
      {
        title: "excludeMatchingShiftTagTypes Country: Ann prefers Belgium, so a Belgian shift is not covered (0), a Dutch one is (11195)",
        input: {
          ...travel([{ id: "t", excludeMatchingShiftTagTypes: ["Country"], maxEmployeeToShiftTravelDistanceInMeters: 100_000 }], [
            onDay("be", 0, "08:00", "12:00", { location: [0, 1], tags: ["belgium"] }), onDay("nl", 1, "08:00", "12:00", { location: [0, 1], tags: ["netherlands"] }),
          ], { preferredShiftTags: ["belgium"] }),
          tagTypes: [{ id: "Country" }], tags: [{ id: "belgium", tagType: "Country" }, { id: "netherlands", tagType: "Country" }],
        },
        score: "-11195hard/0medium/0soft",
        matches: 1,
        total: "-11195hard/0medium/-111195soft",
      },
    ],
  },
  [TRAVEL_CONSTRAINT + 1]: {
    name: "Minimize travel distance",
    cases: [
      {
        title: "the deprecated global configuration covers everyone: shifts one degree east and north of Ann cost 111195 m each; an employee without a location travels nothing",
        input: {
          employees: [{ id: "ann", location: [0, 0] }, { id: "bob" }],
          shifts: [onDay("east", 0, "08:00", "12:00", { location: [0, 1] }), onDay("north", 1, "08:00", "12:00", { location: [1, 0] }), onDay("bob", 1, "08:00", "12:00", { location: [1, 0], employee: "bob" })],
          scheduleParameterization: { travelConfiguration: {} },
        },
        score: "0hard/0medium/-222390soft",
        matches: 2,
      },
    ],
  },
  [TRAVEL_GAP_CONSTRAINT]: {
    name: "Minimum time between shifts including travel not met",
    cases: [
      {
        title: "minimum 60 minutes: a (8-12, [0,1]) then b (12:30, [0,0.5]) miss 30; b and c (15:00) share a location; a and c are 3 h apart; d has no location",
        input: travel([{ id: "t", minMinutesBetweenShiftsInDifferentLocations: 60 }], [
          onDay("a", 0, "08:00", "12:00", { location: [0, 1] }), onDay("b", 0, "12:30", "14:00", { location: [0, 0.5] }),
          onDay("c", 0, "15:00", "16:00", { location: [0, 0.5] }), onDay("d", 0, "16:10", "17:00"),
        ]),
        score: "-30hard/0medium/0soft",
        matches: 1,
        total: "-30hard/0medium/-222391soft", // Minimize travel distance: 111195 + 55598 + 55598
      },
      {
        title: "the larger minimum of the two covering configurations applies: far shifts 120, others 30; a (far) then b 45 minutes later miss 75",
        input: travel([
          { id: "far", includeShiftTags: ["far"], minMinutesBetweenShiftsInDifferentLocations: 120 },
          { id: "rest", minMinutesBetweenShiftsInDifferentLocations: 30 },
        ], [onDay("a", 0, "08:00", "12:00", { location: [0, 1], tags: ["far"] }), onDay("b", 0, "12:45", "14:00", { location: [0, 0.5] })]),
        score: "-75hard/0medium/0soft",
        matches: 1,
        total: "-75hard/0medium/-166793soft",
      },
      {
        title: "overlapping shifts in different locations miss the whole minimum (60), besides their overlap (60 minutes)",
        input: travel([{ id: "t", minMinutesBetweenShiftsInDifferentLocations: 60 }], [
          onDay("a", 0, "08:00", "12:00", { location: [0, 1] }), onDay("b", 0, "11:00", "13:00", { location: [0, 0.5] }),
        ]),
        score: "-60hard/0medium/0soft",
        matches: 1,
        total: "-120hard/0medium/-166793soft",
      },
      {
        title: "an employee without a location is still held to the minimum of its contract: 20 minutes missing",
        input: travel([{ id: "t", minMinutesBetweenShiftsInDifferentLocations: 30 }], [
          onDay("a", 0, "08:00", "12:00", { location: [0, 1] }), onDay("b", 0, "12:10", "14:00", { location: [0, 0.5] }),
        ], { location: undefined }),
        score: "-20hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
};
