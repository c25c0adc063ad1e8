/** The instance solved both in Chromium and in Node by the browser test: same input, seed and budget. */
import type { ModelInput } from "../../schemas/model-input";

export const BROWSER_TEST_SEED = 7;
export const BROWSER_TEST_BUDGET = 50_000;

export function browserTestInput(): ModelInput {
  const skills = ["Nurse", "Doctor"];
  const employees = Array.from({ length: 6 }, (_, e) => ({
    id: `E${e}`,
    skills: [{ id: skills[e % 2] }, ...(e === 4 ? [{ id: "Doctor" }] : [])],
    unavailableTimeSpans: e === 1 ? [{ start: "2027-04-02T00:00:00Z", end: "2027-04-03T00:00:00Z" }] : [],
  }));
  const shifts = [];
  for (let d = 1; d <= 4; d++) {
    for (const [h, skill] of [[6, "Nurse"], [6, "Nurse"], [14, "Nurse"], [9, "Doctor"]] as const) {
      shifts.push({
        id: `s${shifts.length}`,
        start: `2027-04-0${d}T${String(h).padStart(2, "0")}:00:00Z`,
        end: `2027-04-0${d}T${String(h + 8).padStart(2, "0")}:00:00Z`,
        requiredSkills: [skill],
      });
    }
  }
  return { employees, shifts };
}
