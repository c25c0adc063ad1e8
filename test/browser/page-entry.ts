/**
 * Runs in headless Chromium: compiles the same build/rota.wasm the Durable Objects use, solves a small generated
 * instance with the shared TypeScript glue, and publishes the result on `window.__rota` for the test to compare.
 */
import { encodeProblem } from "../../solver/encode";
import { formatScore } from "../../solver/score";
import { SolverSession } from "../../solver/session";
import { browserTestInput, BROWSER_TEST_BUDGET, BROWSER_TEST_SEED } from "./fixture";

declare global {
  interface Window {
    __rota?: { score: string; assignment: number[] } | { error: string };
  }
}

async function main(): Promise<void> {
  const module = await WebAssembly.compileStreaming(fetch("/rota.wasm"));
  const session = await SolverSession.create(module, encodeProblem(browserTestInput()), { seed: BROWSER_TEST_SEED });
  session.runSlice(BROWSER_TEST_BUDGET);
  window.__rota = { score: formatScore(session.bestScore()), assignment: Array.from(session.bestAssignment()) };
}

main().catch((err: unknown) => {
  window.__rota = { error: err instanceof Error ? `${err.message}\n${err.stack}` : String(err) };
});
