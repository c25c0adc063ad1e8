/**
 * Verifier rows of the global shift counts (ids GLOBAL_COUNT_CONSTRAINT + 0..3: shifts worked per period, concurrent
 * shifts, shift groups), merged into the table of constraints.test.ts: each a hand-made input with its score computed
 * by hand in the title. 2027-02-01 (UTC) is a Monday.
 */
import type { ModelInput } from "../../schemas/model-input";
import { GLOBAL_COUNT_CONSTRAINT } from "../../solver/layout";
import { onDay, type ContractCase } from "./contract-cases";

type Shift = ModelInput["shifts"][number];
const employees = [{ id: "ann", tags: ["senior"] }, { id: "bob", tags: ["junior"] }, { id: "cat", tags: ["senior"] }];
const on = (id: string, d: number, from: string, to: string, employee?: string, extra: Partial<Shift> = {}) => onDay(id, d, from, to, { employee, ...extra });

function global(globalRules: NonNullable<ModelInput["globalRules"]>, shifts: Shift[], extra: Partial<ModelInput> = {}): ModelInput {
  return { employees, shifts, globalRules, ...extra };
}

const maxPerDay = (extra: Record<string, unknown> = {}) => ({ minimumMaximumShiftsPerPeriod: [{ id: "day", period: "DAY", shiftsWorkedMax: 1, ...extra }] as never });

