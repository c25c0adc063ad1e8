/**
 * The cover move's best taker (assembly/moves/cover.ts bestTaker): of the employees who hold an open shift's key
 * skill and no shift at its time, the one whose taking it scores best.
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, SolverSession } from "../../solver/index";
import { debugModule, shift } from "./helpers";

const nurse = (id: string) => ({ id, contracts: ["c"], skills: [{ id: "nurse" }] });
// One shift a day at most (a hard rule); dan is no nurse.
const base: Omit<ModelInput, "shifts"> = {
  contracts: [{ id: "c", periodRules: [{ id: "d", period: "DAY", shiftsWorkedMax: 1 }] }],
  employees: [nurse("ann"), nurse("bob"), nurse("cara"), { id: "dan" }],
};
const open = shift("open", "14:00", "18:00", { requiredSkills: ["nurse"] });

async function takerOf(shifts: ModelInput["shifts"], assignment: number[], seed = 1): Promise<number> {
  const problem = encodeProblem({ ...base, shifts: [open, ...shifts] });
  const session = await SolverSession.create(debugModule(), problem, { seed });
  session.applyAssignment([-1, ...assignment]);
  return session.coverTaker(0);
}

describe("cover move: best taker of an open shift", () => {
  it("is the free employee who breaks no rule by taking it, whichever employee the scan starts from", async () => {
    // ann works at its time, bob that morning (one shift a day), cara is free, dan lacks the skill.
    const shifts = [shift("a", "13:00", "15:00"), shift("b", "06:00", "10:00")];
    for (let seed = 1; seed <= 6; seed++) expect(await takerOf(shifts, [0, 1], seed)).toBe(2);
  });

  it("is one breaking the rule when every free one does, never one busy at its time or without the skill", async () => {
    const shifts = [shift("a", "13:00", "15:00"), shift("b", "06:00", "10:00"), shift("c", "06:00", "09:00")];
    expect([1, 2]).toContain(await takerOf(shifts, [0, 1, 2]));
  });

  it("is none when every holder of the skill works at its time", async () => {
    const shifts = [shift("a", "13:00", "15:00"), shift("b", "15:00", "16:00"), shift("c", "17:00", "19:00")];
    expect(await takerOf(shifts, [0, 1, 2])).toBe(-1);
  });
});
