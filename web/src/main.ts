/**
 * Entry point of the planner page: registers the service worker (offline app shell), compiles the solver core,
 * opens the schedule store and starts the app.
 */
import { App } from "./app";
import { loadCore } from "./engine/wasm";
import { PlanStore } from "./state/storage";
import { byId, h } from "./ui/dom";

function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A new version took over (sw.js skips waiting): offer a reload rather than swapping code under the user.
    if (!hadController) return;
    document.body.append(
      h("div", { class: "toast", role: "status" }, "A new version of the planner is ready. ", h("button", { type: "button", onclick: () => location.reload() }, "Reload")),
    );
  });
  navigator.serviceWorker.register("sw.js").catch((err: unknown) => console.warn("service worker not registered:", err));
}

async function main(): Promise<void> {
  registerServiceWorker();
  const [module, store] = await Promise.all([loadCore(), PlanStore.open()]);
  const app = new App(module, store);
  await app.start();
  document.body.dataset.ready = "true";
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  byId("board").replaceChildren(h("p", { class: "message error", role: "alert" }, `The planner could not start: ${message}`));
  document.body.dataset.ready = "error";
});
