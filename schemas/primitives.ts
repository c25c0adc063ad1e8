/** Scalar wire types shared by the input schemas (imports nothing of ours). */
import { z } from "@hono/zod-openapi";

/**
 * Whether the date, time and offset fields of an ISO 8601 text that already matched its pattern name a real instant:
 * a day that exists in its month (leap years included), hours 00-23, minutes and seconds 00-59, offsets up to
 * ±18:00 (the range of the reference's `OffsetDateTime`). A text this cannot read is left to the schema's pattern
 * and its message.
 */
function isCalendarValid(text: string): boolean {
  const m = /^(?:(\d{4})-(\d{2})-(\d{2}))?T?(?:(\d{2}):(\d{2})(?::(\d{2}))?)?(?:\.\d+)?(?:Z|([+-])(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return true;
  const [, year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = m;
  if (year !== undefined) {
    const y = Number(year);
    const mo = Number(month);
    const daysInMonth = mo === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(mo) ? 30 : 31;
    if (mo < 1 || mo > 12 || Number(day) < 1 || Number(day) > daysInMonth) return false;
  }
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59)) return false;
  if (offsetHours !== undefined && (Number(offsetMinutes) > 59 || Number(offsetHours) * 60 + Number(offsetMinutes) > 18 * 60)) return false;
  return true;
}

const CALENDAR_MESSAGE = "must be a real calendar date and time of day (e.g. not 2027-02-30 or 25:00)";

/** ISO 8601 date-time with an explicit UTC offset or Z, as the reference `OffsetDateTime`. */
export const OffsetDateTimeSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/,
    "must be an ISO 8601 date-time with an offset, e.g. 2027-02-01T08:00:00+01:00",
  )
  .refine(isCalendarValid, CALENDAR_MESSAGE)
  .openapi("OffsetDateTime", { example: "2027-02-01T08:00:00+01:00" });

/** ISO 8601 duration (PnDTnHnMnS; weeks as PnW). */
export const DurationSchema = z
  .string()
  .regex(
    /^P(?!$)(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/,
    "must be an ISO 8601 duration, e.g. PT30S or PT8H",
  )
  .openapi("Duration", { example: "PT30S" });

/** ISO 8601 calendar date, as the reference `LocalDate`. */
export const LocalDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be an ISO 8601 date, e.g. 2027-02-01")
  .refine(isCalendarValid, CALENDAR_MESSAGE)
  .openapi("LocalDate", { example: "2027-02-01" });

/** Time of day HH:mm[:ss[.fff]], as the reference `LocalTime`. */
export const LocalTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?$/, "must be a time of day, e.g. 08:00 or 22:30:00")
  .refine(isCalendarValid, CALENDAR_MESSAGE)
  .openapi("LocalTime", { example: "08:00" });

/** Date-time without offset (local to the employee's time zone), as the reference's local-date-time format. */
export const LocalDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/, "must be a local date-time, e.g. 2027-02-01T08:00")
  .refine(isCalendarValid, CALENDAR_MESSAGE)
  .openapi("LocalDateTime", { example: "2027-02-01T08:00:00" });

/** An IANA time zone the runtime knows (workerd, Node and browsers ship the database), e.g. "Europe/Brussels". */
export const TimeZoneIdSchema = z
  .string()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone, e.g. Europe/Brussels")
  .openapi("TimeZoneId", { example: "Europe/Brussels" });
