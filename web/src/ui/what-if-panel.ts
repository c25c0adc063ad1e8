/**
 * The what-if panel of the selected shift: its details and current violations, the ranked recommendations with
 * their score change and reasons (the constraint changes), and the employees who are not a good fit with the hard
 * rules each would break.
 */
import type { ModelInput } from "../../../schemas/model-input";
import type { Violation } from "../engine/violations";
import { formatDiff, type ConstraintChange, type Option, type WhatIf } from "../engine/what-if";
import type { Clock } from "../state/time";
import { h, replace } from "./dom";

export interface WhatIfHandlers {
  assign(shift: number, employee: number): void;
  togglePin(shift: number): void;
  close(): void;
}

export interface ShiftDetails {
  shift: number;
  input: ModelInput;
  employee: number;
  pinned: boolean;
  start: number;
  end: number;
  clock: Clock;
  violations: Violation[];
}

/** How many good fits are listed before "show all". */
const TOP = 8;

function changeText(c: ConstraintChange): string {
  const matches = c.matchCountDiff === 0 ? "" : ` (${c.matchCountDiff > 0 ? "+" : ""}${c.matchCountDiff} match${Math.abs(c.matchCountDiff) === 1 ? "" : "es"})`;
  return `${c.constraintName}: ${formatDiff(c.score)}${matches}`;
}

function diffClass(option: Option): string {
  const d = option.scoreDiff;
  const sign = d.hard || d.medium || d.soft;
  return sign > 0 ? "diff up" : sign < 0 ? "diff down" : "diff";
}

export class WhatIfPanel {
  private showAll = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly handlers: WhatIfHandlers,
  ) {
    this.clear();
  }

  clear(): void {
    this.showAll = false;
    replace(
      this.root,
      h("h2", { id: "what-if-title" }, "What if"),
      h("p", { class: "hint" }, "Select a shift (click it, or use the arrow keys and Enter) to see who fits it best and why; drag it onto an employee to move it."),
    );
    this.root.dataset.shift = "";
  }

  show(details: ShiftDetails, whatIf: WhatIf | null): void {
    const { shift, input, employee, pinned, clock } = details;
    const s = input.shifts[shift];
    if (this.root.dataset.shift !== String(shift)) this.showAll = false;
    this.root.dataset.shift = String(shift);
    const who = employee >= 0 ? input.employees[employee].id : "Unassigned";
    const facts = [
      clock.span(details.start, details.end),
      s.requiredSkills?.length ? `needs ${s.requiredSkills.join(", ")}` : null,
      s.priority ? `priority ${s.priority}` : null,
    ].filter(Boolean);

    const header = h(
      "div",
      { class: "panel-head" },
      h("h2", { id: "what-if-title" }, s.id),
      h("button", { type: "button", class: "icon-button", "aria-label": "Close the what-if panel", title: "Close (Escape)", onclick: () => this.handlers.close() }, "×"),
    );
    const summary = h(
      "p",
      { class: "shift-facts" },
      facts.join(" · "),
      h("br"),
      h("strong", {}, who),
      pinned ? h("span", { class: "tag" }, "pinned") : null,
    );
    const actions = h(
      "div",
      { class: "actions" },
      h("button", { type: "button", disabled: pinned || employee < 0, onclick: () => this.handlers.assign(shift, -1), "aria-keyshortcuts": "U" }, "Unassign"),
      h("button", { type: "button", disabled: employee < 0 && !pinned, onclick: () => this.handlers.togglePin(shift), "aria-keyshortcuts": "P" }, pinned ? "Unpin" : "Pin"),
    );
    const problems = details.violations.filter((v) => v.level !== "MEDIUM");
    const violations =
      problems.length > 0
        ? h("ul", { class: "violations", "aria-label": "Violations of this shift" }, ...problems.map((v) => h("li", { class: v.level === "HARD" ? "hard" : "soft" }, `${v.name}${v.detail ? ` ${v.detail}` : ""}`)))
        : null;

    replace(this.root, header, summary, actions, violations);
    if (pinned) {
      this.root.append(h("p", { class: "hint" }, "Pinned: the solver keeps this assignment. Unpin it to change it."));
      return;
    }
    if (!whatIf) return;
    this.root.append(...this.recommendations(shift, whatIf));
  }

  private recommendations(shift: number, whatIf: WhatIf): HTMLElement[] {
    const good = whatIf.options.filter((o) => o.fit === "GOOD");
    const bad = whatIf.options.filter((o) => o.fit === "BREAKS_HARD");
    const shown = this.showAll ? good : good.slice(0, TOP);
    const list = h(
      "ol",
      { class: "recommendations", "aria-label": "Recommended employees, best first" },
      ...shown.map((o, rank) => this.option(shift, o, rank === 0)),
    );
    const out: HTMLElement[] = [
      h("h3", {}, "Recommended"),
      h("p", { class: "meta", "data-testid": "recommendation-time" }, `${whatIf.options.length} options ranked in ${whatIf.elapsedMs.toFixed(1)} ms, in this browser`),
      good.length > 0 ? list : h("p", { class: "hint" }, "Nobody can take this shift without breaking a hard rule."),
    ];
    if (good.length > TOP) {
      out.push(
        h("button", { type: "button", class: "link", onclick: () => { this.showAll = !this.showAll; this.rerender(shift, whatIf); } }, this.showAll ? "Show fewer" : `Show all ${good.length}`),
      );
    }
    if (bad.length > 0) {
      out.push(
        h("h3", {}, `Not a good fit (${bad.length})`),
        h("ul", { class: "not-fit", "aria-label": "Employees who would break hard rules" }, ...bad.map((o) => this.notFit(shift, o))),
      );
    }
    return out;
  }

  private rerender(shift: number, whatIf: WhatIf): void {
    const head = [...this.root.children].findIndex((el) => el.tagName === "H3");
    if (head >= 0) while (this.root.children.length > head) this.root.lastElementChild!.remove();
    this.root.append(...this.recommendations(shift, whatIf));
  }

  private option(shift: number, o: Option, top: boolean): HTMLElement {
    const name = o.employeeId ?? "Unassigned";
    return h(
      "li",
      { class: top ? "top" : "" },
      h(
        "div",
        { class: "option-head" },
        h("span", { class: "name" }, name),
        h("span", { class: diffClass(o) }, formatDiff(o.scoreDiff)),
        h(
          "button",
          { type: "button", class: "assign", "aria-label": o.employeeIndex < 0 ? "Leave unassigned" : `Assign to ${name}`, "aria-keyshortcuts": top ? "A" : null, onclick: () => this.handlers.assign(shift, o.employeeIndex) },
          o.employeeIndex < 0 ? "Unassign" : "Assign",
        ),
      ),
      o.changes.length > 0 ? h("ul", { class: "changes" }, ...o.changes.map((c) => h("li", { class: c.level.toLowerCase() }, changeText(c)))) : null,
    );
  }

  private notFit(shift: number, o: Option): HTMLElement {
    const name = o.employeeId ?? "Unassigned";
    return h(
      "li",
      {},
      h(
        "div",
        { class: "option-head" },
        h("span", { class: "name" }, name),
        h("span", { class: diffClass(o) }, formatDiff(o.scoreDiff)),
        h("button", { type: "button", class: "assign subtle", "aria-label": `Assign to ${name} anyway`, onclick: () => this.handlers.assign(shift, o.employeeIndex) }, "Assign anyway"),
      ),
      h("ul", { class: "reasons" }, ...o.reasons.map((r) => h("li", {}, r))),
    );
  }
}
