/**
 * Creating a dataset writes R2 (the request), the dataset's Durable Object (its record) and D1 (its index row). Every
 * field that reaches a stored value is bounded at validation time (a 400 naming it), and a failed write leaves no
 * trace: no dataset that is listed but cannot be read, no orphaned request in R2.
 */
import { env, listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_SUMMARY_MESSAGES } from "../../worker/datasets";
import { api, ROOT, smallInput, submit } from "./helpers";

interface ErrorBody {
  code: string;
  message: string;
  details: string[];
}

interface Stored {
  listed: string[];
  indexed: string[];
  blobs: string[];
  objects: string[];
}

/** What is stored of any dataset (storage is shared by the tests of this file). */
async function stored(): Promise<Stored> {
  const listed = await api(`${ROOT}?size=100`);
  expect(listed.status).toBe(200);
  const { results } = await env.DB.prepare("SELECT id FROM datasets").all<{ id: string }>();
  return {
    listed: ((await listed.json()) as Array<{ id: string }>).map((d) => d.id),
    indexed: results.map((r) => r.id),
    blobs: (await env.BLOBS.list({ prefix: "tenants/" })).objects.map((o) => o.key),
    objects: (await listDurableObjectIds(env.DATASETS)).map((id) => id.toString()),
  };
}

/**
 * Since `before`, nothing was listed, indexed or put in R2, and every Durable Object that was reached holds no
 * record and no alarm. Returns how many objects were reached.
 */
async function expectNothingStoredSince(before: Stored): Promise<number> {
  const after = await stored();
  expect(after.listed).toEqual(before.listed);
  expect(after.indexed).toEqual(before.indexed);
  expect(after.blobs).toEqual(before.blobs);
  const reached = after.objects.filter((id) => !before.objects.includes(id));
  for (const id of reached) {
    await runInDurableObject(env.DATASETS.get(env.DATASETS.idFromString(id)), async (_instance, state) => {
      expect(state.storage.sql.exec("SELECT count(*) AS n FROM record").one().n).toBe(0);
      expect(await state.storage.getAlarm()).toBeNull();
    });
  }
  return reached.length;
}

describe("bounds on everything that is stored", () => {
  it("a 1,000,000-character skill id is a 400 naming the field, and nothing is stored", async () => {
    const before = await stored();
    const input = smallInput();
    const huge = "S".repeat(1_000_000);
    input.employees[0].skills = [{ id: huge }];
    input.shifts[0].requiredSkills = [huge];
    const res = await submit({ modelInput: input });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.details.join("\n")).toContain("modelInput.employees[0].skills[0].id");
    expect(body.details.join("\n")).toContain("modelInput.shifts[0].requiredSkills[0]");
    expect(await expectNothingStoredSince(before)).toBe(0);
  });

  it("ids of employees, shifts and rule references are bounded at 255 characters", async () => {
    const ok = smallInput();
    ok.employees[0].id = "E".repeat(255);
    expect((await submit({ modelInput: ok, config: { run: { termination: { stepCountLimit: 1 } } } })).status).toBe(202);

    const input = smallInput();
    input.employees[1].id = "E".repeat(256);
    input.shifts[1].id = "S".repeat(256);
    input.shifts[2].tags = ["T".repeat(256)];
    const res = await submit({ modelInput: input });
    expect(res.status).toBe(400);
    const details = ((await res.json()) as ErrorBody).details.join("\n");
    expect(details).toContain("modelInput.employees[1].id");
    expect(details).toContain("modelInput.shifts[1].id");
    expect(details).toContain("modelInput.shifts[2].tags[0]");
  });

  it("3 MB of run tags is a 400 naming the first long tag, and nothing is stored", async () => {
    const before = await stored();
    const tags = Array.from({ length: 100 }, (_, i) => `${i}-`.padEnd(30_000, "x"));
    const res = await submit({ modelInput: smallInput(), config: { run: { tags } } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).details.join("\n")).toContain("config.run.tags[0]");
    expect(await expectNothingStoredSince(before)).toBe(0);
  });

  it("run tags and query tags together: at most 100", async () => {
    const before = await stored();
    const runTags = Array.from({ length: 90 }, (_, i) => `run-${i}`);
    const query = Array.from({ length: 11 }, (_, i) => `tags=q-${i}`).join("&");
    const res = await api(`${ROOT}?${query}`, { method: "POST", body: JSON.stringify({ modelInput: smallInput(), config: { run: { tags: runTags } } }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).details.join("\n")).toContain("at most 100 tags together, got 101");
    expect(await expectNothingStoredSince(before)).toBe(0);
  });

  it("the validation summary in the metadata (and the index row) is bounded; validation-result keeps every issue", async () => {
    const input = smallInput();
    const day = (h: number) => `2027-03-10T${String(h % 24).padStart(2, "0")}:00:00+01:00`;
    for (let i = 0; i < 150; i++) {
      input.shifts.push({ id: `ghost-${i}`, start: day(0), end: day(8), employee: `Nobody-${i}` });
    }
    const res = await submit({ modelInput: input, config: { run: { termination: { stepCountLimit: 1 } } } });
    expect(res.status).toBe(202);
    const ack = (await res.json()) as { id: string; validationResult: { warnings: string[] } };
    expect(ack.validationResult.warnings.length).toBe(MAX_SUMMARY_MESSAGES + 1);
    expect(ack.validationResult.warnings.at(-1)).toContain(`and ${150 - MAX_SUMMARY_MESSAGES} more`);
    const row = await env.DB.prepare("SELECT validation_summary FROM datasets WHERE id = ?").bind(ack.id).first<{ validation_summary: string }>();
    expect(JSON.parse(row!.validation_summary).warnings.length).toBe(MAX_SUMMARY_MESSAGES + 1);
    const full = (await (await api(`${ROOT}/${ack.id}/validation-result`)).json()) as { issues: Array<{ code: string }> };
    expect(full.issues.filter((i) => i.code === "SHIFT_UNKNOWN_EMPLOYEE").length).toBe(150);
  });
});

describe("a failed index write leaves no trace", () => {
  it("answers 500, and nothing is listed, recorded or left in R2", async () => {
    // The real local D1, made to refuse the index row as deployed D1 refuses a row over its size limit.
    const before = await stored();
    await env.DB.exec("CREATE TRIGGER refuse_index BEFORE INSERT ON datasets BEGIN SELECT RAISE(ABORT, 'string or blob too big'); END");
    try {
      const res = await submit({ modelInput: smallInput() });
      expect(res.status).toBe(500);
      expect(((await res.json()) as ErrorBody).code).toBe("INTERNAL_ERROR");
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_index");
    }
    // The dataset's object was reached, and emptied again.
    expect(await expectNothingStoredSince(before)).toBe(1);
  });
});
