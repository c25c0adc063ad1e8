/**
 * Verifier table: each constraint in isolation on hand-made inputs with a known score, keyed by the constraint's
 * stable id (the name is checked too, so a copy-paste slip between rows cannot pass).
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, formatScore, SolverSession } from "../../solver/index";
import { debugModule, shift } from "./helpers";

interface Case {
  title: string;
  input: ModelInput;
  /** Employee index per shift; omitted = the input's own employees. */
  assignment?: number[];
  score: string;
  matches: number;
}

const alice = { id: "alice" };
const bob = { id: "bob", skills: [{ id: "nurse" }] };

const VERIFIER: Record<number, { name: string; cases: Case[] }> = {
  0: {
    name: "Required skill missing",
    cases: [
      {
        title: "two required skills the employee lacks",
        input: { employees: [alice], shifts: [shift("s", "08:00", "16:00", { requiredSkills: ["nurse", "driver"], employee: "alice" })] },
        score: "-2hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "one of two skills held",
        input: { employees: [bob], shifts: [shift("s", "08:00", "16:00", { requiredSkills: ["nurse", "driver"], employee: "bob" })] },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "skill held",
        input: { employees: [bob], shifts: [shift("s", "08:00", "16:00", { requiredSkills: ["nurse"], employee: "bob" })] },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
    ],
  },
  1: {
    name: "Overlapping shift",
    cases: [
      {
        title: "two shifts overlapping 60 minutes",
        input: { employees: [alice], shifts: [shift("a", "08:00", "12:00", { employee: "alice" }), shift("b", "11:00", "15:00", { employee: "alice" })] },
        score: "-60hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "back to back shifts do not overlap",
        input: { employees: [alice], shifts: [shift("a", "08:00", "12:00", { employee: "alice" }), shift("b", "12:00", "15:00", { employee: "alice" })] },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "a long shift containing two others",
        input: {
          employees: [alice],
          shifts: [
            shift("long", "06:00", "18:00", { employee: "alice" }),
            shift("x", "07:00", "08:00", { employee: "alice" }),
            shift("y", "16:00", "20:00", { employee: "alice" }),
          ],
        },
        score: "-180hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "same times on different employees",
        input: { employees: [alice, bob], shifts: [shift("a", "08:00", "12:00", { employee: "alice" }), shift("b", "08:00", "12:00", { employee: "bob" })] },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
    ],
  },
  2: {
    name: "Employee works during unavailable time",
    cases: [
      {
        title: "90 minutes inside an unavailable span",
        input: {
          employees: [{ id: "alice", unavailableTimeSpans: [{ start: "2027-02-01T06:00:00Z", end: "2027-02-01T09:30:00Z" }] }],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice" })],
        },
        score: "-90hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "overlapping spans count each minute once; offsets respected",
        input: {
          employees: [
            {
              id: "alice",
              unavailableTimeSpans: [
                { start: "2027-02-01T09:00:00+01:00", end: "2027-02-01T10:00:00+01:00" },
                { start: "2027-02-01T08:30:00Z", end: "2027-02-01T09:30:00Z" },
                { start: "2027-02-01T15:00:00Z", end: "2027-02-01T18:00:00Z" },
              ],
            },
          ],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice" })],
        },
        score: "-150hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  3: {
    name: "Unassigned shift",
    cases: [
      {
        title: 'priority "1" costs 10',
        input: { employees: [], shifts: [shift("s", "08:00", "16:00", { priority: "1" })] },
        score: "0hard/-10medium/0soft",
        matches: 1,
      },
      {
        title: 'priority "10" costs 1',
        input: { employees: [], shifts: [shift("s", "08:00", "16:00", { priority: "10" })] },
        score: "0hard/-1medium/0soft",
        matches: 1,
      },
      {
        title: 'missing priority counts as "1"; unknown employee reads as unassigned',
        input: { employees: [alice], shifts: [shift("a", "08:00", "16:00"), shift("b", "08:00", "16:00", { employee: "ghost", pinned: true, priority: "6" })] },
        score: "0hard/-15medium/0soft",
        matches: 2,
      },
    ],
  },
};

describe("constraint verifier", () => {
  it("covers every constraint the core reports", async () => {
    const session = await SolverSession.create(debugModule(), encodeProblem({ employees: [], shifts: [] }));
    const reported = session.constraintScores().map((c) => [c.id, c.name]);
    expect(reported).toEqual(Object.entries(VERIFIER).map(([id, v]) => [Number(id), v.name]));
  });

  for (const [idText, { name, cases }] of Object.entries(VERIFIER)) {
    const id = Number(idText);
    describe(`${id}: ${name}`, () => {
      for (const c of cases) {
        it(c.title, async () => {
          const problem = encodeProblem(c.input);
          // Zero budget: score the given solution before any construction or search.
          const session = await SolverSession.create(debugModule(), problem);
          if (c.assignment) session.applyAssignment(Int32Array.from(c.assignment));
          const row = session.constraintScores().find((s) => s.id === id)!;
          expect(row.name).toBe(name);
          expect(formatScore(row.score)).toBe(c.score);
          expect(row.matchCount).toBe(c.matches);
          expect(session.constraintScoresFromScratch()[id]).toEqual(row.score);
          // In these cases the constraint under test is the only one penalizing.
          expect(formatScore(session.currentScore())).toBe(c.score);
          expect(session.scoreFromScratch()).toEqual(session.currentScore());
        });
      }
    });
  }

  it("a weight multiplies a constraint and 0 disables it", async () => {
    const input: ModelInput = {
      employees: [alice],
      shifts: [shift("a", "08:00", "12:00", { employee: "alice" }), shift("b", "11:00", "15:00", { employee: "alice" }), shift("c", "08:00", "09:00", { priority: "5" })],
    };
    const tripled = await SolverSession.create(debugModule(), encodeProblem(input), { weights: { "Overlapping shift": 3, "Unassigned shift": 0 } });
    expect(formatScore(tripled.currentScore())).toBe("-180hard/0medium/0soft");
    const byName = Object.fromEntries(tripled.constraintScores().map((c) => [c.name, c]));
    expect(byName["Unassigned shift"].matchCount).toBe(0);
  });
});
