/**
 * Pairings beyond the verifier rows (pairing-cases.ts): justification shapes in the score analysis, candidate
 * evaluations, the schema, the zero-cost path and the search honouring a required pairing.
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, evaluateAssignments, formatScore, scoreAnalysis, SolverSession } from "../../solver/index";
import { debugModule, releaseModule, shift } from "./helpers";
import { generateInstance } from "../../bench/generate";
import { PAIRING_CASES } from "./pairing-cases";

async function analyzed(input: ModelInput) {
  const problem = encodeProblem(input);
  const session = await SolverSession.create(debugModule(), problem);
  session.applyAssignment(problem.shiftEmployee);
  return { session, analysis: scoreAnalysis(session, { includeJustifications: true }) };
}

const KEYS: Record<number, string[]> = {
  57: ["description", "employee1", "employee2", "employeePairing", "shift", "tags"],
  58: ["description", "employee1", "employee2", "employeePairing", "shift1", "shift2", "tags"],
  59: ["description", "employee1", "employee2", "employeePairing", "shift1", "shift2", "tags"],
  60: ["description", "employee1", "employee2", "employeePairing", "shift1", "shift2", "tags"],
  61: ["description", "employee1", "employee2", "employeePairing", "shift1", "shift2"],
  62: ["dailyShiftPairingRule", "description", "employee", "shift"],
  63: ["dailyShiftPairingRule", "description", "employee", "shift1", "shift2"],
  64: ["dailyShiftPairingRule", "description", "employee", "shift1", "shift2"],
  65: ["dailyShiftPairingRule", "description", "employee", "shift"],
};

describe("pairings", () => {
  it("every verifier case explains its matches with the reference justification fields, adding up to the score", async () => {
    for (const [idText, { name, cases }] of Object.entries(PAIRING_CASES)) {
      const id = Number(idText);
      for (const c of cases) {
        const { analysis } = await analyzed(c.input);
        const row = analysis.constraints.find((r) => r.name === name)!;
        expect(row.matchCount, c.title).toBe(c.matches);
        expect(row.matches!.length, c.title).toBe(c.matches);
        for (const m of row.matches!) {
          expect(Object.keys(m.justification).sort(), c.title).toEqual(KEYS[id]);
          expect(m.justification.description.length).toBeGreaterThan(20);
        }
      }
    }
  });

  it("justifications name the pairing, the shifts and the rule", async () => {
    const { analysis } = await analyzed(PAIRING_CASES[57].cases[0].input);
    const matches = analysis.constraints.find((r) => r.name === "Employee is not paired with required employee")!.matches!;
    expect(matches.map((m) => m.justification.shift).sort()).toEqual(["a1", "a2"]);
    expect(matches[0].justification).toMatchObject({ employee1: "ann", employee2: "bob", tags: null, employeePairing: { pairedEmployee: "bob" } });
    expect(matches.map((m) => m.score).sort()).toEqual(["-120hard/0medium/0soft", "-240hard/0medium/0soft"]);
    const daily = await analyzed(PAIRING_CASES[63].cases[0].input);
    const pairs = daily.analysis.constraints.find((r) => r.name === "Employee has prohibited daily shift pairing")!.matches!;
    expect(pairs.map((m) => [m.justification.shift1, m.justification.shift2, m.justification.dailyShiftPairingRule])).toEqual([["n", "e1", "r"], ["n", "e2", "r"]]);
  });

  it("a candidate evaluation reports the pairing's score and match count change", async () => {
    const input: ModelInput = {
      employees: [{ id: "ann", requiredPairings: [{ pairedEmployee: "bob" }] }, { id: "bob" }, { id: "carl" }],
      shifts: [shift("a", "08:00", "12:00", { employee: "ann" }), shift("b", "08:00", "12:00", { employee: "carl" })],
    };
    const problem = encodeProblem(input);
    const session = await SolverSession.create(debugModule(), problem);
    session.applyAssignment(problem.shiftEmployee);
    expect(formatScore(session.currentScore())).toBe("-240hard/0medium/0soft");
    const [toBob, toNobody] = evaluateAssignments(session, 1, [1, -1], { includeJustifications: true });
    expect(toBob.scoreDiffText).toBe("240hard/0medium/0soft");
    const diff = toBob.constraintDiffs.find((d) => d.constraintName === "Employee is not paired with required employee")!;
    expect(diff).toMatchObject({ score: "240hard/0medium/0soft", matchCountDiff: -1 });
    expect(diff.matchesDiff).toHaveLength(1);
    expect(diff.matchesDiff![0]).toMatchObject({ score: "240hard/0medium/0soft", justification: { employee1: "ann", shift: "a" } });
    expect(toNobody.constraintDiffs.some((d) => d.constraintName.startsWith("Employee is not paired"))).toBe(false);
    expect(formatScore(session.currentScore())).toBe("-240hard/0medium/0soft");
  });

  it("the search pairs the required partner and avoids the prohibited one", async () => {
    const input: ModelInput = {
      employees: [
        { id: "ann", requiredPairings: [{ pairedEmployee: "bob" }], prohibitedPairings: [{ pairedEmployee: "carl" }] },
        { id: "bob" },
        { id: "carl" },
        { id: "dan" },
      ],
      shifts: ["06", "10", "14"].flatMap((h) => [
        shift(`x${h}`, `${h}:00`, `${String(Number(h) + 4).padStart(2, "0")}:00`, { employee: "ann", pinned: true }),
        shift(`y${h}`, `${h}:00`, `${String(Number(h) + 4).padStart(2, "0")}:00`),
      ]),
    };
    const problem = encodeProblem(input);
    const session = await SolverSession.create(releaseModule(), problem, { seed: 1 });
    session.runSlice(20_000);
    expect(session.bestScore()).toEqual({ hard: 0, medium: 0, soft: 0 });
    const best = session.bestAssignment();
    expect([1, 3, 5].map((s) => problem.employeeIds[best[s]])).toEqual(["bob", "bob", "bob"]);
  });

  it("the checked and the release build agree (they read many partners and watchers by different paths)", async () => {
    for (let seed = 1; seed <= 4; seed++) {
      const input = generateInstance({ shifts: 150, employees: 16, seed, spread: 1.3, warmShare: 0.6, pinnedShare: 0, features: true, contracts: false });
      input.employees.forEach((e, i) => {
        e.tags = [...(e.tags ?? []), `group-${i % 3}`];
        e.unpreferredPairings = [{ includeEmployeeWithTags: [`group-${(i + 1) % 3}`] }];
        e.preferredPairings = [{ includeEmployeeWithTags: [`group-${i % 3}`] }];
        if (i % 4 === 0) e.requiredPairings = [{ includeEmployeeWithTags: [`group-${(i + 2) % 3}`] }];
      });
      const problem = encodeProblem(input);
      const run = await SolverSession.create(releaseModule(), problem, { seed });
      run.runSlice(5_000);
      const assignment = run.currentAssignment();
      const checked = await SolverSession.create(debugModule(), problem, { seed });
      checked.applyAssignment(assignment);
      expect(checked.constraintScoresFromScratch()).toEqual(run.constraintScoresFromScratch());
      expect(checked.currentScore()).toEqual(run.currentScore());
      expect(run.scoreFromScratch()).toEqual(run.currentScore());
    }
  });

  it("a run with pairings resumes identically from a checkpoint", async () => {
    const input = generateInstance({ shifts: 120, employees: 12, seed: 9, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts: false });
    input.employees.forEach((e, i) => {
      e.tags = [...(e.tags ?? []), `group-${i % 2}`];
      e.preferredPairings = [{ includeEmployeeWithTags: [`group-${i % 2}`] }];
      if (i % 3 === 0) e.requiredPairings = [{ pairedEmployee: `emp-${(i + 1) % 12}` }];
      e.contracts = ["pairs"];
    });
    input.contracts = [{ id: "pairs", dailyShiftPairingRules: [{ id: "d", satisfiability: "UNPREFERRED", dayOffset: 1 }] }];
    const problem = encodeProblem(input);
    const whole = await SolverSession.create(releaseModule(), problem, { seed: 5 });
    whole.runSlice(30_000);
    const first = await SolverSession.create(releaseModule(), problem, { seed: 5 });
    first.runSlice(12_345);
    const resumed = await SolverSession.restore(releaseModule(), problem, first.checkpoint());
    expect(resumed.currentScore()).toEqual(first.currentScore());
    resumed.runSlice(30_000 - 12_345);
    expect(Array.from(resumed.currentAssignment())).toEqual(Array.from(whole.currentAssignment()));
    expect(resumed.bestScore()).toEqual(whole.bestScore());
    expect(resumed.scoreFromScratch()).toEqual(resumed.currentScore());
  });

  it("inputs without pairings encode no pairing buffer; misspelt pairing fields are rejected with their path", async () => {
    expect(encodeProblem({ employees: [{ id: "a" }], shifts: [shift("s", "08:00", "10:00")] }).pairings.buffer.length).toBe(0);
    const { ModelInputSchema } = await import("../../schemas/model-input");
    const typo = { employees: [{ id: "a", requiredPairings: [{ pairedEmploye: "b" }] }], shifts: [] };
    expect(ModelInputSchema.safeParse(typo).error!.issues[0].path).toEqual(["employees", 0, "requiredPairings", 0]);
    const daily = { employees: [], shifts: [], contracts: [{ id: "c", dailyShiftPairingRules: [{ id: "r", satisfiability: "MANDATORY" }] }] };
    expect(ModelInputSchema.safeParse(daily).error!.issues[0].path).toEqual(["contracts", 0, "dailyShiftPairingRules", 0, "satisfiability"]);
  });
});
