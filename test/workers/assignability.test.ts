/** GET <root>/{id}/assignability-analysis and its details route, on real datasets (README "Assignability analysis"). */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { MAX_EVALUATIONS_PER_REPORT } from "../../solver/assignability";
import { api, driveToCompletion, ROOT, smallInput, submit } from "./helpers";

interface Summary {
  entityId: string;
  validAssignments: number;
  totalValues: number;
}
interface Report {
  totalAnalyzed: number;
  totalUnassignable: number;
  totalAssignable: number;
  unassignable: Summary[];
  assignable: Summary[];
}

async function computed(modelInput: ModelInput): Promise<string> {
  const res = await api(`${ROOT}?operation=NONE`, { method: "POST", body: JSON.stringify({ modelInput }) });
  expect(res.status).toBe(202);
  return (await res.json<{ id: string }>()).id;
}

describe("assignability analysis", () => {
  it("reports the unassigned shifts of the best solution; the details say which rule stops whom", async () => {
    const input = smallInput();
    // No employee holds the Surgeon skill: the shift stays unassigned and no one can take it.
    input.shifts.push({ id: "surgeon", start: "2027-03-01T09:00:00+01:00", end: "2027-03-01T12:00:00+01:00", requiredSkills: ["Surgeon"] });
    const res = await submit({ modelInput: input, config: { run: { termination: { stepCountLimit: 2000 } } } });
    const { id } = await res.json<{ id: string }>();
    await driveToCompletion(id);

    const report = await (await api(`${ROOT}/${id}/assignability-analysis`)).json<Report>();
    expect(report.unassignable).toContainEqual({ entityId: "surgeon", validAssignments: 0, totalValues: 4 });
    expect(report.totalAnalyzed).toBe(report.unassignable.length + report.assignable.length);
    expect(report.totalUnassignable).toBe(report.unassignable.length);

    const all = await api(`${ROOT}/${id}/assignability-analysis?unassignedOnly=false`);
    expect(all.status).toBe(200);
    expect(all.headers.get("X-Total-Count")).toBe(String(input.shifts.length));
    expect((await all.json<Report>()).totalAnalyzed).toBe(input.shifts.length);

    const detail = await (await api(`${ROOT}/${id}/assignability-analysis/details/surgeon`)).json<{
      shift: string;
      validAssignments: number;
      assignments: Array<{ value: string; assignmentFailures: string[] }>;
    }>();
    expect(detail.shift).toBe("surgeon");
    expect(detail.validAssignments).toBe(0);
    for (const a of detail.assignments) expect(a.assignmentFailures, a.value).toContain("Required skill missing: -1hard/0medium/0soft (+1 match)");
  });

  it("pages a large schedule: at most MAX_EVALUATIONS_PER_REPORT evaluations per request", async () => {
    const base = smallInput();
    const employees = Array.from({ length: 2000 }, (_, i) => ({ id: `e${i}`, skills: [{ id: "Nurse" }] }));
    const id = await computed({ ...base, employees });
    const pageSize = MAX_EVALUATIONS_PER_REPORT / 2000;

    const first = await api(`${ROOT}/${id}/assignability-analysis`);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Size")).toBe(String(pageSize));
    expect(first.headers.get("X-Total-Count")).toBe(String(base.shifts.length));
    expect((await first.json<Report>()).totalAnalyzed).toBe(pageSize);

    const last = Math.floor((base.shifts.length - 1) / pageSize);
    const tail = await (await api(`${ROOT}/${id}/assignability-analysis?page=${last}`)).json<Report>();
    expect(tail.totalAnalyzed).toBe(base.shifts.length - last * pageSize);
    expect((await (await api(`${ROOT}/${id}/assignability-analysis?page=${last + 1}`)).json<Report>()).totalAnalyzed).toBe(0);

    const tooBig = await api(`${ROOT}/${id}/assignability-analysis?size=${pageSize + 1}`);
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json<{ message: string }>()).message).toContain(`at most ${pageSize} shifts per page`);
  });

  it("answers 400 for an unknown or pinned shift, an invalid dataset and an unknown query parameter", async () => {
    const input = smallInput();
    input.shifts[0] = { ...input.shifts[0], employee: "Ann", pinned: true };
    const id = await computed(input);
    const pinned = await api(`${ROOT}/${id}/assignability-analysis/details/${input.shifts[0].id}`);
    expect(pinned.status).toBe(400);
    expect((await pinned.json<{ message: string }>()).message).toContain("pinned");
    expect((await api(`${ROOT}/${id}/assignability-analysis/details/nope`)).status).toBe(400);
    expect((await api(`${ROOT}/${id}/assignability-analysis?unassigned=false`)).status).toBe(400);

    // Stored as DATASET_INVALID; the 400 names the dataset.
    const invalid = await submit({ modelInput: { ...input, shifts: [...input.shifts, { ...input.shifts[1] }] } });
    expect(invalid.status).toBe(400);
    const invalidId = /Dataset ([0-9a-f-]{36})/.exec((await invalid.json<{ message: string }>()).message)![1];
    expect((await api(`${ROOT}/${invalidId}/assignability-analysis`)).status).toBe(400);
    expect((await api(`${ROOT}/00000000-0000-4000-8000-000000000000/assignability-analysis`)).status).toBe(404);
  });
});
