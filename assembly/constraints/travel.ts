/**
 * Travel between an employee's home and its shifts (contracts' `travelConfigurations`, the deprecated
 * `scheduleParameterization.travelConfiguration`; README "Days off, rotations and travel"). The glue
 * resolves which configuration covers each (travel group, shift) and its maximum (solver/encode-travel.ts); distances
 * are great-circle distances between the employee's and the shift's locations, in whole meters (no maps service).
 *   "Maximum employee to shift travel distance exceeded" (hard): the meters beyond the maximum.
 *   "Minimize travel distance" (soft, minimizeTravelDistanceWeight): the distance of each covered shift.
 * LOCAL units: the penalty depends on the (shift, employee) pair only; without a location or a covering configuration
 * it is 0.
 */
import { LEVEL_HARD, LEVEL_SOFT, TRAVEL_CONSTRAINT, LOCATION_NONE, TRAVEL_NONE } from "../layout";
import { employeeTravel, shiftLocation, travelShifts, shiftCount } from "../problem";

export const MAX_ID: i32 = TRAVEL_CONSTRAINT;
export const MAX_NAME = "Maximum employee to shift travel distance exceeded";
export const MAX_LEVEL: i32 = LEVEL_HARD;
export const MINIMIZE_ID: i32 = TRAVEL_CONSTRAINT + 1;
export const MINIMIZE_NAME = "Minimize travel distance";
export const MINIMIZE_LEVEL: i32 = LEVEL_SOFT;

/** Mean Earth radius in meters (the glue's metrics use the same). */
const EARTH_RADIUS: f64 = 6371008.8;
const RADIANS: f64 = Math.PI / 180.0 / 1e6;

/** Great-circle distance in whole meters between two locations in microdegrees (haversine). */
export function greatCircle(lat1: i32, lon1: i32, lat2: i32, lon2: i32): i64 {
  const p1 = <f64>lat1 * RADIANS, p2 = <f64>lat2 * RADIANS;
  const dp = p2 - p1, dl = (<f64>lon2 - <f64>lon1) * RADIANS;
  const sp = Math.sin(dp / 2), sl = Math.sin(dl / 2);
  const h = sp * sp + Math.cos(p1) * Math.cos(p2) * sl * sl;
  return <i64>Math.round(2 * EARTH_RADIUS * Math.asin(Math.sqrt(min(1.0, h))));
}

/** The covering configuration's maximum for (s, e) (TRAVEL_NONE: none covers it, or a location is missing), and the distance. */
let lastDistance: i64 = 0;
function cover(s: i32, e: i32): i32 {
  if (e < 0) return TRAVEL_NONE;
  const group = unchecked(employeeTravel[3 * e]);
  if (group < 0) return TRAVEL_NONE;
  const limit = unchecked(travelShifts[2 * (group * shiftCount + s)]);
  if (limit == TRAVEL_NONE) return TRAVEL_NONE;
  const lat = unchecked(shiftLocation[2 * s]), home = unchecked(employeeTravel[3 * e + 1]);
  if (lat == LOCATION_NONE || home == LOCATION_NONE) return TRAVEL_NONE;
  lastDistance = greatCircle(home, unchecked(employeeTravel[3 * e + 2]), lat, unchecked(shiftLocation[2 * s + 1]));
  return limit;
}

export function maxPenalty(s: i32, e: i32): i64 {
  const limit = cover(s, e);
  return limit >= 0 && lastDistance > <i64>limit ? lastDistance - <i64>limit : 0;
}

export function minimizePenalty(s: i32, e: i32): i64 {
  return cover(s, e) == TRAVEL_NONE ? 0 : lastDistance;
}
