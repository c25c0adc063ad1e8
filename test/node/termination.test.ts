/** When a run stops (spec §2.1): explicit limits, the platform cap, and diminished returns as the default. */
import { describe, expect, it } from "vitest";
import { parseDurationMs } from "../../solver/duration";
import {
  checkTermination,
  DEFAULT_MINIMUM_IMPROVEMENT_RATIO,
  DEFAULT_SLIDING_WINDOW_MS,
  PLATFORM_MAX_SPENT_MS,
  SAMPLES_PER_WINDOW,
  startProgress,
  terminationPolicy,
} from "../../solver/termination";

const score = (hard: number, medium: number, soft: number) => ({ hard, medium, soft });

describe("ISO durations", () => {
  it.each([
    ["PT30S", 30_000],
    ["PT1M", 60_000],
    ["PT8H", 8 * 3600_000],
    ["P1D", 24 * 3600_000],
    ["P1W", 7 * 24 * 3600_000],
    ["P1DT2H3M4.5S", ((24 + 2) * 60 + 3) * 60_000 + 4500],
    ["PT0S", 0],
  ])("%s", (text, ms) => expect(parseDurationMs(text)).toBe(ms));

  it.each(["30S", "P", "PT", "P1M", "PT1X"])("rejects %s", (text) => expect(() => parseDurationMs(text)).toThrow());
});

describe("terminationPolicy", () => {
  it("defaults to diminished returns under the platform cap", () => {
    expect(terminationPolicy(undefined)).toEqual({
      spentLimitMs: PLATFORM_MAX_SPENT_MS,
      unimprovedSpentLimitMs: null,
      stepCountLimit: null,
      diminishedReturns: { slidingWindowMs: DEFAULT_SLIDING_WINDOW_MS, minimumImprovementRatio: DEFAULT_MINIMUM_IMPROVEMENT_RATIO },
    });
    expect(DEFAULT_SLIDING_WINDOW_MS).toBe(30_000);
    expect(DEFAULT_MINIMUM_IMPROVEMENT_RATIO).toBe(0.0001);
  });

  it("unimprovedSpentLimit or stepCountLimit disable diminished returns; spentLimit is capped", () => {
    expect(terminationPolicy({ unimprovedSpentLimit: "PT5S" }).diminishedReturns).toBeNull();
    expect(terminationPolicy({ stepCountLimit: 10 }).diminishedReturns).toBeNull();
    expect(terminationPolicy({ spentLimit: "PT2H" }).spentLimitMs).toBe(PLATFORM_MAX_SPENT_MS);
    expect(terminationPolicy({ slidingWindowDuration: "PT5S", minimumImprovementRatio: 0.5 }).diminishedReturns).toEqual({
      slidingWindowMs: 5000,
      minimumImprovementRatio: 0.5,
    });
  });
});

describe("checkTermination", () => {
  it("stepCountLimit, spentLimit and unimprovedSpentLimit", () => {
    const steps = terminationPolicy({ stepCountLimit: 100 });
    expect(checkTermination(steps, startProgress(0, score(0, 0, 0)), 10, 99, score(0, 0, 0), false)).toBeNull();
    expect(checkTermination(steps, startProgress(0, score(0, 0, 0)), 10, 100, score(0, 0, 0), false)).toBe("STEP_COUNT_LIMIT");

    const spent = terminationPolicy({ spentLimit: "PT10S", unimprovedSpentLimit: "PT3S" });
    const p = startProgress(0, score(-5, 0, 0));
    expect(checkTermination(spent, p, 2000, 0, score(-4, 0, 0), true)).toBeNull();
    expect(checkTermination(spent, p, 4900, 0, score(-4, 0, 0), false)).toBeNull(); // improved at 2 s: 2.9 s ago
    expect(checkTermination(spent, p, 5000, 0, score(-4, 0, 0), false)).toBe("UNIMPROVED_SPENT_LIMIT");
    const q = startProgress(0, score(-5, 0, 0));
    for (let t = 1000; t < 10_000; t += 1000) expect(checkTermination(spent, q, t, 0, score(-5 + t / 1000, 0, 0), true)).toBeNull();
    expect(checkTermination(spent, q, 10_000, 0, score(5, 0, 0), true)).toBe("SPENT_LIMIT");
  });

  it("diminished returns: keeps going while improving, stops when the recent window improves too little", () => {
    const policy = terminationPolicy({ slidingWindowDuration: "PT10S", minimumImprovementRatio: 0.01 });
    const progress = startProgress(0, score(0, -1000, 0));
    // First window: the medium score improves by 1000.
    expect(checkTermination(policy, progress, 5000, 0, score(0, -500, 0), true)).toBeNull();
    expect(checkTermination(policy, progress, 10_000, 0, score(0, 0, -50_000), true)).toBeNull();
    expect(progress.initialImprovement).toEqual(score(0, 1000, -50_000));
    // Soft keeps improving a lot, but the level that matters first is medium: no medium gain in a whole window...
    expect(checkTermination(policy, progress, 15_000, 0, score(0, 0, -10_000), true)).toBeNull();
    expect(checkTermination(policy, progress, 20_000, 0, score(0, 0, -5_000), true)).toBe("DIMINISHED_RETURNS");
  });

  it("diminished returns: an improvement at a higher level than the initial one keeps the run going", () => {
    const policy = terminationPolicy({ slidingWindowDuration: "PT10S" });
    const progress = startProgress(0, score(-2, -100, 0));
    expect(checkTermination(policy, progress, 10_000, 0, score(-2, -50, 0), true)).toBeNull(); // initial: medium +50
    expect(checkTermination(policy, progress, 20_000, 0, score(-1, -60, 0), true)).toBeNull(); // hard improved
    expect(checkTermination(policy, progress, 30_000, 0, score(-1, -60, 0), false)).toBe("DIMINISHED_RETURNS");
  });

  it("diminished returns keeps a bounded number of samples however short the slices", () => {
    const policy = terminationPolicy({});
    const progress = startProgress(0, score(0, 0, -1_000_000));
    // 10 ms slices, each improving: 3 windows' worth.
    for (let t = 10, soft = -999_000; t <= 3 * DEFAULT_SLIDING_WINDOW_MS; t += 10, soft += 100) {
      expect(checkTermination(policy, progress, t, 0, score(0, 0, soft), true)).toBeNull();
    }
    expect(progress.samples.length).toBeLessThanOrEqual(SAMPLES_PER_WINDOW + 2);
    expect(progress.samples.length).toBeGreaterThan(SAMPLES_PER_WINDOW / 2);
    // The window still starts at or before its nominal start, and at most one spacing earlier.
    const now = 3 * DEFAULT_SLIDING_WINDOW_MS;
    expect(progress.samples[0].atMs).toBeLessThanOrEqual(now - DEFAULT_SLIDING_WINDOW_MS);
    expect(progress.samples[0].atMs).toBeGreaterThanOrEqual(now - DEFAULT_SLIDING_WINDOW_MS - DEFAULT_SLIDING_WINDOW_MS / SAMPLES_PER_WINDOW);
  });

  it("diminished returns: no improvement at all in the first window stops after it", () => {
    const policy = terminationPolicy({});
    const progress = startProgress(0, score(0, 0, 0));
    expect(checkTermination(policy, progress, 29_999, 0, score(0, 0, 0), false)).toBeNull();
    expect(checkTermination(policy, progress, 30_000, 0, score(0, 0, 0), false)).toBe("DIMINISHED_RETURNS");
  });
});
