/**
 * "Send to the API": the working schedule as a new dataset (POST <root>), or as a patch of the dataset it came
 * from (POST <root>/{id}/from-patch, spec §2.5) holding only the shifts whose employee or pin changed.
 */
import type { Acknowledgement } from "../../../schemas/metadata";
import type { PatchOperation } from "../../../model/patch";
import type { PlanSource } from "../state/plan";
import type { ApiSettings } from "../state/storage";
import { h, replace } from "./dom";

export interface SendHandlers {
  apiSettings(): Promise<ApiSettings>;
  current(): { name: string; source: PlanSource; patch: PatchOperation[] } | null;
  sendNew(settings: ApiSettings, name: string): Promise<Acknowledgement>;
  sendPatch(settings: ApiSettings): Promise<Acknowledgement>;
}

export class SendDialog {
  private readonly dialog: HTMLDialogElement;
  private readonly body: HTMLElement;
  private readonly result: HTMLElement;
  private readonly baseUrl: HTMLInputElement;
  private readonly apiKey: HTMLInputElement;

  constructor(private readonly handlers: SendHandlers) {
    this.body = h("div");
    this.result = h("p", { class: "message", role: "status", "aria-live": "polite" });
    this.baseUrl = h("input", { id: "send-base-url", type: "url", required: true });
    this.apiKey = h("input", { id: "send-api-key", type: "password", required: true, autocomplete: "off" });
    this.dialog = h(
      "dialog",
      { class: "send-dialog", "aria-labelledby": "send-title" },
      h(
        "div",
        { class: "dialog-head" },
        h("h2", { id: "send-title" }, "Send to the API"),
        h("button", { type: "button", class: "icon-button", "aria-label": "Close", onclick: () => this.dialog.close() }, "×"),
      ),
      h("div", { class: "api-form" }, h("label", { for: "send-base-url" }, "Base URL"), this.baseUrl, h("label", { for: "send-api-key" }, "API key"), this.apiKey),
      this.body,
      this.result,
    );
    document.body.append(this.dialog);
  }

  async show(): Promise<void> {
    const settings = await this.handlers.apiSettings();
    this.baseUrl.value = settings.baseUrl;
    this.apiKey.value = settings.apiKey;
    this.result.textContent = "";
    const current = this.handlers.current();
    if (!current) return;
    const { source, patch } = current;
    const name = h("input", { id: "send-name", type: "text", value: `${current.name} (edited)` });
    const sections: HTMLElement[] = [
      h(
        "section",
        {},
        h("h3", {}, "As a new dataset"),
        h("p", { class: "meta" }, "The whole schedule as it is now: assignments as a warm start, pinned shifts kept. The API solves it."),
        h("div", { class: "api-form" }, h("label", { for: "send-name" }, "Name"), name),
        h("button", { type: "button", class: "primary", onclick: () => void this.run(() => this.handlers.sendNew(this.settings(), name.value.trim())) }, "Send as a new dataset"),
      ),
    ];
    if (source.kind === "api") {
      sections.push(
        h(
          "section",
          {},
          h("h3", {}, `As a patch of dataset ${source.datasetId}`),
          h("p", { class: "meta" }, patch.length === 0 ? "Nothing changed since it was opened." : `${patch.length} operation(s): the shifts whose employee or pin you changed. The API creates a revision and solves it from there.`),
          patch.length > 0 ? h("details", {}, h("summary", {}, "Show the patch"), h("pre", { class: "patch" }, JSON.stringify(patch, null, 2))) : null,
          h("button", { type: "button", disabled: patch.length === 0, onclick: () => void this.run(() => this.handlers.sendPatch(this.settings())) }, "Send as a patch"),
        ),
      );
    } else {
      sections.push(h("p", { class: "hint" }, "A patch needs a schedule opened from the API; this one came from " + (source.kind === "demo" ? "the demo data." : "a local file.")));
    }
    replace(this.body, ...sections);
    if (!this.dialog.open) this.dialog.showModal();
  }

  private settings(): ApiSettings {
    return { baseUrl: this.baseUrl.value.trim(), apiKey: this.apiKey.value.trim() };
  }

  private async run(send: () => Promise<Acknowledgement>): Promise<void> {
    this.result.textContent = "Sending…";
    this.result.classList.remove("error");
    try {
      const ack = await send();
      this.result.textContent = `Created dataset ${ack.id} (${ack.solverStatus.replace(/_/g, " ").toLowerCase()}).`;
      this.result.dataset.datasetId = ack.id;
    } catch (err) {
      this.result.textContent = err instanceof Error ? err.message : String(err);
      this.result.classList.add("error");
    }
  }
}
