/**
 * "Open a schedule": the schedules saved in this browser, the bundled demo data, a local JSON file, or a dataset of
 * the API (base URL and API key, the list of datasets, open one). A native <dialog>: focus is trapped and Escape
 * closes it.
 */
import type { DemoMetaData } from "../../../schemas/demo-data";
import type { Metadata } from "../../../schemas/metadata";
import type { ApiSettings, PlanSummary } from "../state/storage";
import { h, replace } from "./dom";

export interface OpenHandlers {
  saved(): Promise<PlanSummary[]>;
  openSaved(id: string): Promise<void>;
  deleteSaved(id: string): Promise<void>;
  demos(): DemoMetaData[];
  openDemo(id: string): Promise<void>;
  openFile(file: File): Promise<string[]>;
  apiSettings(): Promise<ApiSettings>;
  listApi(settings: ApiSettings): Promise<Metadata[]>;
  openApi(settings: ApiSettings, id: string): Promise<void>;
}

function sourceText(s: PlanSummary["source"]): string {
  if (s.kind === "demo") return `demo ${s.demoId}`;
  if (s.kind === "file") return s.fileName;
  return `dataset ${s.datasetId}`;
}

export class OpenDialog {
  private readonly dialog: HTMLDialogElement;
  private readonly savedList: HTMLElement;
  private readonly apiList: HTMLElement;
  private readonly message: HTMLElement;
  private readonly baseUrl: HTMLInputElement;
  private readonly apiKey: HTMLInputElement;

  constructor(private readonly handlers: OpenHandlers) {
    this.savedList = h("div", { class: "saved-list" });
    this.apiList = h("div", { class: "api-list" });
    this.message = h("p", { class: "message", role: "alert" });
    this.baseUrl = h("input", { id: "api-base-url", type: "url", required: true, autocomplete: "url" });
    this.apiKey = h("input", { id: "api-key", type: "password", required: true, autocomplete: "off" });
    const file = h("input", { id: "open-file", type: "file", accept: ".json,application/json" });
    file.addEventListener("change", () => {
      const chosen = file.files?.[0];
      if (chosen) void this.run(async () => {
        const warnings = await handlers.openFile(chosen);
        file.value = "";
        return warnings.length ? `Opened with ${warnings.length} warning(s): ${warnings.join(" ")}` : null;
      });
    });
    const apiForm = h(
      "form",
      { class: "api-form", "aria-label": "Connect to the API" },
      h("label", { for: "api-base-url" }, "Base URL"),
      this.baseUrl,
      h("label", { for: "api-key" }, "API key"),
      this.apiKey,
      h("button", { type: "submit" }, "List datasets"),
    );
    apiForm.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.run(() => this.listApi());
    });

    this.dialog = h(
      "dialog",
      { class: "open-dialog", "aria-labelledby": "open-title" },
      h(
        "div",
        { class: "dialog-head" },
        h("h2", { id: "open-title" }, "Open a schedule"),
        h("button", { type: "button", class: "icon-button", "aria-label": "Close", onclick: () => this.close() }, "×"),
      ),
      this.message,
      h("section", { "aria-labelledby": "open-saved" }, h("h3", { id: "open-saved" }, "Saved in this browser"), this.savedList),
      h(
        "section",
        { "aria-labelledby": "open-demo" },
        h("h3", { id: "open-demo" }, "Demo data"),
        h(
          "div",
          { class: "demo-list" },
          ...handlers.demos().map((d) =>
            h(
              "button",
              { type: "button", class: "demo", "data-demo": d.id, onclick: () => void this.run(async () => (await handlers.openDemo(d.id), null)) },
              h("strong", {}, d.id),
              h("span", {}, d.shortDescription),
            ),
          ),
        ),
      ),
      h("section", { "aria-labelledby": "open-file-title" }, h("h3", { id: "open-file-title" }, "Local file"), h("label", { for: "open-file", class: "meta" }, "A solving request ({config, modelInput}) or a model input ({employees, shifts}), as JSON"), file),
      h("section", { "aria-labelledby": "open-api" }, h("h3", { id: "open-api" }, "From the API"), apiForm, this.apiList),
    );
    document.body.append(this.dialog);
  }

  async show(): Promise<void> {
    this.message.textContent = "";
    const settings = await this.handlers.apiSettings();
    this.baseUrl.value = settings.baseUrl;
    this.apiKey.value = settings.apiKey;
    await this.refreshSaved();
    if (!this.dialog.open) this.dialog.showModal();
  }

  close(): void {
    this.dialog.close();
  }

  private async run(action: () => Promise<string | null | void>): Promise<void> {
    this.message.textContent = "";
    this.dialog.setAttribute("aria-busy", "true");
    try {
      const note = await action();
      if (note) this.message.textContent = note;
    } catch (err) {
      this.message.textContent = err instanceof Error ? err.message : String(err);
    } finally {
      this.dialog.removeAttribute("aria-busy");
    }
  }

  private async refreshSaved(): Promise<void> {
    const saved = await this.handlers.saved();
    if (saved.length === 0) {
      replace(this.savedList, h("p", { class: "hint" }, "Nothing saved yet: schedules you open are kept here and open offline."));
      return;
    }
    replace(
      this.savedList,
      h(
        "ul",
        { class: "saved" },
        ...saved.map((p) =>
          h(
            "li",
            {},
            h(
              "button",
              { type: "button", class: "saved-open", "data-plan": p.id, onclick: () => void this.run(async () => (await this.handlers.openSaved(p.id), null)) },
              h("strong", {}, p.name),
              h("span", { class: "meta" }, `${sourceText(p.source)} · ${p.employees} employees · ${p.shifts} shifts · ${p.score ?? "not scored"} · ${new Date(p.updatedAt).toLocaleString("en-GB")}`),
            ),
            h(
              "button",
              { type: "button", class: "icon-button", "aria-label": `Delete ${p.name}`, onclick: () => void this.run(async () => { await this.handlers.deleteSaved(p.id); await this.refreshSaved(); }) },
              "×",
            ),
          ),
        ),
      ),
    );
  }

  private async listApi(): Promise<void> {
    const settings = { baseUrl: this.baseUrl.value.trim(), apiKey: this.apiKey.value.trim() };
    const datasets = await this.handlers.listApi(settings);
    if (datasets.length === 0) {
      replace(this.apiList, h("p", { class: "hint" }, "No datasets yet."));
      return;
    }
    replace(
      this.apiList,
      h(
        "table",
        { class: "datasets" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Dataset"), h("th", { scope: "col" }, "Status"), h("th", { scope: "col" }, "Score"), h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Open")))),
        h(
          "tbody",
          {},
          ...datasets.map((d) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, h("span", {}, d.name), h("br"), h("code", { class: "meta" }, d.id)),
              h("td", {}, d.solverStatus.replace(/_/g, " ").toLowerCase()),
              h("td", {}, d.score ?? "–"),
              h("td", {}, h("button", { type: "button", "data-dataset": d.id, "aria-label": `Open ${d.name}`, onclick: () => void this.run(async () => (await this.handlers.openApi(settings, d.id), null)) }, "Open")),
            ),
          ),
        ),
      ),
    );
  }
}
