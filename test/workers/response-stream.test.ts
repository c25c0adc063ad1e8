/**
 * GET <root>/{id} is streamed from the Durable Object (durable-objects/response-stream.ts): its text is exactly the
 * solving response serialized whole, before solving, while solving and once completed (the stored output from R2).
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { generateInstance } from "../../bench/generate";
import { api, driveToCompletion, ROOT, smallInput, stubOf, submit } from "./helpers";

async function expectStreamedAsWhole(id: string): Promise<void> {
  const res = await api(`${ROOT}/${id}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  const text = await res.text();
  expect(text).toBe(JSON.stringify(await stubOf(id).getResponse()));
}

describe("GET <root>/{id} streamed", () => {
  it("is the response serialized whole, at every stage", async () => {
    const input = smallInput();
    input.shifts[0] = { ...input.shifts[0], employee: "Ann" };
    const res = await submit({ modelInput: input, config: { run: { termination: { stepCountLimit: 3000 } } } });
    const { id } = await res.json<{ id: string }>();
    await expectStreamedAsWhole(id); // scheduled: the submitted assignment
    await runDurableObjectAlarm(stubOf(id)); // -> STARTED
    await runDurableObjectAlarm(stubOf(id)); // -> ACTIVE
    await runDurableObjectAlarm(stubOf(id)); // a slice
    await expectStreamedAsWhole(id); // the best so far
    await driveToCompletion(id);
    await expectStreamedAsWhole(id); // the stored output
    const done = await (await api(`${ROOT}/${id}`)).json<{ metadata: { solverStatus: string }; modelOutput: { shifts: unknown[] } }>();
    expect(done.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect(done.modelOutput.shifts).toHaveLength(12);
    expect((await api(`${ROOT}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it("passes a stored output of many R2 chunks on whole (operation NONE, 4,000 shifts with a warm start)", async () => {
    const modelInput = generateInstance({ shifts: 4000, employees: 80, seed: 7, warmShare: 0.5, features: true, contracts: true });
    const res = await api(`${ROOT}?operation=NONE`, { method: "POST", body: JSON.stringify({ modelInput }) });
    expect(res.status).toBe(202);
    const { id } = await res.json<{ id: string }>();
    await expectStreamedAsWhole(id); // validated: the submitted assignment, shifts made as serialized
    await runDurableObjectAlarm(stubOf(id)); // -> DATASET_COMPUTED, its output in R2
    expect((await stubOf(id).getMetadata())!.solverStatus).toBe("DATASET_COMPUTED");
    const stored = await env.BLOBS.get(`tenants/default/datasets/${id}/output.json`);
    expect((await stored!.text()).length).toBeGreaterThan(150_000);
    await expectStreamedAsWhole(id);
  });
});
