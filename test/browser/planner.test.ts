/**
 * The browser planner (README "Browser planner") in real headless Chromium, served from web/dist by a static server on 127.0.0.1:
 * open the BASIC demo, get recommendations with the keyboard and assign the top one, drag a shift onto an employee
 * (with the score change shown while hovering), solve locally with progress and stop, then go offline and reload:
 * the app still loads from the service worker, reopens the saved schedule from IndexedDB, recommends and solves.
 * A screenshot is kept in test-results/.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./chromium";
import { ARTIFACTS, WEB_DIST, ensureWebBuild } from "./planner-harness";
import { serveStatic, type StaticServer } from "./static-server";

let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

type Levels = { hard: number; medium: number; soft: number };

async function score(): Promise<Levels> {
  const read = async (level: string) => Number(await page.locator(`#score [data-level=${level}] .score-value`).textContent());
  return { hard: await read("hard"), medium: await read("medium"), soft: await read("soft") };
}

/** The employee row (-1: unassigned lane) a shift block is in. */
async function rowOf(shiftId: string): Promise<number> {
  return Number(await page.locator(`.row:has([data-shift-id="${shiftId}"])`).getAttribute("data-employee"));
}

async function waitReady(): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.ready !== undefined, undefined, { timeout: 60_000 });
  expect(await page.evaluate(() => document.body.dataset.ready)).toBe("true");
}

