/**
 * Verifier rows of the pairing constraints (ids 57-65), merged into the table of constraints.test.ts: each a
 * hand-made input with its score computed by hand in the title. 2027-02-01 is a Monday; times are UTC unless the
 * employee has a time zone.
 */
import type { ModelInput } from "../../schemas/model-input";
import type { ContractCase } from "./contract-cases";
import { onDay } from "./contract-cases";

type Shift = ModelInput["shifts"][number];
type Employee = ModelInput["employees"][number];

/** A shift on Monday 1 February from `from` to `to`, worked by `employee`. */
const on = (id: string, employee: string, from: string, to: string, extra: Partial<Shift> = {}): Shift => onDay(id, 0, from, to, { employee, ...extra });

const tagged = {
  tagTypes: [{ id: "Location" }, { id: "Team" }, { id: "Role" }],
  tags: [
    { id: "loc-a", tagType: "Location" },
    { id: "loc-b", tagType: "Location" },
    { id: "team-a", tagType: "Team" },
    { id: "team-b", tagType: "Team" },
    { id: "trainer", tagType: "Role" },
    { id: "senior", tagType: "Role" },
    { id: "night", tagType: "Role" },
  ],
};

function people(...list: Employee[]): Employee[] {
  return list;
}

/** Ann under one contract with daily shift pairing rules, working `shifts` (onDay shifts are hers by default). */
function daily(rules: NonNullable<NonNullable<ModelInput["contracts"]>[number]["dailyShiftPairingRules"]>, shifts: Shift[], employees: Employee[] = [{ id: "ann", contracts: ["c"] }]): ModelInput {
  return { contracts: [{ id: "c", dailyShiftPairingRules: rules }], employees, shifts };
}

