/** The wire (spec §7, §8): gzip request bodies, size limits, media types, methods, compressed responses, OpenAPI. */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { MAX_STREAMED_WIRE_BYTES } from "../../worker/ingest";
import { MAX_BODY_BYTES } from "../../worker/transport";
import { API_KEY, api, MODEL_BASE, ROOT, smallInput } from "./helpers";

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("request bodies", () => {
  it("accepts a gzip-compressed body", async () => {
    const body = await gzip(JSON.stringify({ modelInput: smallInput(), config: { run: { name: "zipped", termination: { stepCountLimit: 10 } } } }));
    const res = await api(ROOT, { method: "POST", body: body as BodyInit, headers: { "Content-Encoding": "gzip", "Content-Type": "application/json" } });
    expect(res.status).toBe(202);
    const { id, name } = await res.json<{ id: string; name: string }>();
    expect(name).toBe("zipped");
    expect(await (await api(`${ROOT}/${id}/input`)).json()).toEqual(smallInput());
  });

  it("rejects corrupt gzip with 400 and an unknown encoding with 415", async () => {
    const corrupt = await api(ROOT, { method: "POST", body: "not gzip at all", headers: { "Content-Encoding": "gzip", "Content-Type": "application/json" } });
    expect(corrupt.status).toBe(400);
    expect((await corrupt.json<{ message: string }>()).message).toMatch(/gzip/);
    const br = await api(ROOT, { method: "POST", body: "{}", headers: { "Content-Encoding": "br", "Content-Type": "application/json" } });
    expect(br.status).toBe(415);
  });

  it("rejects a body that is not JSON with 415", async () => {
    const res = await api(ROOT, { method: "POST", body: "modelInput=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(415);
    expect((await res.json<{ code: string; message: string }>()).message).toMatch(/application\/json/);
  });

  it("answers 413 when the declared size exceeds the limits", async () => {
    const declare = (url: string, bytes: number) =>
      SELF.fetch(url, {
        method: "POST",
        headers: { "X-API-KEY": API_KEY, "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": String(bytes) },
        body: new Uint8Array(16),
      });
    // A route that parses its body whole: MAX_BODY_BYTES; a submission, streamed: the specification's 100 MB of gzip.
    for (const [url, limit] of [[`${ROOT}/score-analysis`, MAX_BODY_BYTES], [ROOT, MAX_STREAMED_WIRE_BYTES]] as const) {
      const big = await declare(url, limit + 1);
      expect(big.status, url).toBe(413);
      expect((await big.json<{ code: string; message: string }>()).message).toMatch(/declared Content-Length/);
    }
  });

  it("takes its limit from the MAX_BODY_BYTES setting: the whole body where it is parsed whole, all but the shifts where it streams", async () => {
    const send = async (url: string, body: string, setting: string) => {
      const ctx = createExecutionContext();
      const request = new Request(url, { method: "POST", headers: { "X-API-KEY": API_KEY, "Content-Type": "application/json" }, body });
      const res = await worker.fetch(request, { ...env, MAX_BODY_BYTES: setting }, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const analysis = JSON.stringify({ modelInput: smallInput() });
    const url = `${ROOT}/score-analysis`;
    const small = await send(url, analysis, String(analysis.length - 1));
    expect(small.status).toBe(413);
    expect((await small.json<{ details: string }>()).details).toBe(`limit: ${analysis.length - 1} bytes`);
    expect((await send(url, analysis, String(analysis.length))).status).toBe(200);
    expect((await send(url, analysis, "not a number")).status).toBe(200); // the 10 MB default

    const input = smallInput();
    const submission = JSON.stringify({ modelInput: input });
    const kept = submission.length - JSON.stringify(input.shifts).length + 2; // the shifts list stays, empty: "[]"
    const submit = (setting: number) => send(`${ROOT}?operation=NONE`, submission, String(setting));
    const refused = await submit(kept - 1);
    expect(refused.status).toBe(413);
    expect(await refused.json<{ message: string }>()).toMatchObject({ message: expect.stringMatching(/apart from modelInput\.shifts/) });
    expect((await submit(kept)).status).toBe(202);
  });
});

describe("responses", () => {
  it("405 with Allow for a known path and a wrong method", async () => {
    const res = await api(ROOT, { method: "PUT", body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toMatch(/GET/);
    expect(res.headers.get("Allow")).toMatch(/POST/);
    expect((await res.json<{ code: string }>()).code).toBe("METHOD_NOT_ALLOWED");
  });

  it("serves an OpenAPI 3.1 document covering every route", async () => {
    const res = await SELF.fetch("https://rota.test/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toBe("3.1.0");
    const root = "/api/models/employee-scheduling/v1/schedules";
    const expected: Array<[string, string]> = [
      [root, "post"], [root, "get"], [`${root}/{id}`, "get"], [`${root}/{id}`, "delete"], [`${root}/{id}`, "post"], [`${root}/{id}`, "put"],
      [`${root}/{id}/purge`, "delete"], [`${root}/{id}/metadata`, "patch"], [`${root}/{id}/run`, "patch"], [`${root}/{id}/metadata`, "get"],
      [`${root}/{id}/input`, "get"], [`${root}/{id}/config`, "get"], [`${root}/{id}/model-request`, "get"], [`${root}/{id}/events`, "get"],
      [`${root}/{id}/validation-result`, "get"], [`${root}/{id}/score-analysis`, "get"], [`${root}/score-analysis`, "post"],
      [`${root}/validation-issue-types`, "get"], [`${root}/validation-issue-types/{code}`, "get"], [`${root}/{id}/from-patch`, "post"],
      [`${root}/{id}/from-input`, "post"], [`${root}/{id}/new-run`, "post"], [`${root}/recommendations/recommend-employees`, "post"],
      [`${root}/{id}/recommendations/recommend-employees`, "post"], [`${root}/recommendations/recommend-employees-batch-per-shift`, "post"],
      [`${root}/recommendations/recommend-employees-batch-global`, "post"], ["/api/models/employee-scheduling/v1/demo-data", "get"],
      ["/api/models/employee-scheduling/v1/demo-data/{demoDataId}", "post"], ["/api/models/employee-scheduling/v1/demo-data/{demoDataId}/input", "get"],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
