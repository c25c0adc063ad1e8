/**
 * The pair re-roster (assembly/moves/horizon.ts applyPairReroster): two employees cleared over a week, then each
 * one's days chosen again by the beam search, the first's before the second's, as one compound move.
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, SolverSession } from "../../solver/index";
import { debugModule } from "./helpers";

// Monday 2027-02-01 to Saturday 2027-02-06, one shift a day.
const day = (d: number) => `2027-02-0${d + 1}`;
const shifts = Array.from({ length: 6 }, (_, d) => ({ id: `d${d}`, start: `${day(d)}T08:00:00Z`, end: `${day(d)}T16:00:00Z` }));
const SATURDAY = 5;
// ann works at most five shifts; bob at most one, and never on Saturday.
const input: ModelInput = {
  contracts: [
    { id: "five", periodRules: [{ id: "five", period: "SCHEDULE", shiftsWorkedMax: 5 }] },
    { id: "one", periodRules: [{ id: "one", period: "SCHEDULE", shiftsWorkedMax: 1 }] },
  ],
  employees: [
    { id: "ann", contracts: ["five"] },
    { id: "bob", contracts: ["one"], unavailableTimeSpans: [{ start: `${day(SATURDAY)}T00:00:00Z`, end: "2027-02-07T00:00:00Z" }] },
  ],
  shifts,
};
const ANN = 0, BOB = 1;

async function annOnWeekdays(seed: number): Promise<SolverSession> {
  const session = await SolverSession.create(debugModule(), encodeProblem(input), { seed });
  session.applyAssignment([ANN, ANN, ANN, ANN, ANN, -1]);
  return session;
}

describe("pair re-roster", () => {
  it("covers Saturday: bob takes one of ann's weekdays and ann takes Saturday, in one move", async () => {
    for (let seed = 1; seed <= 4; seed++) {
      const session = await annOnWeekdays(seed);
      const before = session.currentScore();
      expect(before.medium).toBeLessThan(0); // Saturday is open

      expect(session.pairReroster(BOB, ANN, SATURDAY)).toBeGreaterThan(0);
      const after = [...session.currentAssignment()];
      expect(after[SATURDAY]).toBe(ANN);
      expect(after.filter((e) => e === BOB)).toHaveLength(1);
      expect(after.filter((e) => e === ANN)).toHaveLength(5);
      expect(session.currentScore()).toEqual({ hard: 0, medium: 0, soft: 0 });
      expect(session.scoreFromScratch()).toEqual(session.currentScore());
    }
  });

  it("rejects an employee or shift out of range", async () => {
    const session = await annOnWeekdays(1);
    expect(() => session.pairReroster(BOB, 2, SATURDAY)).toThrow(/pairReroster/);
    expect(() => session.pairReroster(BOB, ANN, 6)).toThrow(/pairReroster/);
    expect([...session.currentAssignment()]).toEqual([ANN, ANN, ANN, ANN, ANN, -1]);
  });
});
