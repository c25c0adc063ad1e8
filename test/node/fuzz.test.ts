/**
 * Incremental score == from-scratch score, after every move, total and per constraint, on random inputs
 * (the FULL_ASSERT idea of Timefold). Uses the checked build so a corrupt list or a bad index aborts loudly.
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, SolverSession } from "../../solver/index";
import { rng } from "../../bench/generate";
import { debugModule } from "./helpers";

const BASE = Date.parse("2027-02-01T00:00:00Z");
const iso = (minute: number) => new Date(BASE + minute * 60_000).toISOString();

/** Deliberately rough inputs: zero-length shifts, overlapping spans, unknown employees and skills, odd offsets. */
function randomInput(seed: number): ModelInput {
  const random = rng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const skills = ["a", "b", "c", "d"];
  const pick = () => skills.filter(() => random() < 0.35);
  const employees = Array.from({ length: int(7) }, (_, i) => ({
    id: `e${i}`,
    skills: pick().map((id) => ({ id })),
    unavailableTimeSpans: Array.from({ length: int(4) }, () => {
      const start = int(2880);
      return { start: iso(start), end: iso(start + int(600)) };
    }),
  }));
  const shifts = Array.from({ length: int(35) }, (_, i) => {
    const start = int(2880);
    const employee = random() < 0.4 ? (random() < 0.15 ? "ghost" : `e${int(Math.max(1, employees.length))}`) : undefined;
    return {
      id: `s${i}`,
      start: iso(start),
      end: iso(start + (random() < 0.05 ? 0 : int(720))),
      requiredSkills: [...pick(), ...(random() < 0.05 ? ["unheld"] : [])],
      ...(random() < 0.8 ? { priority: String(1 + int(10)) as "1" } : {}),
      ...(random() < 0.2 ? { pinned: true } : {}),
      ...(employee && (employee === "ghost" || employees.length) ? { employee } : {}),
    };
  });
  return { employees, shifts };
}

function expectConsistent(session: SolverSession): void {
  expect(session.currentScore()).toEqual(session.scoreFromScratch());
  const fromScratch = session.constraintScoresFromScratch();
  for (const c of session.constraintScores()) expect(c.score, c.name).toEqual(fromScratch[c.id]);
}

describe("incremental score fuzz", () => {
  it("matches from-scratch after every random change and swap move", async () => {
    let moves = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const problem = encodeProblem(randomInput(seed));
      const session = await SolverSession.create(debugModule(), problem, { seed });
      expectConsistent(session);
      const random = rng(seed * 7919);
      const n = problem.shiftIds.length, e = problem.employeeIds.length;
      if (n === 0) continue;
      const pinned = Array.from(problem.shiftPinned, Boolean);
      const pinnedEmployees = session.currentAssignment().filter((_, i) => pinned[i]);
      for (let k = 0; k < 300; k++) {
        const s = Math.floor(random() * n);
        if (random() < 0.6) {
          const to = Math.floor(random() * (e + 1)) - 1;
          if (pinned[s]) expect(() => session.move(s, to)).toThrow(/pinned/);
          else session.move(s, to);
        } else {
          const t = Math.floor(random() * n);
          if (pinned[s] || pinned[t]) expect(() => session.swap(s, t)).toThrow(/pinned/);
          else session.swap(s, t);
        }
        moves++;
        expectConsistent(session);
      }
      expect(session.currentAssignment().filter((_, i) => pinned[i])).toEqual(pinnedEmployees);
    }
    expect(moves).toBeGreaterThan(5000);
  });

  it("matches from-scratch between search slices (construction and local search moves)", async () => {
    for (let seed = 100; seed < 130; seed++) {
      const session = await SolverSession.create(debugModule(), encodeProblem(randomInput(seed)), { seed, lahcLength: 1 + (seed % 50) });
      for (let slice = 0; slice < 30; slice++) {
        session.runSlice(1 + ((seed * 31 + slice * 17) % 97));
        expectConsistent(session);
      }
    }
  });
});
