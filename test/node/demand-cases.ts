/**
 * Verifier rows of the hourly demand constraints (ids 70-72), merged into the table of constraints.test.ts: each a
 * hand-made input with its score computed by hand in the title. 2027-02-01 (UTC) is a Monday.
 */
import type { ModelInput } from "../../schemas/model-input";
import type { ContractCase } from "./contract-cases";
import { shift } from "./helpers";

const at = (hhmm: string) => `2027-02-01T${hhmm}:00Z`;
type Rule = Record<string, unknown>;

/** Employees ann (senior), bob (junior), cat (senior, trainee) and the given rules and shifts. */
function demand(rules: Rule[], shifts: ModelInput["shifts"]): ModelInput {
  return {
    employees: [{ id: "ann", tags: ["senior"] }, { id: "bob", tags: ["junior"] }, { id: "cat", tags: ["senior", "trainee"] }],
    shifts,
    globalRules: { minimumMaximumShiftsPerHourlyDemand: rules as never },
  };
}

export const DEMAND_CASES: Record<number, { name: string; cases: ContractCase[] }> = {
  70: {
    name: "Shifts worked not in required hourly demand range",
    cases: [
      {
        title: "no end = one hour (09:00-10:00), max 1: 08-12 and 09:30-10:30 count, 10-11 only touches the end -> 1",
        input: demand(
          [{ id: "d", demandDetails: [{ startDateTime: at("09:00"), maxDemand: 1 }] }],
          [shift("a", "08:00", "12:00", { employee: "ann" }), shift("b", "09:30", "10:30", { employee: "bob" }), shift("c", "10:00", "11:00", { employee: "cat" })],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "partial overlaps count: 09-11, min 3 (deprecated) max 4; 08:00-09:30 and 10:59-12:00 -> 2, short 1 (balance (3-2)² soft)",
        input: demand(
          [{ id: "d", demandDetails: [{ startDateTime: at("09:00"), endDateTime: at("11:00"), minDemand: 3, maxDemand: 4 }] }],
          [shift("a", "08:00", "09:30", { employee: "ann" }), shift("b", "10:59", "12:00", { employee: "bob" })],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
        total: "-1hard/0medium/-1soft",
      },
      {
        title: "tag filters: only 'icu' shifts of 'senior' employees count; max 0 -> ann's icu shift, 1",
        input: demand(
          [{ id: "icu", includeShiftTags: ["icu"], includeEmployeeTags: ["senior"], demandDetails: [{ startDateTime: at("08:00"), endDateTime: at("16:00"), maxDemand: 0 }] }],
          [shift("a", "09:00", "10:00", { employee: "ann", tags: ["icu"] }), shift("b", "09:00", "10:00", { employee: "bob", tags: ["icu"] }), shift("c", "09:00", "10:00", { employee: "cat" })],
        ),
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "max 1 in 09-10 and 10-11; three 09-11 shifts: 2 + 2 = 4 in two intervals",
        input: demand(
          [{ id: "d", demandDetails: [{ startDateTime: at("09:00"), maxDemand: 1 }, { startDateTime: at("10:00"), maxDemand: 1 }] }],
          [shift("a", "09:00", "11:00", { employee: "ann" }), shift("b", "09:00", "11:00", { employee: "bob" }), shift("c", "09:00", "11:00", { employee: "cat" })],
        ),
        score: "-4hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "an interval ending before the planning window is not scored; the one inside is (max 0, one shift -> 1)",
        input: {
          ...demand(
            [{ id: "d", demandDetails: [{ startDateTime: at("06:00"), maxDemand: 0 }, { startDateTime: at("12:00"), maxDemand: 0 }] }],
            [shift("h", "06:00", "07:00", { employee: "ann" }), shift("p", "12:00", "13:00", { employee: "bob" })],
          ),
          planningWindow: { start: at("08:00"), end: "2027-02-02T00:00:00Z" },
        },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  71: {
    name: "Shifts worked not in preferred hourly demand range",
    cases: [
      {
        title: "PREFERRED max 1, three shifts in 09-10 -> 2",
        input: demand(
          [{ id: "d", satisfiability: "PREFERRED", demandDetails: [{ startDateTime: at("09:00"), maxDemand: 1 }] }],
          [shift("a", "09:00", "10:00", { employee: "ann" }), shift("b", "09:00", "10:00", { employee: "bob" }), shift("c", "09:15", "09:45", { employee: "cat" })],
        ),
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
      {
        title: "PREFERRED min 2 max 3, the one shift unassigned -> 2 (balance (2-0)² = 4, unassigned shift 10 medium)",
        input: demand(
          [{ id: "d", satisfiability: "PREFERRED", demandDetails: [{ startDateTime: at("09:00"), endDateTime: at("09:30"), minDemand: 2, maxDemand: 3 }] }],
          [shift("a", "09:00", "10:00")],
        ),
        score: "0hard/0medium/-2soft",
        matches: 1,
        total: "0hard/-10medium/-6soft",
      },
    ],
  },
  72: {
    name: "Balance shifts worked for minimum hourly demand",
    cases: [
      {
        title: "PREFERRED max 2 in 08-09 and 09-10, one 08-09 shift: shortfalls 1 and 2 -> 1 + 4 = 5",
        input: demand(
          [{ id: "d", satisfiability: "PREFERRED", demandDetails: [{ startDateTime: at("08:00"), maxDemand: 2 }, { startDateTime: at("09:00"), maxDemand: 2 }] }],
          [shift("a", "08:00", "09:00", { employee: "ann" })],
        ),
        score: "0hard/0medium/-5soft",
        matches: 2,
      },
      {
        title: "excludeEmployeeTags 'trainee': cat's shift does not count, max 1 -> shortfall 1",
        input: demand(
          [{ id: "d", excludeEmployeeTags: ["trainee"], demandDetails: [{ startDateTime: at("08:00"), maxDemand: 1 }] }],
          [shift("a", "08:00", "09:00", { employee: "cat" })],
        ),
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
      {
        title: "demand met: max 2 with two shifts -> 0",
        input: demand(
          [{ id: "d", demandDetails: [{ startDateTime: at("08:00"), maxDemand: 2 }] }],
          [shift("a", "07:00", "09:00", { employee: "ann" }), shift("b", "08:30", "09:30", { employee: "bob" })],
        ),
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "shift generation: template 09:00 PT2H for 09-11 demand 2 makes two free optional shifts, unassigned: (2-0)² = 4",
        input: demand(
          [{ id: "d", demandDetails: [{ startDateTime: at("09:00"), endDateTime: at("11:00"), maxDemand: 2 }], shiftGeneration: { templates: [{ id: "day", baseStartTime: "09:00", baseDuration: "PT2H" }] } }],
          [shift("x", "14:00", "15:00", { employee: "ann" })],
        ),
        score: "0hard/0medium/-4soft",
        matches: 1,
      },
    ],
  },
};