export const PAIRING_CASES: Record<number, { name: string; cases: ContractCase[] }> = {
  57: {
    name: "Employee is not paired with required employee",
    cases: [
      {
        title: "ann requires bob: 08-16 with bob 10-14 leaves 240 minutes unpaired, 18-20 alone 120",
        input: {
          employees: people({ id: "ann", requiredPairings: [{ pairedEmployee: "bob" }] }, { id: "bob" }),
          shifts: [on("a1", "ann", "08:00", "16:00"), on("a2", "ann", "18:00", "20:00"), on("b1", "bob", "10:00", "14:00")],
        },
        score: "-360hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "includeEmployeeWithTags trainer: trainers bob 10-12 and carl 11-14 cover 10-14 of ann's 08-16 (dan is no trainer, eve's shift is later) -> 240",
        input: {
          ...tagged,
          employees: people({ id: "ann", requiredPairings: [{ includeEmployeeWithTags: ["trainer"] }] }, { id: "bob", tags: ["trainer"] }, { id: "carl", tags: ["trainer"] }, { id: "dan" }, { id: "eve", tags: ["trainer"] }),
          shifts: [on("a", "ann", "08:00", "16:00"), on("b", "bob", "10:00", "12:00"), on("c", "carl", "11:00", "14:00"), on("d", "dan", "08:00", "16:00"), on("e", "eve", "16:00", "18:00")],
        },
        score: "-240hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "onlyForShiftTags training: only ann's training shift needs bob (240); her other shift is free",
        input: {
          employees: people({ id: "ann", requiredPairings: [{ pairedEmployee: "bob", onlyForShiftTags: ["training"] }] }, { id: "bob" }),
          shifts: [on("a1", "ann", "08:00", "12:00", { tags: ["training"] }), on("a2", "ann", "14:00", "16:00"), on("b", "bob", "14:00", "16:00")],
        },
        score: "-240hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "groupByEmployeeTag Team: only seniors of ann's team count; carl (team-a) covers 120 of 240, bob (team-b) does not",
        input: {
          ...tagged,
          employees: people(
            { id: "ann", tags: ["team-a"], requiredPairings: [{ includeEmployeeWithTags: ["senior"], groupByEmployeeTag: "Team", commonTagType: "Location" }] },
            { id: "bob", tags: ["senior", "team-b"] },
            { id: "carl", tags: ["senior", "team-a"] },
          ),
          shifts: [on("a", "ann", "08:00", "12:00", { tags: ["loc-a"] }), on("b", "bob", "08:00", "12:00", { tags: ["loc-a"] }), on("c", "carl", "10:00", "12:00", { tags: ["loc-a"] })],
        },
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "planning window: ann's historic shift has no match, her planned one does (120)",
        input: {
          planningWindow: { start: "2027-02-01T13:00:00Z", end: "2027-02-08T00:00:00Z" },
          employees: people({ id: "ann", requiredPairings: [{ pairedEmployee: "bob" }] }, { id: "bob" }),
          shifts: [on("old", "ann", "08:00", "12:00"), on("new", "ann", "14:00", "16:00")],
        },
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  58: {
    name: "Employee is paired with prohibited employee",
    cases: [
      {
        title: "ann prohibits bob: 08-12 and 10-14 overlap 120",
        input: {
          employees: people({ id: "ann", prohibitedPairings: [{ pairedEmployee: "bob" }] }, { id: "bob" }),
          shifts: [on("a", "ann", "08:00", "12:00"), on("b", "bob", "10:00", "14:00")],
        },
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "commonTagType Location: only bob's shift at ann's location counts (60)",
        input: {
          ...tagged,
          employees: people({ id: "ann", prohibitedPairings: [{ pairedEmployee: "bob", commonTagType: "Location" }] }, { id: "bob" }),
          shifts: [on("a", "ann", "08:00", "12:00", { tags: ["loc-a"] }), on("b1", "bob", "10:00", "11:00", { tags: ["loc-b"] }), on("b2", "bob", "11:00", "12:00", { tags: ["loc-a"] })],
        },
        score: "-60hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "by employee tag with onlyForShiftTags icu: night worker bob's icu shift overlaps 120, carl's other shift does not count",
        input: {
          ...tagged,
          employees: people({ id: "ann", prohibitedPairings: [{ includeEmployeeWithTags: ["night"], onlyForShiftTags: ["icu"] }] }, { id: "bob", tags: ["night"] }, { id: "carl", tags: ["night"] }),
          shifts: [on("a", "ann", "08:00", "12:00", { tags: ["icu"] }), on("b", "bob", "09:00", "11:00", { tags: ["icu"] }), on("c", "carl", "08:00", "12:00")],
        },
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  59: {
    name: "Employee is paired with unpreferred employee",
    cases: [
      {
        title: "ann unprefers night workers: bob 07-09 and carl 11-13 each overlap her 08-12 by 60, dan's 06-08 not at all",
        input: {
          ...tagged,
          employees: people({ id: "ann", unpreferredPairings: [{ includeEmployeeWithTags: ["night"] }] }, { id: "bob", tags: ["night"] }, { id: "carl", tags: ["night"] }, { id: "dan", tags: ["night"] }),
          shifts: [on("a", "ann", "08:00", "12:00"), on("b", "bob", "07:00", "09:00"), on("c", "carl", "11:00", "13:00"), on("d", "dan", "06:00", "08:00")],
        },
        score: "0hard/0medium/-120soft",
        matches: 2,
      },
      {
        title: "onlyForShiftTags ward and commonTagType Location: only bob's ward shift at ann's location counts (60)",
        input: {
          ...tagged,
          employees: people({ id: "ann", unpreferredPairings: [{ pairedEmployee: "bob", onlyForShiftTags: ["ward"], commonTagType: "Location" }] }, { id: "bob" }),
          shifts: [
            on("a", "ann", "08:00", "12:00", { tags: ["ward", "loc-a"] }),
            on("b1", "bob", "09:00", "10:00", { tags: ["ward", "loc-a"] }),
            on("b2", "bob", "10:00", "11:00", { tags: ["loc-a"] }),
            on("b3", "bob", "11:00", "12:00", { tags: ["ward", "loc-b"] }),
            on("a2", "ann", "14:00", "16:00"),
            on("b4", "bob", "14:00", "16:00", { tags: ["ward", "loc-a"] }),
          ],
        },
        score: "0hard/0medium/-60soft",
        matches: 1,
      },
    ],
  },
  60: {
    name: "Employee is paired with preferred employee",
    cases: [
      {
        title: "ann and bob prefer each other: 60 concurrent minutes rewarded once per pairing -> 120",
        input: {
          employees: people({ id: "ann", preferredPairings: [{ pairedEmployee: "bob" }] }, { id: "bob", preferredPairings: [{ pairedEmployee: "ann" }] }),
          shifts: [on("a", "ann", "08:00", "12:00"), on("b", "bob", "09:00", "10:00")],
        },
        score: "0hard/0medium/120soft",
        matches: 2,
      },
      {
        title: "seniors of ann's team at her location: bob 120; carl (other team) and dan (other location) do not count",
        input: {
          ...tagged,
          employees: people(
            { id: "ann", tags: ["team-a"], preferredPairings: [{ includeEmployeeWithTags: ["senior"], groupByEmployeeTag: "Team", commonTagType: "Location" }] },
            { id: "bob", tags: ["senior", "team-a"] },
            { id: "carl", tags: ["senior", "team-b"] },
            { id: "dan", tags: ["senior", "team-a"] },
          ),
          shifts: [
            on("a", "ann", "08:00", "12:00", { tags: ["loc-a"] }),
            on("b", "bob", "08:00", "10:00", { tags: ["loc-a"] }),
            on("c", "carl", "08:00", "12:00", { tags: ["loc-a"] }),
            on("d", "dan", "11:00", "12:00", { tags: ["loc-b"] }),
          ],
        },
        score: "0hard/0medium/120soft",
        matches: 1,
      },
    ],
  },
  61: {
    name: "Paired employees don't work shifts with common tags",
    cases: [
      {
        title: "ann requires bob at the same location: bob is there all along but at loc-b -> 240 (the pairing itself is met)",
        input: {
          ...tagged,
          employees: people({ id: "ann", requiredPairings: [{ pairedEmployee: "bob", commonTagType: "Location" }] }, { id: "bob" }),
          shifts: [on("a", "ann", "08:00", "12:00", { tags: ["loc-a"] }), on("b", "bob", "08:00", "12:00", { tags: ["loc-b"] })],
        },
        score: "-240hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "groupByEmployeeTag team-a (a tag standing for its type): bob at loc-b 08-10 is a match (120), carl at loc-a 10-12 is not; ann is fully paired",
        input: {
          ...tagged,
          employees: people(
            { id: "ann", tags: ["team-a"], requiredPairings: [{ includeEmployeeWithTags: ["senior"], groupByEmployeeTag: "team-a", commonTagType: "Location" }] },
            { id: "bob", tags: ["senior", "team-a"] },
            { id: "carl", tags: ["senior", "team-a"] },
          ),
          shifts: [on("a", "ann", "08:00", "12:00", { tags: ["loc-a"] }), on("b", "bob", "08:00", "10:00", { tags: ["loc-b"] }), on("c", "carl", "10:00", "12:00", { tags: ["loc-a"] })],
        },
        score: "-120hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  62: {
    name: "Employee does not have required daily shift pairing",
    cases: [
      {
        title: "an early shift needs a late one the same day: Monday has it, Tuesday not -> 1",
        input: daily([{ id: "r", shiftTags: ["early"], pairedShiftTags: ["late"] }], [
          onDay("e0", 0, "06:00", "10:00", { tags: ["early"] }),
          onDay("l0", 0, "16:00", "20:00", { tags: ["late"] }),
          onDay("e1", 1, "06:00", "10:00", { tags: ["early"] }),
        ]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "days are local: 14:00Z and 02:00Z next day are both Monday in New York (paired), two days for bob without zone -> 1",
        input: daily(
          [{ id: "r", shiftTags: ["early"], pairedShiftTags: ["late"] }],
          [
            onDay("ae", 0, "14:00", "15:00", { tags: ["early"] }),
            onDay("al", 1, "02:00", "03:00", { tags: ["late"] }),
            onDay("be", 0, "14:00", "15:00", { tags: ["early"], employee: "bob" }),
            onDay("bl", 1, "02:00", "03:00", { tags: ["late"], employee: "bob" }),
          ],
          [{ id: "ann", contracts: ["c"], timeZoneId: "America/New_York" }, { id: "bob", contracts: ["c"] }],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "a shift is never its own pair: one shift tagged early and late -> 1",
        input: daily([{ id: "r", shiftTags: ["early"], pairedShiftTags: ["late"] }], [onDay("x", 0, "06:00", "10:00", { tags: ["early", "late"] })]),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  63: {
    name: "Employee has prohibited daily shift pairing",
    cases: [
      {
        title: "no early shift the day after a night (dayOffset 1): two early shifts on Tuesday -> 2; Wednesday's is fine",
        input: daily([{ id: "r", satisfiability: "PROHIBITED", shiftTags: ["night"], pairedShiftTags: ["early"], dayOffset: 1 }], [
          onDay("n", 0, "22:00", "02:00", { tags: ["night"] }),
          onDay("e1", 1, "06:00", "08:00", { tags: ["early"] }),
          onDay("e2", 1, "10:00", "12:00", { tags: ["early"] }),
          onDay("e3", 2, "06:00", "08:00", { tags: ["early"] }),
        ]),
        score: "-2hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "same day in Tokyo: 20:00Z Monday is Tuesday 05:00 there, paired with 01:00Z Tuesday (1); for bob (no zone) they are two days",
        input: daily(
          [{ id: "r", satisfiability: "PROHIBITED", shiftTags: ["night"], pairedShiftTags: ["early"] }],
          [
            onDay("an", 0, "20:00", "22:00", { tags: ["night"] }),
            onDay("ae", 1, "01:00", "03:00", { tags: ["early"] }),
            onDay("bn", 0, "20:00", "22:00", { tags: ["night"], employee: "bob" }),
            onDay("be", 1, "01:00", "03:00", { tags: ["early"], employee: "bob" }),
          ],
          [{ id: "ann", contracts: ["c"], timeZoneId: "Asia/Tokyo" }, { id: "bob", contracts: ["c"] }],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  64: {
    name: "Employee has unpreferred daily shift pairing",
    cases: [
      {
        title: "shiftTagMatches ANY: a late or night shift followed by an early one the next day -> 1",
        input: daily([{ id: "r", satisfiability: "UNPREFERRED", shiftTags: ["late", "night"], pairedShiftTags: ["early"], shiftTagMatches: "ANY", dayOffset: 1 }], [
          onDay("l", 0, "14:00", "22:00", { tags: ["late"] }),
          onDay("e", 1, "06:00", "10:00", { tags: ["early"] }),
          onDay("x", 2, "14:00", "22:00", { tags: ["day"] }),
          onDay("e2", 3, "06:00", "10:00", { tags: ["early"] }),
        ]),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
      {
        title: "no nights on consecutive days: a night crossing midnight belongs to its start day; Mon and Tue nights -> 1, Thu is alone",
        input: daily([{ id: "r", satisfiability: "UNPREFERRED", shiftTags: ["night"], pairedShiftTags: ["night"], dayOffset: 1 }], [
          onDay("n1", 0, "22:00", "06:00", { tags: ["night"] }),
          onDay("n2", 1, "22:00", "06:00", { tags: ["night"] }),
          onDay("n3", 3, "22:00", "06:00", { tags: ["night"] }),
        ]),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  65: {
    name: "Employee does not have preferred daily shift pairing",
    cases: [
      {
        title: "dayOffset -1: an 'a' shift prefers a 'b' shift the day before; Tuesday has it, Thursday not -> 1",
        input: daily([{ id: "r", satisfiability: "PREFERRED", shiftTags: ["a"], pairedShiftTags: ["b"], dayOffset: -1 }], [
          onDay("b0", 0, "08:00", "10:00", { tags: ["b"] }),
          onDay("a1", 1, "08:00", "10:00", { tags: ["a"] }),
          onDay("a3", 3, "08:00", "10:00", { tags: ["a"] }),
        ]),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
      {
        title: "without pairedShiftTags any other shift of the day pairs: Monday's 'a' has one, Wednesday's not -> 1",
        input: daily([{ id: "r", satisfiability: "PREFERRED", shiftTags: ["a"] }], [
          onDay("a0", 0, "08:00", "10:00", { tags: ["a"] }),
          onDay("x0", 0, "14:00", "16:00"),
          onDay("a2", 2, "08:00", "10:00", { tags: ["a"] }),
        ]),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
};
