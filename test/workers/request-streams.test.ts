/**
 * GET <root>/{id}/input and /model-request, DELETE <root>/{id} and purge are streamed from the Durable Object, and
 * from-patch and from-input derive the child's request from the parent's streamed read (README "Request bodies"):
 * each is checked against what the API answered and stored when it built them whole, on a generated dataset with
 * every feature and the contract mix, above the length (256) from which lists are written member by member, before
 * solving, while solving (the live run's request and best solution) and once completed (the stored output).
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { generateInstance } from "../../bench/generate";
import { applyPatch } from "../../model/patch";
import { ModelInputSchema, type ModelInput } from "../../schemas/model-input";
import type { SolvingResponse } from "../../schemas/model-output";
import { api, ROOT, stubOf, submit } from "./helpers";

const requestKey = (id: string) => `tenants/default/datasets/${id}/request.json`;

async function storedText(id: string): Promise<string> {
  return (await env.BLOBS.get(requestKey(id)))!.text();
}

/** GET input and model-request: the stored request parsed whole and serialized (the answer before streaming). */
async function expectRequestAsWhole(id: string): Promise<void> {
  const whole = JSON.parse(await storedText(id)) as { modelInput: ModelInput };
  const input = await api(`${ROOT}/${id}/input`);
  expect(input.status).toBe(200);
  expect(input.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(await input.text()).toBe(JSON.stringify(whole.modelInput));
  expect(await (await api(`${ROOT}/${id}/model-request`)).text()).toBe(JSON.stringify(whole));
}

/** The base of a patch as the parent object made it whole: the input with the solution's employees written in. */
function solvedWhole(input: ModelInput, response: SolvingResponse): ModelInput {
  if (!response.modelOutput) return input;
  const byShift = new Map(response.modelOutput.shifts.map((s) => [s.id, s.employee]));
  return {
    ...input,
    shifts: input.shifts.map((shift) => {
      const employee = byShift.get(shift.id) ?? null;
      const { employee: _old, ...rest } = shift;
      return employee === null ? rest : { ...rest, employee };
    }),
  };
}

/** A patch that reads and edits shifts before and after positions move, and an employee. */
function patchOf(input: ModelInput) {
  const tagged = input.shifts.findIndex((s, i) => i >= 300 && (s.tags?.length ?? 0) > 0);
  const [a, b, c] = [input.shifts[5].id, input.shifts[tagged].id, input.shifts[700].id];
  const employee = input.employees.find((e) => (e.skills?.length ?? 0) > 0)!.id;
  const { employee: _e, ...template } = { ...input.shifts[10], id: "inserted" };
  expect(tagged).toBeGreaterThan(0);
  return [
    { op: "add", path: `/shifts[id=${a}]/pinned`, value: true },
    { op: "add", path: `/shifts[id=${b}]/tags/-`, value: "extra" },
    { op: "add", path: "/shifts/2", value: template },
    { op: "remove", path: `/shifts[id=${c}]` },
    { op: "replace", path: `/shifts[id=${b}]/end`, value: input.shifts[tagged].end },
    { op: "add", path: "/shifts/-", value: { ...template, id: "appended" } },
    { op: "remove", path: "/shifts/0" },
    { op: "add", path: `/shifts[start=${input.shifts[900].start}]/tags`, value: ["by-start"] },
    { op: "add", path: `/employees[id=${employee}]/skills/-`, value: { id: "extra-skill" } },
  ];
}

/**
 * from-patch (SOLVED) and from-input (`select`) of `parent`: the child's stored request is the text the route stored
 * when it built the input whole (for a patch, the schema's output of the patched input).
 */
async function expectDerivedAsWhole(parent: string, select: "SOLVED" | "UNSOLVED"): Promise<void> {
  const whole = JSON.parse(await storedText(parent)) as { modelInput: ModelInput };
  const response = (await stubOf(parent).getResponse()) as SolvingResponse;
  const base = select === "SOLVED" ? solvedWhole(whole.modelInput, response) : whole.modelInput;
  const patch = patchOf(whole.modelInput);

  const patched = await api(`${ROOT}/${parent}/from-patch?operation=NONE&select=${select}`, { method: "POST", body: JSON.stringify({ patch }) });
  expect(patched.status, await patched.clone().text()).toBe(202);
  const patchChild = (await patched.json<{ id: string }>()).id;
  const childText = await storedText(patchChild);
  const expectedInput = ModelInputSchema.parse(applyPatch(base, patch as never));
  expect(childText).toBe(JSON.stringify({ config: JSON.parse(childText).config, modelInput: expectedInput }));
  expect(JSON.parse(childText).modelInput.shifts.length).toBe(whole.modelInput.shifts.length);

  const copied = await api(`${ROOT}/${parent}/from-input?operation=NONE&select=${select}`, { method: "POST" });
  expect(copied.status, await copied.clone().text()).toBe(202);
  const copyText = await storedText((await copied.json<{ id: string }>()).id);
  expect(copyText).toBe(JSON.stringify({ config: JSON.parse(copyText).config, modelInput: base }));
}

describe("request, DELETE and purge streamed; patches on a streamed base", () => {
  it("answer and store what they did when built whole, at every stage", async () => {
    const modelInput = generateInstance({ shifts: 1200, employees: 40, seed: 11, warmShare: 0.5, features: true, contracts: true });
    // An unknown employee: a warning, and before solving the SOLVED base leaves the shift unassigned.
    modelInput.shifts[20] = { ...modelInput.shifts[20], employee: "nobody", pinned: false };
    const res = await submit({ modelInput, config: { run: { name: "parent", tags: ["p"], termination: { stepCountLimit: 200_000 } } } });
    expect(res.status).toBe(202);
    const { id } = await res.json<{ id: string }>();

    await expectRequestAsWhole(id); // scheduled: the request read from R2
    await expectDerivedAsWhole(id, "SOLVED"); // the submitted assignment, known employees only
    await expectDerivedAsWhole(id, "UNSOLVED");

    await runDurableObjectAlarm(stubOf(id)); // -> STARTED
    await runDurableObjectAlarm(stubOf(id)); // -> ACTIVE
    await runDurableObjectAlarm(stubOf(id)); // a slice
    expect((await stubOf(id).getMetadata())!.solverStatus).toBe("SOLVING_ACTIVE");
    await expectRequestAsWhole(id); // the live run's request
    await expectDerivedAsWhole(id, "SOLVED"); // the best solution so far

    const terminated = await api(`${ROOT}/${id}`, { method: "DELETE" });
    expect(terminated.status).toBe(200);
    expect(terminated.headers.get("Content-Type")).toMatch(/^application\/json/);
    const terminatedText = await terminated.text();
    const after = await stubOf(id).getResponse();
    expect(after!.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect(terminatedText).toBe(JSON.stringify(after));
    // DELETE of a completed dataset: unchanged, streamed from the stored output.
    expect(await (await api(`${ROOT}/${id}`, { method: "DELETE" })).text()).toBe(terminatedText);

    await expectRequestAsWhole(id);
    await expectDerivedAsWhole(id, "SOLVED"); // the stored output

    const purged = await api(`${ROOT}/${id}/purge`, { method: "DELETE" });
    expect(purged.status).toBe(200);
    expect(await purged.text()).toBe(terminatedText);
    expect((await api(`${ROOT}/${id}`)).status).toBe(404);
  });

  it("purge and DELETE of a dataset not solved yet answer with the submitted assignment", async () => {
    const modelInput = generateInstance({ shifts: 600, employees: 20, seed: 5, warmShare: 0.5, features: true, contracts: true });
    const res = await api(`${ROOT}?operation=NONE`, { method: "POST", body: JSON.stringify({ modelInput }) });
    const { id } = await res.json<{ id: string }>();
    const whole = JSON.stringify(await stubOf(id).getResponse());
    expect(await (await api(`${ROOT}/${id}`, { method: "DELETE" })).text()).toBe(whole);
    const purged = await api(`${ROOT}/${id}/purge`, { method: "DELETE" });
    expect(purged.status).toBe(200);
    expect(await purged.text()).toBe(whole);
  });
});
