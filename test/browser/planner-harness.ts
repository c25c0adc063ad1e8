/** Shared by the planner's browser tests: an up-to-date build of web/dist (the browser itself: ./chromium.ts). */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error: a plain ESM build script without type declarations
import { buildWeb } from "../../web/build.mjs";

export const WEB_DIST = "web/dist";
export const ARTIFACTS = "test-results";

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * `npm test` builds web/dist before vitest; a lone `vitest run --project browser` rebuilds it here when it is missing
 * or older than its sources (web/, the shared glue, the .wasm).
 */
export async function ensureWebBuild(): Promise<void> {
  const built = existsSync(join(WEB_DIST, "sw.js")) ? statSync(join(WEB_DIST, "sw.js")).mtimeMs : 0;
  const sources = Math.max(...["web/src", "web/public", "web/build.mjs", "solver", "demo-data", "model", "schemas", "build/rota.wasm"].map(newestMtime));
  if (built < sources) await buildWeb();
}
