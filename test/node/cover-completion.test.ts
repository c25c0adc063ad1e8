/**
 * The cover completion (assembly/moves/cover.ts applyCoverCompletion): an employee at work the day next to an open
 * shift, and off on its day, takes it; as drawn, it first exchanges its shift of that next day with the holder of
 * another type then (what a rotation rule may ask), and gives up its nearest shift within three days on the other
 * side (what a minimum of days off may ask).
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, SolverSession } from "../../solver/index";
import { debugModule } from "./helpers";

// Friday 2027-02-05 to Tuesday 2027-02-09; every shift starts at 08:00, as on the nurse rostering benchmark.
const at = (day: number, hours: number) => `2027-02-0${day}T${String(hours).padStart(2, "0")}:00:00Z`;
const FRI = 5, SAT = 6, SUN = 7, TUE = 9;
const shift = (id: string, day: number, hours: number, tag: string) => ({ id, start: at(day, 8), end: at(day, 8 + hours), tags: [tag] });
const input: ModelInput = {
  // A late shift may not be followed by an early one the next day.
  contracts: [{
    id: "c",
    dailyShiftPairingRules: [{ id: "rotation", shiftTags: ["late"], pairedShiftTags: ["early"], dayOffset: 1, satisfiability: "PROHIBITED" }],
  }],
  employees: ["ann", "bob", "cara"].map((id) => ({ id, contracts: ["c"] })),
  shifts: [
    shift("sun-early", SUN, 8, "early"),
    shift("sat-early", SAT, 8, "early"),
    shift("sat-late", SAT, 10, "late"),
    shift("tue-early", TUE, 8, "early"),
    shift("fri-early", FRI, 8, "early"),
  ],
};
const ANN = 0, BOB = 1, CARA = 2;
const OPEN = 0, SAT_EARLY = 1, SAT_LATE = 2, TUE_EARLY = 3, FRI_EARLY = 4;
// bob works Saturday early, ann Saturday late and Tuesday, cara Friday; Sunday's early shift is open.
const START = [-1, BOB, ANN, ANN, CARA];

describe("cover completion", () => {
  it("gives the open shift to a Saturday worker, exchanging Saturday's types or giving up Tuesday as drawn", async () => {
    const seen = { exchanged: 0, gaveUp: 0, byAnn: 0, byBob: 0, annClean: 0, none: 0 };
    for (let seed = 1; seed <= 40; seed++) {
      const session = await SolverSession.create(debugModule(), encodeProblem(input), { seed });
      session.applyAssignment(START);
      const n = session.coverCompletion(OPEN);
      const after = [...session.currentAssignment()];
      expect(session.scoreFromScratch()).toEqual(session.currentScore());
      if (n === 0) {
        // No one works Monday: the draw of the day after finds no employee.
        expect(after).toEqual(START);
        seen.none++;
        continue;
      }
      const taker = after[OPEN];
      expect([ANN, BOB]).toContain(taker);
      expect(after[FRI_EARLY]).toBe(CARA);
      const exchanged = after[SAT_EARLY] === ANN && after[SAT_LATE] === BOB;
      if (!exchanged) expect([after[SAT_EARLY], after[SAT_LATE]]).toEqual([BOB, ANN]);
      // Tuesday is the taker's only shift after Sunday: given up only by ann.
      const gaveUp = after[TUE_EARLY] === -1;
      if (!gaveUp) expect(after[TUE_EARLY]).toBe(ANN);
      if (gaveUp) expect(taker).toBe(ANN);
      expect(n).toBe(1 + (exchanged ? 2 : 0) + (gaveUp ? 1 : 0));
      if (exchanged) seen.exchanged++;
      if (gaveUp) seen.gaveUp++;
      if (taker === ANN) seen.byAnn++;
      else seen.byBob++;
      // ann on Saturday late then Sunday early breaks the rotation; after the exchange she works early twice.
      const rotationBroken = session.currentScore().hard < 0;
      if (taker === ANN) expect(rotationBroken).toBe(!exchanged);
      if (taker === ANN && exchanged) seen.annClean++;
    }
    for (const [what, times] of Object.entries(seen)) expect(times, what).toBeGreaterThan(0);
  });

  it("rejects a shift out of range and changes nothing", async () => {
    const session = await SolverSession.create(debugModule(), encodeProblem(input), { seed: 1 });
    session.applyAssignment(START);
    expect(() => session.coverCompletion(5)).toThrow(/coverCompletion/);
    expect([...session.currentAssignment()]).toEqual(START);
  });
});
