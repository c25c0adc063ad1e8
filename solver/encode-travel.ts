/**
 * Travel configurations (README "Days off, rotations and travel"; core: assembly/constraints/travel.ts).
 * An employee's configurations are the `travelConfigurations` of its first contract that has some, else the
 * deprecated `scheduleParameterization.travelConfiguration` (one configuration, always valid). A configuration
 * *covers* a shift when its validity span (local date-times, read against the local time written in the shift's
 * start) holds the shift's start, the shift passes its tag filter, and the shift has no tag of a type in
 * `excludeMatchingShiftTagTypes` that the employee lists in its `requiredShiftTags` or `preferredShiftTags`; the
 * first covering configuration (input order) applies. Employees with the same configurations and the same such tags
 * share a *travel group* (with or without a location of their own): one row of coverage per group, per shift the
 * covering configuration's maximum distance and its minimum minutes between shifts in different locations
 * (assembly/constraints/travel-gap.ts). Locations are [latitude, longitude] in degrees, encoded in microdegrees;
 * distances are great-circle distances (no maps service).
 */
import type { ModelInput } from "../schemas/model-input";
import type { EncodeContext } from "./encode-context";
import { tagsMatch } from "./encode";
import { LOCATION_NONE, TRAVEL_NONE, TRAVEL_NO_MAX } from "./layout";
import { localMinutesOf } from "./time";

type TravelConfig = NonNullable<NonNullable<ModelInput["contracts"]>[number]["travelConfigurations"]>[number];
type Config = Omit<TravelConfig, "id"> & { id?: string };

/** Minimum minutes between shifts in different locations are capped here (about 19 years: beyond any schedule). */
const MAX_GAP_MINUTES = 10_000_000;

/** Mean Earth radius in meters (assembly/constraints/travel.ts uses the same). */
const EARTH_RADIUS = 6371008.8;

/** Microdegrees of a coordinate, LOCATION_NONE when absent. */
function micro(location: readonly number[] | null | undefined, k: 0 | 1): number {
  if (!location || location.length !== 2 || !Number.isFinite(location[0]) || !Number.isFinite(location[1])) return LOCATION_NONE;
  return Math.round(location[k] * 1e6);
}

/** Great-circle distance in whole meters of two locations in microdegrees (the core's formula). */
export function greatCircle(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180 / 1e6;
  const p1 = lat1 * r, p2 = lat2 * r, dp = p2 - p1, dl = (lon2 - lon1) * r;
  const h = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS * Math.asin(Math.sqrt(Math.min(1, h))));
}

/** The travel configurations of employee e (its first contract with some, else the global one) and their source. */
export function travelConfigsOf(input: ModelInput, employee: ModelInput["employees"][number]): { source: string; configs: Config[] } | undefined {
  const contracts = new Map((input.contracts ?? []).map((c) => [c.id, c]));
  for (const id of employee.contracts ?? []) {
    const configs = contracts.get(id)?.travelConfigurations ?? [];
    if (configs.length > 0) return { source: `contract:${id}`, configs };
  }
  const global = input.scheduleParameterization?.travelConfiguration;
  return global ? { source: "global", configs: [global] } : undefined;
}

/** Index of the configuration covering shift s for an employee with `own` required/preferred tags, or -1. */
function covering(input: ModelInput, configs: readonly Config[], s: number, tags: ReadonlySet<string>, own: ReadonlySet<string>, typeOf: (t: string) => string): number {
  const shift = input.shifts[s];
  for (let k = 0; k < configs.length; k++) {
    const c = configs[k];
    const span = (c as TravelConfig).validityDateTimeSpan;
    if (span) {
      const at = localMinutesOf(shift.start);
      if ((span.start && at < localMinutesOf(span.start)) || (span.end && at >= localMinutesOf(span.end))) continue;
    }
    if (!tagsMatch(tags, c.includeShiftTags, c.excludeShiftTags, c.shiftTagMatches ?? "ALL")) continue;
    const excluded = new Set(c.excludeMatchingShiftTagTypes ?? []);
    if (excluded.size > 0 && [...tags].some((t) => own.has(t) && excluded.has(typeOf(t)))) continue;
    return k;
  }
  return -1;
}

/** The sections shiftLocation, employeeTravel, travelShifts (assembly/layout.ts SEC_SHIFT_LOCATION ...). */
export function encodeTravel(ctx: EncodeContext): { shiftLocation: Int32Array; employeeTravel: Int32Array; travelShifts: Int32Array } {
  const { input, S, E } = ctx;
  const shiftLocation = new Int32Array(2 * S);
  input.shifts.forEach((shift, s) => {
    shiftLocation[2 * s] = micro(shift.location, 0);
    shiftLocation[2 * s + 1] = micro(shift.location, 1);
  });
  const employeeTravel = new Int32Array(3 * E);
  const groups = new Map<string, number>();
  const rows: Int32Array[] = [];
  const tagSets = ctx.shiftTagSets();
  input.employees.forEach((employee, e) => {
    const found = travelConfigsOf(input, employee);
    const lat = micro(employee.location, 0);
    employeeTravel[3 * e] = -1;
    employeeTravel[3 * e + 1] = lat;
    employeeTravel[3 * e + 2] = micro(employee.location, 1);
    if (!found || S === 0) return;
    const types = new Set(found.configs.flatMap((c) => c.excludeMatchingShiftTagTypes ?? []));
    const own = new Set([...(employee.requiredShiftTags ?? []), ...(employee.preferredShiftTags ?? [])].filter((t) => types.has(ctx.typeOf(t))));
    const key = `${found.source}|${[...own].sort().join(",")}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = rows.length;
      groups.set(key, group);
      const row = new Int32Array(2 * S);
      for (let s = 0; s < S; s++) {
        const k = covering(input, found.configs, s, tagSets[s], own, (t) => ctx.typeOf(t));
        const max = k >= 0 ? found.configs[k].maxEmployeeToShiftTravelDistanceInMeters : undefined;
        const gap = k >= 0 ? found.configs[k].minMinutesBetweenShiftsInDifferentLocations : undefined;
        row[2 * s] = k < 0 ? TRAVEL_NONE : typeof max === "number" ? Math.min(max, 2 ** 31 - 1) : TRAVEL_NO_MAX;
        row[2 * s + 1] = typeof gap === "number" && gap > 0 ? Math.min(Math.floor(gap), MAX_GAP_MINUTES) : 0;
      }
      rows.push(row);
    }
    employeeTravel[3 * e] = group;
  });
  const travelShifts = new Int32Array(rows.length * 2 * S);
  rows.forEach((row, g) => travelShifts.set(row, g * 2 * S));
  return { shiftLocation, employeeTravel, travelShifts };
}

/** Meters between employee e's home and shift s, or undefined without both locations. */
export function travelDistance(input: ModelInput, e: number, s: number): number | undefined {
  const from = input.employees[e]?.location, to = input.shifts[s]?.location;
  const a = [micro(from, 0), micro(from, 1)], b = [micro(to, 0), micro(to, 1)];
  if (a[0] === LOCATION_NONE || b[0] === LOCATION_NONE) return undefined;
  return greatCircle(a[0], a[1], b[0], b[1]);
}
