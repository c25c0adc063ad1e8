/**
 * Cost outside the verifier rows (cost-cases.ts): justifications, the employee cost and overtime metrics, the
 * fixedTotalCost KPI, and the empty cost block of inputs without cost features.
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { employeeMetrics, encodeProblem, extraKpis, scoreAnalysis, SolverSession } from "../../solver/index";
import { debugModule } from "./helpers";
import { onDay } from "./contract-cases";
import { randomInput } from "./random-input";
import { COST_CASES } from "./cost-cases";
import { SATURATION_CONSTRAINT } from "../../solver/layout";
import { solutionParts } from "../../solver/output";
import { demoSolvingRequest } from "../../demo-data/index";

async function scored(input: ModelInput): Promise<SolverSession> {
  const problem = encodeProblem(input);
  const session = await SolverSession.create(debugModule(), problem);
  session.applyAssignment(problem.shiftEmployee);
  return session;
}

const paidWeek: ModelInput = {
  contracts: [
    {
      id: "c",
      periodRules: [
        { id: "hours", period: "WEEK", satisfiability: "PREFERRED", minutesWorkedLimit: { minutesWorkedMax: 480 } },
        { id: "pay", period: "WEEK", satisfiability: "PREFERRED", costDefinition: { baseMinutesLimit: 480, baseHourlyCost: 20, overtimeCostDetails: [{ overtimeHourlyCost: 30 }] } },
      ],
    },
  ],
  employees: [{ id: "ann", contracts: ["c"] }, { id: "bob" }],
  shifts: [onDay("a", 0, "08:00", "14:00"), onDay("b", 1, "08:00", "12:00"), onDay("c", 2, "08:00", "12:00", { employee: "bob" })],
};

describe("cost metrics", () => {
  it("per employee: cost definition total and overtime, weekly overtime threshold and overtime worked", () => {
    const problem = encodeProblem(paidWeek);
    const [ann, bob] = employeeMetrics(paidWeek, problem, problem.shiftEmployee);
    // 600 minutes in the week: 480 at 20 + 120 at 30 = 220; the PREFERRED weekly max 480 is the threshold.
    expect(ann.metrics).toMatchObject({
      costDefinitionTotalCost: 220,
      costDefinitionOvertimeDuration: "PT120M",
      costDefinitionTotalOvertime: "PT120M",
      overtimeThresholdDuration: "PT480M",
      overtimeWorked: "PT120M",
    });
    expect(bob.metrics).toMatchObject({ costDefinitionTotalCost: null, costDefinitionOvertimeDuration: null, costDefinitionTotalOvertime: null, overtimeThresholdDuration: null, overtimeWorked: null });
  });

  it("two PREFERRED weekly rules are ambiguous (null); a REQUIRED one is the fallback", () => {
    const rules = (sats: Array<"REQUIRED" | "PREFERRED">) => ({
      ...paidWeek,
      contracts: [{ id: "c", periodRules: sats.map((satisfiability, i) => ({ id: `w${i}`, period: "WEEK", satisfiability, minutesWorkedLimit: { minutesWorkedMax: 400 + 100 * i } })) }],
    });
    const two = rules(["PREFERRED", "PREFERRED"]);
    expect(employeeMetrics(two, encodeProblem(two), encodeProblem(two).shiftEmployee)[0].metrics.overtimeThresholdDuration).toBeNull();
    const required = rules(["REQUIRED", "REQUIRED"]);
    const m = employeeMetrics(required, encodeProblem(required), encodeProblem(required).shiftEmployee)[0].metrics;
    expect(m).toMatchObject({ overtimeThresholdDuration: "PT400M", overtimeWorked: "PT200M" });
  });

  it("the cost definition totals equal the core's 'Minimize cost per period' score on random inputs", async () => {
    let priced = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const input = randomInput(seed);
      const problem = encodeProblem(input);
      const session = await SolverSession.create(debugModule(), problem, { seed });
      session.runSlice(200);
      const assignment = session.currentAssignment();
      const metrics = employeeMetrics(input, problem, assignment);
      const milli = metrics.reduce((a, e) => a + Math.round((e.metrics.costDefinitionTotalCost ?? 0) * 1000), 0);
      const row = session.constraintScores().find((c) => c.id === 68)!;
      expect(milli, `seed ${seed}`).toBe(-row.score.soft + 0);
      if (milli > 0) priced++;
    }
    expect(priced).toBeGreaterThan(10);
  });

  it("the incremental match counts of 66, 67, 69, 73 and saturation equal the core's recount after search", async () => {
    for (let seed = 1; seed <= 30; seed++) {
      const problem = encodeProblem(randomInput(seed));
      const session = await SolverSession.create(debugModule(), problem, { seed });
      session.runSlice(500);
      const core = (session as unknown as { core: { constraintMatchCount(id: number): number } }).core;
      for (const c of session.constraintScores()) {
        if ([66, 67, 69, 73, SATURATION_CONSTRAINT].includes(c.id)) expect(c.matchCount, `seed ${seed} ${c.name}`).toBe(core.constraintMatchCount(c.id));
      }
    }
  });

  it("kpis.fixedTotalCost: each assignment priced once by the first rule that counts it; null without costs rules", () => {
    const input: ModelInput = {
      employees: [{ id: "ann", costGroup: "A" }],
      shifts: [onDay("n", 0, "22:00", "06:00", { tags: ["night"] }), onDay("d", 1, "08:00", "12:00"), onDay("u", 2, "22:00", "06:00", { tags: ["night"], employee: undefined })],
      globalRules: {
        costsRules: [
          { id: "nights", period: "WEEK", includeShiftTags: ["night"], employeeShiftCostDetails: [{ employeeCostGroup: "A", cost: 100.5 }], totalCostsMax: 1000 },
          { id: "all", period: "WEEK", employeeShiftCostDetails: [{ cost: 10 }], totalCostsMax: 1000 },
        ],
      },
    };
    const problem = encodeProblem(input);
    expect(extraKpis(input, problem, problem.shiftEmployee).fixedTotalCost).toBe(110.5);
    const none = { ...input, globalRules: {} };
    expect(extraKpis(none, encodeProblem(none), problem.shiftEmployee).fixedTotalCost).toBeNull();
  });

  it("the solving response carries them: kpis.fixedTotalCost and the employees' cost metrics (LARGE demo)", () => {
    const input = demoSolvingRequest("LARGE")!.modelInput;
    const problem = encodeProblem(input);
    // Everyone on the first shift they can do is enough to price something; unassigned shifts cost nothing.
    const assignment = Int32Array.from(input.shifts, (_s, i) => i % input.employees.length);
    const parts = solutionParts(input, assignment, problem);
    expect(parts.kpis.fixedTotalCost).toBeGreaterThan(0);
    const agency = parts.modelOutput.employees!.at(-1)!.metrics;
    expect(agency.costDefinitionTotalCost).toBeGreaterThan(0);
    expect(agency.overtimeThresholdDuration).toMatch(/^PT\d+M$/);
    expect(solutionParts(demoSolvingRequest("BASIC")!.modelInput, new Int32Array(140).fill(-1)).kpis.fixedTotalCost).toBeNull();
  });

  it("an input without cost features has an empty cost block", () => {
    const problem = encodeProblem({ employees: [{ id: "ann", costGroup: "A" }], shifts: [onDay("a", 0, "08:00", "12:00")] });
    expect(problem.sections.cost.length).toBe(0);
    expect(problem.contractRules).toEqual([]);
  });
});

describe("cost justifications", () => {
  it("costs rule periods: the rule, the date span and the cost", async () => {
    const session = await scored(COST_CASES[66].cases[0].input);
    const row = scoreAnalysis(session, { includeJustifications: true }).constraints.find((c) => c.name === "Costs per period not in required range")!;
    expect(row.matchCount).toBe(1);
    expect(row.matches![0]).toEqual({
      score: "-500000hard/0medium/0soft",
      justification: { costsRule: "max1k", dateSpan: { start: "2027-02-01", end: "2027-02-02" }, cost: 1500, description: expect.stringContaining("cost 1500") },
    });
  });

  it("cost definitions: employee, period rule, date span, minutes worked and cost", async () => {
    const session = await scored(COST_CASES[68].cases[1].input);
    const row = scoreAnalysis(session, { includeJustifications: true }).constraints.find((c) => c.name === "Minimize cost per period")!;
    expect(row.matches![0].justification).toEqual({
      employee: "ann", periodRule: "pay", dateSpan: { start: "2027-02-01", end: "2027-02-07" }, minutesWorked: 660, cost: 260,
      description: expect.stringContaining("180 of them overtime"),
    });
  });

  it("activation cost: the activated employee and its number of shifts", async () => {
    const session = await scored(COST_CASES[73].cases[0].input);
    const row = scoreAnalysis(session, { includeJustifications: true }).constraints.find((c) => c.name === "Minimize activated employees")!;
    expect(row.matches!.map((m) => [m.score, m.justification.employee, m.justification.numberOfShifts])).toEqual([
      ["0hard/0medium/-50000soft", "s1", 2],
      ["0hard/0medium/-200000soft", "a1", 1],
    ]);
  });

  it("saturation: the activated employee and its shift count, rewarded by its square", async () => {
    const session = await scored(COST_CASES[SATURATION_CONSTRAINT].cases[0].input);
    const row = scoreAnalysis(session, { includeJustifications: true }).constraints.find((c) => c.name === "Maximize activated employee saturation")!;
    expect(row.matches!.map((m) => [m.score, m.justification.employee, m.justification.shiftCount])).toEqual([
      ["0hard/0medium/9soft", "s1", 3],
      ["0hard/0medium/1soft", "a1", 1],
    ]);
  });

  it("activation ratio: the cost group and its activated employees", async () => {
    const session = await scored(COST_CASES[69].cases[0].input);
    const row = scoreAnalysis(session, { includeJustifications: true }).constraints.find((c) => c.name === "Keep employee activation ratio")!;
    expect(row.matches!.map((m) => [m.score, m.justification.costGroup, m.justification.activatedEmployees])).toEqual([
      ["0hard/0medium/-2soft", "staff", 2],
      ["0hard/0medium/-2soft", "agency", 2],
    ]);
  });
});
