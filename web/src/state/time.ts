/**
 * Time on the board. Every dataset is shown in one fixed UTC offset, the one its first shift is written in (the
 * demo data uses +01:00), so the board reads the same on any machine whatever the browser's own time zone.
 */

export const MINUTES_PER_DAY = 1440;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Offset in minutes east of UTC of an ISO date-time ("...+01:00" -> 60, "...Z" -> 0). */
export function offsetOf(iso: string | undefined): number {
  const m = iso ? /([+-])(\d{2}):(\d{2})$/.exec(iso) : null;
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === "-" ? -minutes : minutes;
}

export function offsetLabel(offset: number): string {
  if (offset === 0) return "UTC";
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** A clock in a fixed offset: epoch minutes -> wall-clock parts. */
export class Clock {
  constructor(readonly offset: number) {}

  private wall(minutes: number): Date {
    return new Date((minutes + this.offset) * 60_000);
  }

  /** Epoch minute of the local midnight at or before `minutes`. */
  dayStart(minutes: number): number {
    const local = minutes + this.offset;
    return local - (((local % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY) - this.offset;
  }

  time(minutes: number): string {
    const d = this.wall(minutes);
    return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
  }

  /** "06" on the hour, "06:30" otherwise: for narrow blocks. */
  shortTime(minutes: number): string {
    const t = this.time(minutes);
    return t.endsWith(":00") ? t.slice(0, 2) : t;
  }

  /** "Mon 1 Feb" */
  day(minutes: number): string {
    const d = this.wall(minutes);
    return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  }

  weekday(minutes: number): number {
    return this.wall(minutes).getUTCDay();
  }

  /**
   * "Mon 1 Feb 06:00–14:00", "Mon 1 Feb 22:00–Tue 2 Feb 06:00", "Mon 1 Feb 18:00–24:00", and whole days as
   * "Mon 1 Feb (all day)" or "Mon 1 Feb–Wed 3 Feb (all day)".
   */
  span(start: number, end: number): string {
    const last = Math.max(start, end - 1);
    if (this.dayStart(start) === start && this.dayStart(end) === end && end > start) {
      return this.dayStart(last) === start ? `${this.day(start)} (all day)` : `${this.day(start)}–${this.day(last)} (all day)`;
    }
    if (this.dayStart(start) === this.dayStart(last)) {
      return `${this.day(start)} ${this.time(start)}–${this.dayStart(end) === end ? "24:00" : this.time(end)}`;
    }
    return `${this.day(start)} ${this.time(start)}–${this.day(end)} ${this.time(end)}`;
  }
}
