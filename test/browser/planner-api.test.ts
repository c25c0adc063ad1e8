/**
 * The planner served by the Worker (real `wrangler dev`, web/dist as static assets at /) and talking to the API on
 * the same origin: open a solved dataset from the API (its score in the browser equals the API's), edit it, and send
 * it back as a patch of that dataset and as a new dataset; the API holds exactly the edited schedule.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSolvingRequest } from "../../demo-data/index";
import type { ModelInput } from "../../schemas/model-input";
import { freePort, WranglerDev } from "../e2e/wrangler-dev";
import { launchChromium } from "./chromium";
import { ensureWebBuild } from "./planner-harness";

const KEY = "planner-browser-key";
const ROOT = "/api/models/employee-scheduling/v1/schedules";
let dev: WranglerDev;
let dir: string;
let browser: Browser;
let page: Page;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${dev.baseUrl}${ROOT}${path}`, { ...init, headers: { "X-API-KEY": KEY, "Content-Type": "application/json" } });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Dataset = { metadata: { id: string; parentId: string | null; solverStatus: string; score: string | null }; modelOutput: { shifts: Array<{ id: string; employee: string | null }> } | null };

async function solved(id: string): Promise<Dataset> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const d = await api<Dataset>(`/${id}`);
    if (d.metadata.solverStatus === "SOLVING_COMPLETED") return d;
    if (Date.now() > deadline) throw new Error(`not solved: ${JSON.stringify(d.metadata)}\n${dev.log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  browser = await launchChromium();
  await ensureWebBuild();
  dir = mkdtempSync(join(tmpdir(), "rota-planner-"));
  dev = new WranglerDev(await freePort(), dir, KEY);
  await dev.start();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the planner served by the Worker, with the API on the same origin", () => {
  it("is served at / as static assets, next to the API", async () => {
    const home = await fetch(`${dev.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await home.text()).toContain("<title>Rota planner</title>");
    const wasm = await fetch(`${dev.baseUrl}/rota.wasm`);
    expect(wasm.headers.get("content-type")).toBe("application/wasm");
    expect((await fetch(`${dev.baseUrl}/sw.js`)).status).toBe(200);
    expect((await fetch(`${dev.baseUrl}/api/openapi.json`)).status).toBe(200);
    expect((await fetch(`${dev.baseUrl}${ROOT}`)).status).toBe(401); // the API still wants its key
  });

  it("opens a dataset from the API, edits it, and sends it back as a patch and as a new dataset", async () => {
    const request = demoSolvingRequest("BASIC")!;
    const ack = await api<{ id: string }>("", {
      method: "POST",
      body: JSON.stringify({ ...request, config: { run: { name: "Ward plan", termination: { spentLimit: "PT2S" } } } }),
    });
    const parent = await solved(ack.id);

    await page.goto(dev.baseUrl);
    await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 60_000 });
    await page.click("#open-button");
    // The dialog fills the field once it has read the saved API settings (IndexedDB): wait for it, then compare.
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>("#api-base-url")?.value !== "");
    expect(await page.inputValue("#api-base-url")).toBe(dev.baseUrl); // same origin by default
    await page.fill("#api-key", KEY);
    await page.getByRole("button", { name: "List datasets" }).click();
    await page.click(`[data-dataset="${ack.id}"]`);
    await page.waitForFunction(() => document.body.dataset.plan !== undefined);
    expect(await page.locator("#plan-name").textContent()).toBe("Ward plan");
    // The same engine on both sides: the browser scores the API's solution exactly as the API did.
    const levels = await page.locator("#score .score-value").allTextContents();
    expect(`${levels[0]}hard/${levels[1]}medium/${levels[2]}soft`).toBe(parent.metadata.score);

    // Unassign one shift (U) and pin another (P), with the keyboard.
    const blocks = page.locator(".row:not(.row-unassigned) .shift");
    const unassigned = (await blocks.nth(0).getAttribute("data-shift-id"))!;
    await blocks.nth(0).click();
    await page.keyboard.press("u");
    await page.waitForFunction((id) => document.querySelector(`.row-unassigned [data-shift-id="${id}"]`) !== null, unassigned);
    const pinned = (await blocks.nth(3).getAttribute("data-shift-id"))!;
    const pinnedTo = (await page.locator(`.row:has([data-shift-id="${pinned}"])`).getAttribute("aria-label"))!.split(",")[0];
    await blocks.nth(3).click();
    await page.keyboard.press("p");
    await page.waitForFunction((id) => document.querySelector(`[data-shift-id="${id}"]`)?.classList.contains("pinned"), pinned);

    await page.click("#send-button");
    expect(await page.locator(".send-dialog pre.patch").textContent()).toContain(`/shifts[id=${unassigned}]/employee`);
    await page.getByRole("button", { name: "Send as a patch" }).click();
    const result = page.locator(".send-dialog .message");
    await page.waitForFunction(() => /^Created dataset /.test(document.querySelector(".send-dialog .message")?.textContent ?? ""));
    const patchId = (await result.getAttribute("data-dataset-id"))!;
    const child = await api<Dataset>(`/${patchId}`);
    expect(child.metadata.parentId).toBe(ack.id);
    const childInput = await api<ModelInput>(`/${patchId}/input`);
    const byId = new Map(childInput.shifts.map((s) => [s.id, s]));
    expect(byId.get(unassigned)!.employee).toBeUndefined();
    expect(byId.get(pinned)).toMatchObject({ pinned: true, employee: pinnedTo });
    // Every other shift keeps the parent's solution.
    const parentAssignment = new Map(parent.modelOutput!.shifts.map((s) => [s.id, s.employee]));
    for (const s of childInput.shifts) if (s.id !== unassigned) expect(s.employee ?? null).toBe(parentAssignment.get(s.id));

    await page.fill("#send-name", "Ward plan, edited copy");
    await page.getByRole("button", { name: "Send as a new dataset" }).click();
    await page.waitForFunction((old) => {
      const id = document.querySelector<HTMLElement>(".send-dialog .message")?.dataset.datasetId;
      return id !== undefined && id !== old;
    }, patchId);
    const copyId = (await result.getAttribute("data-dataset-id"))!;
    const copy = await api<Dataset & { metadata: { name: string } }>(`/${copyId}`);
    expect(copy.metadata.parentId).toBeNull();
    expect(copy.metadata.name).toBe("Ward plan, edited copy");
    const copyInput = await api<ModelInput>(`/${copyId}/input`);
    expect(copyInput.shifts.map((s) => [s.id, s.employee ?? null, s.pinned === true])).toEqual(
      childInput.shifts.map((s) => [s.id, s.employee ?? null, s.pinned === true]),
    );
  });
});
