/** When a search of a maxThreadCount > 1 run takes the shared best (solver/adoption-policy.ts). */
import { describe, expect, it } from "vitest";
import { ADOPT_AFTER_UNITS, AdoptionPolicy } from "../../solver/adoption-policy";
import { compareScores, encodeProblem, SolverSession } from "../../solver/index";
import { generateInstance } from "../../bench/generate";
import { releaseModule } from "./helpers";

describe("AdoptionPolicy", () => {
  it("is stalled only once the search's own best went ADOPT_AFTER_UNITS units without improving, and not right after adopting", async () => {
    const problem = encodeProblem(generateInstance({ shifts: 60, employees: 8, seed: 5 }));
    const session = await SolverSession.create(releaseModule(), problem, { seed: 3 });
    const policy = new AdoptionPolicy(session);
    let best = session.bestScore(), improvedAt = session.unitsDone, sawImprovement = false, stalled = false;
    while (!stalled && session.unitsDone < 20 * ADOPT_AFTER_UNITS) {
      session.runSlice(50_000);
      if (compareScores(session.bestScore(), best) > 0) {
        best = session.bestScore();
        improvedAt = session.unitsDone;
        sawImprovement = true;
      }
      stalled = policy.stalled(session);
      expect(stalled).toBe(session.unitsDone - improvedAt >= ADOPT_AFTER_UNITS);
    }
    expect(sawImprovement).toBe(true);
    expect(stalled).toBe(true);
    session.applyAssignment(session.bestAssignment());
    policy.adopted(session);
    expect(policy.stalled(session)).toBe(false);
  });
});
