/** New datasets from existing ones: from-patch (spec §2.5), from-input and new-run. */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { api, driveToCompletion, getDataset, ROOT, smallInput } from "./helpers";

const FAST = { run: { termination: { stepCountLimit: 2000 } } };

async function solvedParent(): Promise<{ id: string; assignment: Map<string, string | null> }> {
  const res = await api(ROOT, { method: "POST", body: JSON.stringify({ modelInput: smallInput(), config: FAST }) });
  const { id } = await res.json<{ id: string }>();
  await driveToCompletion(id);
  const done = await getDataset(id);
  return { id, assignment: new Map(done.modelOutput!.shifts.map((s) => [s.id, s.employee])) };
}

async function post<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await api(path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json<T>() };
}

describe("from-patch", () => {
  it("creates a child from the parent's solution with the patch applied; the parent is unchanged", async () => {
    const parent = await solvedParent();
    const patch = [
      { op: "add", path: "/shifts/-", value: { id: "d3-night", start: "2027-03-03T22:00:00+01:00", end: "2027-03-04T06:00:00+01:00", requiredSkills: ["Nurse"] } },
      { op: "add", path: "/shifts[id=d1-late]/pinned", value: true },
      { op: "add", path: "/employees[id=Ann]/unavailableTimeSpans", value: [{ start: "2027-03-03T00:00:00+01:00", end: "2027-03-04T00:00:00+01:00" }] },
    ];
    const created = await post<{ id: string; parentId: string; originId: string; tags: string[]; solverStatus: string }>(
      `${ROOT}/${parent.id}/from-patch`,
      { patch, config: { run: { name: "replan", termination: { stepCountLimit: 2000 } } } },
    );
    expect(created.status).toBe(202);
    const child = created.body;
    expect(child).toMatchObject({ parentId: parent.id, originId: parent.id, solverStatus: "SOLVING_SCHEDULED" });
    expect(child.tags).toContain("system.type:from-patch");

    // Warm start: the child's input carries the parent's solution, and the patch.
    const input = await (await api(`${ROOT}/${child.id}/input`)).json<ModelInput>();
    for (const shift of input.shifts.filter((s) => s.id !== "d3-night")) {
      expect(shift.employee ?? null).toBe(parent.assignment.get(shift.id));
    }
    expect(input.shifts.find((s) => s.id === "d1-late")!.pinned).toBe(true);
    expect(input.employees[0].unavailableTimeSpans).toHaveLength(1);
    expect(input.shifts.at(-1)!.employee).toBeUndefined();

    await driveToCompletion(child.id);
    const solved = await getDataset(child.id);
    expect(solved.metadata.score).toBe("0hard/0medium/0soft");
    const byId = new Map(solved.modelOutput!.shifts.map((s) => [s.id, s.employee]));
    expect(byId.get("d1-late")).toBe(parent.assignment.get("d1-late"));
    expect(byId.get("d3-night")).not.toBeNull();
    expect(solved.modelOutput!.shifts.filter((s) => s.id.startsWith("d3-") && s.employee === "Ann")).toEqual([]);

    // The parent is untouched.
    expect(await (await api(`${ROOT}/${parent.id}/input`)).json()).toEqual(smallInput());

    // A patch of the child keeps the root as origin; the trailing-slash spelling works.
    const grandchild = await post<{ parentId: string; originId: string }>(`${ROOT}/${child.id}/from-patch/`, {
      patch: [{ op: "remove", path: "/shifts[id=d3-night]" }],
    });
    expect(grandchild.status).toBe(202);
    expect(grandchild.body).toMatchObject({ parentId: child.id, originId: parent.id });
  });

  it("a failing operation is a 400 naming its index and path, and nothing is created", async () => {
    const parent = await solvedParent();
    const before = (await (await api(ROOT)).json<unknown[]>()).length;
    const res = await post<{ code: string; message: string; details: string[] }>(`${ROOT}/${parent.id}/from-patch`, {
      patch: [
        { op: "add", path: "/shifts[id=d1-late]/priority", value: "3" },
        { op: "remove", path: "/employees[id=Nobody]" },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("PATCH_FAILED");
    expect(res.body.details[0]).toMatch(/^patch\[1\] \(\/employees\[id=Nobody\]\): no element/);
    const invalid = await post<{ details: string[] }>(`${ROOT}/${parent.id}/from-patch`, {
      patch: [{ op: "add", path: "/shifts[id=d1-late]/start", value: "not a time" }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.join()).toContain("modelInput.shifts[2].start");
    expect((await (await api(ROOT)).json<unknown[]>()).length).toBe(before);
    expect((await post(`${ROOT}/no-such/from-patch`, { patch: [] })).status).toBe(404);
  });
});

describe("from-input and new-run", () => {
  it("copies the input (UNSOLVED by default) or the solution (SOLVED)", async () => {
    const parent = await solvedParent();
    const fresh = await post<{ id: string; parentId: string; tags: string[] }>(`${ROOT}/${parent.id}/from-input?name=again`);
    expect(fresh.status).toBe(202);
    expect(fresh.body.parentId).toBe(parent.id);
    expect(fresh.body.tags).toContain("system.type:from-input");
    expect(await (await api(`${ROOT}/${fresh.body.id}/input`)).json()).toEqual(smallInput());
    expect((await (await api(`${ROOT}/${fresh.body.id}/metadata`)).json<{ name: string }>()).name).toBe("again");

    const solved = await post<{ id: string }>(`${ROOT}/${parent.id}/from-input?select=SOLVED&operation=NONE`, { run: { name: "scored" } });
    expect(solved.status).toBe(202);
    const input = await (await api(`${ROOT}/${solved.body.id}/input`)).json<ModelInput>();
    expect(input.shifts.map((s) => s.employee ?? null)).toEqual(smallInput().shifts.map((s) => parent.assignment.get(s.id)));

    const legacy = await post<{ id: string; parentId: string }>(`${ROOT}/${parent.id}/new-run`, FAST);
    expect(legacy.status).toBe(202);
    expect(legacy.body.parentId).toBe(parent.id);
  });
});
