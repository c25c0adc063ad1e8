/**
 * The DEMAND_SHIFT_GENERATION demo (reference 1.29.0): a service desk open 07:00-23:00 with an hourly demand curve
 * and no input shifts to fill. Shifts are generated from three templates (early, middle, late) by the demand rule
 * (solver/shift-generation.ts); the solver picks which candidates to staff so the curve is covered without going
 * over it, within the employees' contracts. Deterministic, like the other demos.
 */
import type { DemoMetaData } from "../schemas/demo-data";
import type { Employee, ModelInput } from "../schemas/model-input";
import type { SolvingRequest } from "../schemas/solving-request";

export const DEMAND_DEMO_ID = "DEMAND_SHIFT_GENERATION";

export const DEMAND_DEMO_META: DemoMetaData = {
  id: DEMAND_DEMO_ID,
  shortDescription: "A service desk: 14 employees, 1 week, shifts generated from an hourly demand curve (preview).",
  longDescription:
    "No shifts are given: an hourly demand rule (2 to 5 people per hour from 07:00 to 23:00, fewer at the weekend) " +
    "generates candidate shifts from early, middle and late templates, and the solver staffs the ones that cover the " +
    "curve best without exceeding it, within full-time (at most 40 hours a week) and part-time (at most 24) " +
    "contracts with 11 hours' rest. See kpis.demandGeneratedShifts and the covered / uncovered person slots.",
  tags: ["employees:14", "days:7", "demand", "shift-generation", "preview"],
  config: [],
};

const START = "2027-02-01";
const OFFSET = "+01:00";
const NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gil", "Hana", "Ian", "Jo", "Kai", "Lena", "Milo", "Nora"];

/** People needed per hour of the day (07:00-23:00) on weekdays; weekends need one fewer (at least one). */
const CURVE: Record<number, number> = { 7: 2, 8: 3, 9: 4, 10: 4, 11: 5, 12: 5, 13: 5, 14: 4, 15: 4, 16: 4, 17: 4, 18: 3, 19: 3, 20: 3, 21: 2, 22: 2 };

function dateOf(day: number): string {
  const d = new Date(`${START}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + day);
  return d.toISOString().slice(0, 10);
}

const at = (day: number, hour: number) => `${dateOf(day + Math.floor(hour / 24))}T${String(hour % 24).padStart(2, "0")}:00:00${OFFSET}`;

export function demandDemoRequest(): SolvingRequest {
  const employees: Employee[] = NAMES.map((name, e) => ({
    id: name,
    skills: [{ id: "Desk" }],
    tags: e < 3 ? ["senior"] : [],
    contracts: [e % 4 === 3 ? "part-time" : "full-time"],
    // Everyone has one day off, spread over the week.
    unavailableTimeSpans: [{ start: at(e % 7, 0), end: at(e % 7 + 1, 0) }],
  }));
  const demandDetails = [];
  for (let day = 0; day < 7; day++) {
    const weekend = day >= 5;
    for (let hour = 7; hour < 23; hour++) {
      demandDetails.push({ startDateTime: at(day, hour), maxDemand: Math.max(1, CURVE[hour] - (weekend ? 1 : 0)) });
    }
  }
  const modelInput: ModelInput = {
    employees,
    shifts: [],
    planningWindow: { start: at(0, 0), end: at(7, 0) },
    contracts: [
      {
        id: "full-time",
        periodRules: [{ id: "hours-per-week", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 40 * 60 } }],
        minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 11 * 60 }],
      },
      {
        id: "part-time",
        periodRules: [{ id: "hours-per-week", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 24 * 60 } }],
        minutesBetweenShiftsRules: [{ id: "rest", minimumMinutesBetweenShifts: 11 * 60 }],
      },
    ],
    globalRules: {
      minimumMaximumShiftsPerHourlyDemand: [
        {
          id: "desk",
          includeShiftTags: ["desk"],
          satisfiability: "PREFERRED",
          demandDetails,
          shiftGeneration: {
            templates: [
              { id: "early", baseStartTime: "07:00", baseDuration: "PT8H", requiredSkills: ["Desk"] },
              { id: "middle", baseStartTime: "11:00", baseDuration: "PT6H", requiredSkills: ["Desk"] },
              { id: "late", baseStartTime: "15:00", baseDuration: "PT8H", requiredSkills: ["Desk"] },
            ],
            config: { timeZoneId: "Europe/Brussels", granularity: "PT1H" },
          },
        },
      ],
    },
  };
  return { config: { run: { name: `${DEMAND_DEMO_ID} demo`, termination: { spentLimit: "PT1M", unimprovedSpentLimit: "PT5S" } } }, modelInput };
}
