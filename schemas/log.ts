/** The run log of a dataset (reference `LogInfo`): one line per event, `<time> <KIND> <message>`. */
import { z } from "@hono/zod-openapi";

export const LogInfoSchema = z
  .strictObject({
    details: z.string().openapi({
      description:
        "One line per event, oldest first: `<ISO time> <KIND> <message>`, KIND one of STATUS, PROGRESS, TERMINATION, FAILURE, WEBHOOK.",
      example: "2027-03-01T08:00:00.000Z STATUS SOLVING_ACTIVE\n2027-03-01T08:00:00.210Z PROGRESS 1 slice(s) in 205 ms: 120000 moves/s, 1 improvement(s), best score 0hard/-3medium/-120soft",
    }),
  })
  .openapi("LogInfo");
