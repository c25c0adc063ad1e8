/**
 * Time semantics of the rules (README "Time semantics"): instants are minutes since the Unix epoch; days, weeks,
 * weekends and months are counted in the employee's time zone. The zone of an employee is, in this order, its
 * `timeZoneId` (IANA, e.g. "Europe/Brussels"; daylight-saving changes included), its deprecated `zoneOffset` (a
 * fixed offset such as "+02:00"), or, when it has neither, the UTC offset written in each timestamp (a shift
 * starting "2027-03-28T23:30:00+02:00" starts on 28 March whatever its UTC date).
 *
 * Local days are numbered like the epoch days of their calendar date (1970-01-01 = 0), so day d's weekday is
 * (d + 3) mod 7 with Monday = 0, and civil dates convert without a zone (Hinnant's days_from_civil algorithm,
 * http://howardhinnant.github.io/date_algorithms.html). Zone offsets come from `Intl.DateTimeFormat` (workerd, Node
 * and browsers ship the IANA database), memoized per zone and quarter hour, so a dataset's thousands of shifts cost
 * a few hundred lookups.
 *
 * Parsing is memoized per timestamp string: a schedule repeats the same few hundred start and end times.
 */

const MINUTES_PER_DAY = 1440;

/** Epoch day of a civil date (proleptic Gregorian). */
export function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil date [year, month 1-12, day 1-31] of an epoch day. */
export function civilFromDays(z: number): [number, number, number] {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const y = yoe + era * 400;
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [m <= 2 ? y + 1 : y, m, d];
}

/** ISO date (YYYY-MM-DD) of an epoch day. */
export function isoDate(day: number): string {
  const [y, m, d] = civilFromDays(day);
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Epoch day of an ISO date "YYYY-MM-DD" (NaN when malformed). */
export function dayOfIsoDate(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3])) : NaN;
}

/** Local minutes since the epoch of an ISO local date-time "YYYY-MM-DDTHH:MM[:SS]" (NaN when malformed). */
export function localMinutesOf(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(text);
  if (!m) return NaN;
  return daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3])) * MINUTES_PER_DAY + Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0);
}

/** Minutes of an "HH:mm[:ss]" local time (NaN when malformed). */
export function timeOfDayMinutes(text: string): number {
  const m = /^(\d{2}):(\d{2})/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|([+-])(\d{2}):(\d{2}))?$/;

interface Parsed {
  /** UTC minutes since the epoch (floored). */
  minute: number;
  /** The offset written in the timestamp, minutes east of UTC. */
  offset: number;
}

const parsedCache = new Map<string, Parsed>();
const INVALID: Parsed = { minute: 0, offset: 0 };

/**
 * Parses an ISO 8601 date-time with offset (the schema guarantees the shape); falls back to Date.parse for anything
 * else. Memoized: the cache is bounded by clearing it when it grows past 200,000 entries.
 */
export function parseTimestamp(iso: string): Parsed {
  let p = parsedCache.get(iso);
  if (p !== undefined) return p;
  const m = ISO.exec(iso);
  if (m) {
    const offset = m[7] === undefined || m[7] === "Z" ? 0 : (m[8] === "-" ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]));
    const local = daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3])) * MINUTES_PER_DAY + Number(m[4]) * 60 + Number(m[5]);
    p = { minute: local - offset, offset };
  } else {
    const ms = Date.parse(iso);
    p = Number.isFinite(ms) ? { minute: Math.floor(ms / 60_000), offset: 0 } : INVALID;
  }
  if (parsedCache.size > 200_000) parsedCache.clear();
  parsedCache.set(iso, p);
  return p;
}

/** Minutes since the epoch of an ISO date-time with offset; malformed text reads as 0. */
export function toMinutes(iso: string): number {
  return parseTimestamp(iso).minute;
}

/** Fixed offset "+HH:MM" / "-HH:MM" / "Z" in minutes, or undefined. */
export function parseOffset(text: string): number | undefined {
  if (text === "Z") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : undefined;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A way of reading local time: an IANA zone, a fixed offset, or the offset written in each timestamp ("written").
 * `offsetAt(minute, written)` is the offset in minutes east of UTC at that instant.
 */
export class TimeZoneRule {
  private readonly cache = new Map<number, number>();
  private readonly format: Intl.DateTimeFormat | undefined;

  private constructor(
    readonly key: string,
    private readonly fixed: number | undefined,
    zone: string | undefined,
  ) {
    this.format = zone
      ? new Intl.DateTimeFormat("en-US", {
          timeZone: zone,
          hourCycle: "h23",
          year: "numeric",
          month: "numeric",
          day: "numeric",
          hour: "numeric",
          minute: "numeric",
        })
      : undefined;
  }

  static written(): TimeZoneRule {
    return new TimeZoneRule("", undefined, undefined);
  }

  static of(timeZoneId: string | null | undefined, zoneOffset: string | null | undefined): TimeZoneRule {
    if (timeZoneId && isKnownTimeZone(timeZoneId)) return new TimeZoneRule(`zone:${timeZoneId}`, undefined, timeZoneId);
    const fixed = zoneOffset ? parseOffset(zoneOffset) : undefined;
    if (fixed !== undefined) return new TimeZoneRule(`offset:${fixed}`, fixed, undefined);
    return TimeZoneRule.written();
  }

  /** Whether local time follows the offsets written in the timestamps. */
  get isWritten(): boolean {
    return this.fixed === undefined && this.format === undefined;
  }

  /** Offset (minutes east of UTC) at `minute`; `written` is the timestamp's own offset (used when isWritten). */
  offsetAt(minute: number, written = 0): number {
    if (this.fixed !== undefined) return this.fixed;
    if (!this.format) return written;
    // Zone transitions fall on quarter hours: one lookup per 15 minutes serves every instant in it.
    const bucket = Math.floor(minute / 15);
    let off = this.cache.get(bucket);
    if (off === undefined) {
      const at = bucket * 15;
      const parts = this.format.formatToParts(new Date(at * 60_000));
      let y = 0, mo = 0, d = 0, h = 0, mi = 0;
      for (const p of parts) {
        if (p.type === "year") y = Number(p.value);
        else if (p.type === "month") mo = Number(p.value);
        else if (p.type === "day") d = Number(p.value);
        else if (p.type === "hour") h = Number(p.value);
        else if (p.type === "minute") mi = Number(p.value);
      }
      off = daysFromCivil(y, mo, d) * MINUTES_PER_DAY + h * 60 + mi - at;
      this.cache.set(bucket, off);
    }
    return off;
  }

  /** Local day of an instant. */
  dayOf(minute: number, written = 0): number {
    return Math.floor((minute + this.offsetAt(minute, written)) / MINUTES_PER_DAY);
  }

  /**
   * The instant at which local day `day` begins (its local midnight), for an instant `near` it whose written offset
   * is `written`. Across a transition at midnight itself the first valid local minute is taken.
   */
  midnight(day: number, near: number, written = 0): number {
    const local = day * MINUTES_PER_DAY;
    let guess = local - this.offsetAt(near, written);
    for (let i = 0; i < 2; i++) guess = local - this.offsetAt(guess, written);
    return guess;
  }
}

export const MINUTES_IN_DAY = MINUTES_PER_DAY;
