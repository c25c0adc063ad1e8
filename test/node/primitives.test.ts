/** The shared date and time primitives accept only real calendar dates and times of day (README "Time semantics"). */
import { describe, expect, it } from "vitest";
import { LocalDateSchema, LocalDateTimeSchema, LocalTimeSchema, OffsetDateTimeSchema } from "../../schemas/primitives";

const CASES = [
  { schema: LocalDateSchema, name: "LocalDate", valid: ["2027-02-28", "2028-02-29", "2000-02-29", "2027-12-31"], invalid: ["2027-02-30", "2027-02-29", "1900-02-29", "2027-13-01", "2027-00-10", "2027-04-31", "2027-01-00"] },
  {
    schema: LocalDateTimeSchema,
    name: "LocalDateTime",
    valid: ["2027-02-01T08:00", "2028-02-29T23:59:59", "2027-02-01T00:00:00.5"],
    invalid: ["2027-02-30T08:00", "2027-02-01T24:00", "2027-02-01T25:00", "2027-02-01T08:60", "2027-02-01T08:00:60"],
  },
  { schema: LocalTimeSchema, name: "LocalTime", valid: ["00:00", "23:59:59", "08:00:00.25"], invalid: ["25:00", "24:00", "08:61", "08:00:61"] },
  {
    schema: OffsetDateTimeSchema,
    name: "OffsetDateTime",
    valid: ["2027-02-01T08:00:00+01:00", "2027-02-01T08:00Z", "2028-02-29T23:59:59.999-18:00", "2027-02-01T08:00+14:00"],
    invalid: ["2027-02-30T08:00:00+01:00", "2027-02-01T25:00:00Z", "2027-02-01T08:00:00+19:00", "2027-02-01T08:00:00+01:60", "2027-06-31T08:00Z"],
  },
];

describe.each(CASES)("$name", ({ schema, valid, invalid }) => {
  it.each(valid)("accepts %s", (text) => {
    expect(schema.safeParse(text).success).toBe(true);
  });
  it.each(invalid)("rejects %s", (text) => {
    const result = schema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message).join(" ")).toMatch(/calendar date|time of day/);
  });
});
