/** The score broken down by constraint (the constraints that score anything in the current solution). */
import type { ConstraintScore } from "../../../solver/session";
import { h, replace } from "./dom";

export function renderBreakdown(root: HTMLElement, constraints: ConstraintScore[]): void {
  const active = constraints.filter((c) => c.matchCount !== 0 || c.score.hard !== 0 || c.score.medium !== 0 || c.score.soft !== 0);
  const value = (c: ConstraintScore) => (c.level === "HARD" ? c.score.hard : c.level === "MEDIUM" ? c.score.medium : c.score.soft);
  replace(
    root,
    h("h2", {}, "Score breakdown"),
    active.length === 0
      ? h("p", { class: "hint" }, "No constraint is matched: a perfect schedule.")
      : h(
          "table",
          { class: "breakdown" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Constraint"), h("th", { scope: "col" }, "Matches"), h("th", { scope: "col" }, "Score"))),
          h(
            "tbody",
            {},
            ...active.map((c) =>
              h("tr", { class: c.level.toLowerCase() }, h("th", { scope: "row" }, c.name), h("td", {}, String(c.matchCount)), h("td", {}, `${value(c)} ${c.level.toLowerCase()}`)),
            ),
          ),
        ),
  );
}