beforeAll(async () => {
  browser = await launchChromium();
  await ensureWebBuild();
  server = await serveStatic(resolve(WEB_DIST));
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the planner in headless Chromium", () => {
  it("opens the BASIC demo on the board: rows per employee, an unassigned lane, the score", async () => {
    await page.goto(server.url);
    await waitReady();
    await page.click('.welcome [data-demo="BASIC"]');
    await page.waitForFunction(() => document.body.dataset.plan !== undefined);
    expect(await page.locator("#plan-name").textContent()).toBe("BASIC demo");
    expect(await page.locator(".shift").count()).toBe(140);
    expect(await page.locator(".row[data-employee]").count()).toBe(16); // 15 employees + the unassigned lane
    expect(await page.locator('.row-unassigned .shift').count()).toBe(140);
    expect(await score()).toEqual({ hard: 0, medium: expect.any(Number), soft: 0 });
    expect((await score()).medium).toBeLessThan(0);
  });

  it("is installable: a manifest with icons that load", async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await page.evaluate(async (url) => (await fetch(url!)).json(), href)) as { icons: Array<{ src: string; type: string }> };
    expect(manifest).toMatchObject({ name: "Rota planner", display: "standalone", start_url: "./" });
    for (const icon of manifest.icons) {
      const res = await page.evaluate(async (src) => {
        const r = await fetch(src);
        return { status: r.status, type: r.headers.get("content-type"), bytes: (await r.arrayBuffer()).byteLength };
      }, icon.src);
      expect(res.status).toBe(200);
      expect(res.type).toBe(icon.type);
      expect(res.bytes).toBeGreaterThan(100);
    }
  });

  it("recommends with the keyboard (Enter) in the browser and assigns the top recommendation (A)", async () => {
    const first = page.locator(".row-unassigned .shift").first();
    await first.focus();
    await page.keyboard.press("ArrowRight");
    const selected = page.locator(".shift.selected");
    const shiftId = (await selected.getAttribute("data-shift-id"))!;
    expect(await selected.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const recommendations = page.locator("#what-if .recommendations > li");
    await recommendations.first().waitFor();
    expect(await page.locator("#what-if-title").textContent()).toBe(shiftId);
    expect(await recommendations.count()).toBeGreaterThan(0);
    const top = (await recommendations.first().locator(".name").textContent())!;
    expect(await recommendations.first().locator(".diff").textContent()).toMatch(/^\+\d+medium/);
    expect(await recommendations.first().locator(".changes").textContent()).toContain("Unassigned shift");
    // Employees without the skill are listed with the hard rule they would break.
    expect(await page.locator("#what-if .not-fit .reasons").first().textContent()).toMatch(/Lacks the required skill/);
    const ms = Number(/in ([\d.]+) ms/.exec((await page.getByTestId("recommendation-time").textContent())!)![1]);
    expect(ms).toBeLessThan(50);

    const before = await score();
    await page.keyboard.press("a");
    await page.waitForFunction((id) => !document.querySelector(`.row-unassigned [data-shift-id="${id}"]`), shiftId);
    const employee = await rowOf(shiftId);
    expect(await page.locator(`.row[data-employee="${employee}"] .row-label .name`).textContent()).toBe(top);
    expect((await score()).medium).toBeGreaterThan(before.medium);
    expect(await page.locator("#last-change").textContent()).toContain(`${shiftId} → ${top}`);
    // The selection and the focus stay on the moved shift: Escape closes the panel.
    await page.keyboard.press("Escape");
    expect(await page.locator("#what-if .recommendations").count()).toBe(0);
  });

  it("drags a shift onto an employee: the score change shows while hovering, and applies on drop", async () => {
    const block = page.locator(".row-unassigned .shift").first();
    const shiftId = (await block.getAttribute("data-shift-id"))!;
    const target = page.locator('.row[data-employee="1"] .track'); // Beth Cole: Doctor, Nurse
    const from = (await block.boundingBox())!;
    const to = (await target.boundingBox())!;
    const before = await score();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + 40, to.y + to.height / 2, { steps: 8 });
    await page.mouse.move(to.x + 44, to.y + to.height / 2, { steps: 2 });
    const hint = page.locator(".drop-hint");
    await hint.waitFor({ state: "visible" });
    expect(await hint.textContent()).toMatch(/^Beth Cole: /);
    expect(await page.locator("#last-change").textContent()).toContain(`If ${shiftId} goes to Beth Cole`);
    await page.mouse.up();
    await page.waitForFunction((id) => !document.querySelector(`.row-unassigned [data-shift-id="${id}"]`), shiftId);
    expect(await rowOf(shiftId)).toBe(1);
    const after = await score();
    expect(after).not.toEqual(before);
    expect(await page.locator("#last-change").textContent()).toContain(`${shiftId} → Beth Cole`);
    expect(await page.locator("#last-change li").count()).toBeGreaterThan(0); // the constraints that changed
  });

  it("solves locally in a Web Worker with a progress bar and a live chart, and stops on request", async () => {
    await page.selectOption("#solve-limit", "60000");
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    await page.waitForFunction(() => Number(document.querySelector<HTMLProgressElement>("#solve progress")!.value) > 0);
    await page.waitForFunction(() => (document.querySelector(".score-chart path.medium")?.getAttribute("d") ?? "").includes("L"));
    // Stop once the live status reports every shift covered (how many slices that takes depends on the machine).
    await page.waitForFunction(() => /^Best 0hard\/0medium\//.test(document.querySelector("#solve [role=status]")?.textContent ?? ""));
    await page.getByRole("button", { name: "Stop" }).click();
    await page.waitForFunction(() => document.body.dataset.solving === undefined, undefined, { timeout: 30_000 });
    expect(await page.locator("#solve [role=status]").textContent()).toMatch(/^Done \(stopped\)/);
    expect(await score()).toEqual({ hard: 0, medium: 0, soft: expect.any(Number) });
    expect(await page.locator(".row-unassigned .shift").count()).toBe(0);
  });

  it("works offline: the service worker serves the app, IndexedDB the schedule; recommend and solve still work", async () => {
    const solved = await score();
    // Let the debounced save land, and let the service worker take control.
    const text = `${solved.hard}hard/${solved.medium}medium/${solved.soft}soft`;
    await page.waitForFunction((t) => document.body.dataset.savedScore === t, text);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await waitReady();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    const requestsBefore = server.requests.length;
    await page.reload();
    await waitReady();
    expect(server.requests.length).toBe(requestsBefore); // nothing reached the server
    // The last schedule reopens from IndexedDB, with the solved assignment.
    await page.waitForFunction(() => document.body.dataset.plan !== undefined);
    expect(await page.locator("#plan-name").textContent()).toBe("BASIC demo");
    expect(await score()).toEqual(solved);

    // The saved list opens it too.
    await page.click("#open-button");
    const saved = page.locator(".saved-open").first();
    await saved.waitFor();
    expect(await saved.textContent()).toContain("BASIC demo");
    await saved.click();
    await page.waitForFunction(() => !document.querySelector("dialog[open]"));

    // Recommend offline.
    await page.locator(".row:not(.row-unassigned) .shift").nth(5).click();
    await page.locator("#what-if .recommendations > li, #what-if .not-fit > li").first().waitFor();

    // Solve offline (unassign one shift first so the solve has work to do).
    await page.keyboard.press("u");
    await page.waitForFunction(() => document.querySelectorAll(".row-unassigned .shift").length === 1);
    await page.selectOption("#solve-limit", "5000");
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    await page.waitForFunction(() => document.body.dataset.solving === undefined && /^Done/.test(document.querySelector("#solve [role=status]")!.textContent!), undefined, { timeout: 30_000 });
    expect((await score()).medium).toBe(0);

    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = join(ARTIFACTS, "planner-offline.png");
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${resolve(shot)}`);
    await context.setOffline(false);
    expect(pageErrors).toEqual([]);
  });

  it("opens a local JSON file, validated like the API validates a submission (offline too: the validator is cached)", async () => {
    await context.setOffline(true);
    await page.click("#open-button");
    const upload = (name: string, json: unknown) =>
      page.setInputFiles("#open-file", { name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(json)) });
    const message = page.locator(".open-dialog .message");

    await upload("broken.json", { employees: [{ id: "Ann" }], shifts: [{ id: "a", start: "2027-03-01T06:00:00Z" }] });
    await page.waitForFunction(() => /not a valid schedule/.test(document.querySelector(".open-dialog .message")!.textContent!));
    expect(await message.textContent()).toContain("shifts[0].end");

    const shift = (id: string, employee?: string) => ({ id, start: "2027-03-01T06:00:00Z", end: "2027-03-01T14:00:00Z", ...(employee ? { employee } : {}) });
    await upload("duplicates.json", { employees: [{ id: "Ann" }], shifts: [shift("a"), shift("a")] });
    await page.waitForFunction(() => /Duplicate id 'a'/.test(document.querySelector(".open-dialog .message")!.textContent!));

    await upload("small.json", { config: { run: { name: "From a file" } }, modelInput: { employees: [{ id: "Ann" }, { id: "Bob" }], shifts: [shift("a", "Ann"), shift("b", "Ann")] } });
    await page.waitForFunction(() => document.querySelector("#plan-name")!.textContent === "From a file");
    expect(await page.locator(".shift").count()).toBe(2);
    // Ann works both at once: the blocks carry the hard violation, and the score shows it.
    expect(await page.locator(".shift.has-hard").count()).toBe(2);
    expect((await score()).hard).toBeLessThan(0);
    expect(await page.locator('[data-shift-id="a"]').getAttribute("aria-label")).toContain("Overlapping shift with b");
    await context.setOffline(false);
  });

  it("plans the LARGE demo (~1,000 shifts): solves, recommends under 50 ms, moves with the arrow keys", async () => {
    await page.click("#open-button");
    await page.click('.open-dialog .demo[data-demo="LARGE"]');
    await page.waitForFunction(() => document.querySelector("#plan-name")!.textContent === "LARGE demo");
    expect(await page.locator(".shift").count()).toBe(1008);
    await page.selectOption("#solve-limit", "5000");
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    await page.waitForFunction(() => document.body.dataset.solving === undefined && /^Done/.test(document.querySelector("#solve [role=status]")!.textContent!), undefined, { timeout: 60_000 });
    expect((await score()).hard).toBe(0);

    const block = page.locator('.row[data-employee="2"] .shift').nth(3);
    await block.click();
    await page.locator("#what-if .recommendations > li, #what-if .not-fit > li").first().waitFor();
    const ms = Number(/in ([\d.]+) ms/.exec((await page.getByTestId("recommendation-time").textContent())!)![1]);
    console.log(`LARGE recommendation in the page: ${ms} ms`);
    expect(ms).toBeLessThan(50);

    await page.keyboard.press("ArrowDown");
    const next = page.locator(".shift.selected");
    expect(Number(await page.locator(".row:has(.shift.selected)").getAttribute("data-employee"))).toBeGreaterThan(2);
    expect(await page.locator("#what-if-title").textContent()).toBe(await next.getAttribute("data-shift-id"));
    await page.keyboard.press("ArrowUp");
    expect(Number(await page.locator(".row:has(.shift.selected)").getAttribute("data-employee"))).toBe(2);

    const shot = join(ARTIFACTS, "planner-large.png");
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${resolve(shot)}`);
    expect(pageErrors).toEqual([]);
  });
});
