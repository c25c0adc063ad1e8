/**
 * GET <root>: one page of the tenant's datasets, newest first, read from the D1 index alone by walking an index
 * (no table scan, no sort, no call to any dataset's Durable Object), with a bounded page size and offset.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LISTING_SQL } from "../../durable-objects/dataset-index";
import { api, ROOT, smallInput, submit } from "./helpers";

describe("the listing", () => {
  it("walks the index datasets_listing: no table scan and no sort", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${LISTING_SQL}`).bind("default", 10, 0).all<{ detail: string }>();
    const plan = results.map((r) => r.detail).join("\n");
    expect(plan).toMatch(/SEARCH datasets USING INDEX datasets_listing/);
    expect(plan).not.toMatch(/SCAN datasets|TEMP B-TREE/);
  });

  it("pages through the datasets newest first, each exactly once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await submit({ modelInput: smallInput(), config: { run: { name: `page-${i}` } } });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const all = (await (await api(`${ROOT}?size=1000`)).json()) as Array<{ id: string; submitDateTime: string }>;
    const paged: string[] = [];
    for (let page = 0; page < 10; page++) {
      const rows = (await (await api(`${ROOT}?page=${page}&size=2`)).json()) as Array<{ id: string }>;
      paged.push(...rows.map((r) => r.id));
      if (rows.length < 2) break;
    }
    expect(paged).toEqual(all.map((d) => d.id));
    expect(new Set(paged).size).toBe(paged.length);
    for (const id of ids) expect(paged).toContain(id);
    const times = all.map((d) => d.submitDateTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("bounds the page size (1000, the reference's maximum) and the offset (100,000 rows) with a 400 naming the field", async () => {
    const tooLarge = await api(`${ROOT}?size=1001`);
    expect(tooLarge.status).toBe(400);
    expect(((await tooLarge.json()) as { details: string }).details).toContain("query.size");
    const tooFar = await api(`${ROOT}?page=101&size=1000`);
    expect(tooFar.status).toBe(400);
    expect(((await tooFar.json()) as { details: string }).details).toContain("query.page");
    expect((await api(`${ROOT}?page=100&size=1000`)).status).toBe(200);
  });
});
