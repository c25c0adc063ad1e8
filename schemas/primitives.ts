/** Scalar wire types shared by the input schemas (imports nothing of ours). */
import { z } from "@hono/zod-openapi";

/** ISO 8601 date-time with an explicit UTC offset or Z, as the reference `OffsetDateTime`. */
export const OffsetDateTimeSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/,
    "must be an ISO 8601 date-time with an offset, e.g. 2027-02-01T08:00:00+01:00",
  )
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
  .openapi("LocalDate", { example: "2027-02-01" });

/** Time of day HH:mm[:ss[.fff]], as the reference `LocalTime`. */
export const LocalTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?$/, "must be a time of day, e.g. 08:00 or 22:30:00")
  .openapi("LocalTime", { example: "08:00" });

/** Date-time without offset (local to the employee's time zone), as the reference's local-date-time format. */
export const LocalDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/, "must be a local date-time, e.g. 2027-02-01T08:00")
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