export const GLOBAL_CASES: Record<number, { name: string; cases: ContractCase[] }> = {
  [GLOBAL_COUNT_CONSTRAINT]: {
    name: "Shifts worked per period not in required range",
    cases: [
      {
        title: "REQUIRED at most 1 a day, two pinned shifts on Monday (different employees) -> 1",
        input: global(maxPerDay({ satisfiability: "REQUIRED" }), [on("a", 0, "08:00", "12:00", "ann", { pinned: true }), on("b", 0, "13:00", "17:00", "bob", { pinned: true })]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "at most 1 a day of senior employees: Monday ann + cat + bob (junior, not counted) -> 1; Tuesday ann alone -> 0",
        input: global(maxPerDay({ includeEmployeeTags: ["senior"] }), [
          on("a", 0, "08:00", "12:00", "ann"), on("b", 0, "08:00", "12:00", "bob"), on("c", 0, "13:00", "17:00", "cat"), on("d", 1, "08:00", "12:00", "ann"),
        ]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "START_AND_END: a 22:00-06:00 night counts on Monday and Tuesday; Tuesday 08:00 too -> Tuesday 2, 1",
        input: global(maxPerDay({ periodShiftOverlapKind: "START_AND_END" }), [on("n", 0, "22:00", "06:00", "ann"), on("t", 1, "08:00", "12:00", "bob")]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "START_ONLY (default): the same night counts on Monday only -> 0",
        input: global(maxPerDay(), [on("n", 0, "22:00", "06:00", "ann"), on("t", 1, "08:00", "12:00", "bob")]),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "zoneOffset +02:00: Monday 23:00Z is Tuesday 01:00, with Tuesday 10:00Z -> Tuesday 2, 1",
        input: global(maxPerDay({ zoneOffset: "+02:00" }), [on("a", 0, "23:00", "23:30", "ann"), on("b", 1, "10:00", "11:00", "bob")]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "at least 3 a WEEK over a one-week planning window with 1 shift -> 2; the shift filter drops the untagged one",
        input: global(
          { minimumMaximumShiftsPerPeriod: [{ id: "wk", period: "WEEK", shiftsWorkedMin: 3, includeShiftTags: ["x"] }] as never },
          [on("a", 0, "08:00", "12:00", "ann", { tags: ["x"] }), on("b", 2, "08:00", "12:00", "bob")],
          { planningWindow: { start: "2027-02-01T00:00:00Z", end: "2027-02-08T00:00:00Z" } },
        ),
        score: "-2hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [GLOBAL_COUNT_CONSTRAINT + 1]: {
    name: "Shifts worked per period not in preferred range",
    cases: [
      {
        title: "PREFERRED 1 to 2 a day: Monday 3 shifts -> 1, Tuesday none -> 1 (empty periods count for a minimum)",
        input: global(
          { minimumMaximumShiftsPerPeriod: [{ id: "day", period: "DAY", satisfiability: "PREFERRED", shiftsWorkedMin: 1, shiftsWorkedMax: 2 }] as never },
          [on("a", 0, "08:00", "12:00", "ann"), on("b", 0, "08:00", "12:00", "bob"), on("c", 0, "13:00", "17:00", "cat"), on("d", 2, "08:00", "12:00", "ann")],
        ),
        score: "0hard/0medium/-2soft",
        matches: 2,
      },
    ],
  },
  [GLOBAL_COUNT_CONSTRAINT + 2]: {
    name: "Concurrent shifts not in required range",
    cases: [
      {
        title: "at most 1 concurrent: 08-12, 10-14, 11-13 -> 10-11: 2, 11-12: 3, 12-13: 2 -> 1 + 2 + 1 = 4 in 3 stretches",
        input: global({ concurrentShiftsRules: [{ id: "c", concurrentShiftsMax: 1 }] }, [on("a", 0, "08:00", "12:00", "ann"), on("b", 0, "10:00", "14:00", "bob"), on("c", 0, "11:00", "13:00", "cat")]),
        score: "-4hard/0medium/0soft",
        matches: 3,
      },
      {
        title: "validity from 12:00 and only 'x' shifts: 08-12 is outside, 12-13 has 10-14 and 11-13 -> 1",
        input: global(
          { concurrentShiftsRules: [{ id: "c", concurrentShiftsMax: 1, includeShiftTags: ["x"], ruleValidityDateTimeSpan: { start: "2027-02-01T12:00:00" } }] },
          [on("a", 0, "08:00", "12:00", "ann", { tags: ["x"] }), on("b", 0, "10:00", "14:00", "bob", { tags: ["x"] }), on("c", 0, "11:00", "13:00", "cat", { tags: ["x"] }), on("d", 0, "12:00", "13:00", "ann")],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "timeZoneId +02:00: validity until 12:00 local (10:00Z): 09-11 and 09:30-10:30 share 09:30-10:00 only -> 1",
        input: global(
          { concurrentShiftsRules: [{ id: "c", concurrentShiftsMax: 1, timeZoneId: "+02:00", ruleValidityDateTimeSpan: { end: "2027-02-01T12:00:00" } }] },
          [on("a", 0, "09:00", "11:00", "ann"), on("b", 0, "09:30", "10:30", "bob")],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [GLOBAL_COUNT_CONSTRAINT + 3]: {
    name: "Required shift group assignment mode not met",
    cases: [
      {
        title: "SINGLE_SHIFT (exactly one): group g of a, b, c with a and b worked -> 1; group h (tag not in the rule) is not scored; unassigned c costs nothing (the group decides)",
        input: global(
          { shiftGroupRules: [{ id: "r", includeShiftGroupTags: ["alt"], assignmentMode: { type: "SINGLE_SHIFT" } }] },
          [on("a", 0, "08:00", "12:00", "ann"), on("b", 0, "13:00", "17:00", "bob"), on("c", 1, "08:00", "12:00", undefined), on("d", 2, "08:00", "12:00", "ann"), on("e", 2, "13:00", "17:00", "bob")],
          { shiftGroups: [{ id: "g", tags: ["alt"], shifts: ["a", "b", "c"] }, { id: "h", tags: ["other"], shifts: ["d", "e"] }] },
        ),
        assignment: [0, 1, -1, 0, 1],
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "exactly one: group g with none of a, b worked -> 1 (and its shifts cost nothing unassigned); group h with one -> 0",
        input: global(
          { shiftGroupRules: [{ id: "r", assignmentMode: { type: "SINGLE_SHIFT" } }] },
          [on("a", 0, "08:00", "12:00", undefined), on("b", 0, "13:00", "17:00", undefined), on("c", 1, "08:00", "12:00", "ann"), on("d", 1, "13:00", "17:00", undefined)],
          { shiftGroups: [{ id: "g", shifts: ["a", "b"] }, { id: "h", shifts: ["c", "d"] }] },
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "a rule without tags and mode takes every group (SINGLE_SHIFT): three of three worked -> 2",
        input: global({ shiftGroupRules: [{ id: "r" }] }, [on("a", 0, "08:00", "12:00", "ann"), on("b", 0, "13:00", "17:00", "bob"), on("c", 1, "08:00", "12:00", "cat")], {
          shiftGroups: [{ id: "g", shifts: ["a", "b", "c"] }],
        }),
        score: "-2hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  [GLOBAL_COUNT_CONSTRAINT + 4]: {
    name: "Employee group split into multiple shifts per day",
    cases: [
      {
        title: "team A at most 1 shift time a day at a location: Monday L1 ann 08-12 and bob 13-17 -> 2 times, 1; cat (team B) and bob's L2 shift do not count",
        input: {
          employees: [
            { id: "ann", tags: ["teamA"], preferredPairings: [{ includeEmployeeWithTags: ["teamA"], groupByEmployeeTag: "Team", commonTagType: "Location", groupShiftsPerDayLimit: { groupShiftsPerDayMax: 1 } }] },
            { id: "bob", tags: ["teamA"] },
            { id: "cat", tags: ["teamB"] },
          ],
          tagTypes: [{ id: "Team" }, { id: "Location" }],
          tags: [{ id: "teamA", tagType: "Team" }, { id: "teamB", tagType: "Team" }, { id: "L1", tagType: "Location" }, { id: "L2", tagType: "Location" }],
          shifts: [
            on("a", 0, "08:00", "12:00", "ann", { tags: ["L1"] }), on("b", 0, "13:00", "17:00", "bob", { tags: ["L1"] }), on("c", 0, "10:00", "14:00", "cat", { tags: ["L1"] }),
            on("d", 0, "09:00", "10:00", "bob", { tags: ["L2"] }), on("e", 1, "08:00", "12:00", "ann", { tags: ["L1"] }),
          ],
        },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
};
