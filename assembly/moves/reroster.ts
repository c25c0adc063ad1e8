/**
 * Re-roster (README "Nurse rostering benchmark"): one employee's window of REROSTER_MIN_DAYS to RUN_DAYS days around
 * an open shift that costs is cleared and rebuilt day by day, each day taking the best of a few open shifts that
 * cost (run.ts openShiftFor; any open shift when none costs) while that strictly improves the schedule as changed so
 * far, like the breach-aimed rebuild (run.ts), with a lookahead: a day that does not pay alone is taken
 * tentatively with up to LOOKAHEAD - 1 following days, kept when the days together pay and taken back
 * (compound.ts compoundPop) when they do not. Where a minimum run of consecutive days is a rule (a stand-in
 * weighted above every other cost on the benchmark), a single new day of work never pays, so the rebuild alone
 * only re-cuts the runs that reach into the window; with the lookahead it starts new runs of the minimum's length
 * where the cover is missing, moving the employee's work there. Scored change by change and accepted or undone as
 * one compound move.
 */
import { sf, SR_START, firstRankFrom } from "../problem";
import { dHard, dMedium, dSoft, isBetter } from "../score";
import { rngBelow } from "../rng";
import { compoundBegin, compoundChange, compoundCount, compoundPop, compoundRoom } from "./compound";
import { clearWindow, holdsIn, openShiftFor, bestOpenShift, openHard, openMedium, openSoft, RUN_DAYS } from "./run";
import { DAY_MINUTES } from "../calendar";

/** Shortest window, in days (the longest is RUN_DAYS). */
const REROSTER_MIN_DAYS: i32 = 3;
/** Most days taken together before they must pay. */
const LOOKAHEAD: i32 = 3;
/** Start-order positions of a day looked at, and open shifts that cost among them scored, per day. */
const COSTLY_SCAN: i32 = 256;
const COSTLY_EVALS: i32 = 6;

/**
 * The best open shift of the day starting at dayLo for e (its delta in run.ts openHard/openMedium/openSoft): among
 * those that cost open, else among any; -1 when e holds a shift that day or none is open.
 */
function bestOfDay(e: i32, dayLo: i32): i32 {
  const dayHi = dayLo + DAY_MINUTES;
  if (holdsIn(e, dayLo, dayHi)) return -1;
  const n = firstRankFrom(dayHi) - firstRankFrom(dayLo);
  if (n <= 0) return -1;
  const s = openShiftFor(e, dayLo, dayHi, <u32>rngBelow(n), COSTLY_SCAN, COSTLY_EVALS, true);
  return s >= 0 ? s : bestOpenShift(e, dayLo, dayHi);
}

/**
 * Builds and applies a re-roster of employee e around the start of shift `anchor`, as a compound move
 * (compound.ts); returns the number of changes (0: nothing applied).
 */
export function applyReroster(e: i32, anchor: i32): i32 {
  compoundBegin();
  if (e < 0) return 0;
  const days = REROSTER_MIN_DAYS + rngBelow(RUN_DAYS - REROSTER_MIN_DAYS + 1);
  const lo = sf(anchor, SR_START) - rngBelow(days) * DAY_MINUTES;
  clearWindow(e, lo, lo + days * DAY_MINUTES, RUN_DAYS);
  for (let d = 0; d < days && compoundRoom(LOOKAHEAD); d++) {
    const x = bestOfDay(e, lo + d * DAY_MINUTES);
    if (x < 0) continue;
    if (isBetter(openHard, openMedium, openSoft, 0, 0, 0)) {
      compoundChange(x, -1, e);
      continue;
    }
    // Tentatively: x and the following days, until together they pay (or LOOKAHEAD days, or the window's end).
    const h0 = dHard, m0 = dMedium, s0 = dSoft, n0 = compoundCount;
    compoundChange(x, -1, e);
    let k = d, paid = false;
    while (k + 1 < days && k + 1 - d < LOOKAHEAD) {
      const y = bestOfDay(e, lo + (k + 1) * DAY_MINUTES);
      if (y < 0) break;
      compoundChange(y, -1, e);
      k++;
      if (isBetter(dHard, dMedium, dSoft, h0, m0, s0)) {
        paid = true;
        break;
      }
    }
    if (paid) d = k;
    else while (compoundCount > n0) compoundPop();
  }
  return compoundCount;
}
