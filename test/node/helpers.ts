/** Shared test fixtures: the compiled cores (build them first: npm run build:wasm && npm run build:wasm:debug). */
import { readFileSync } from "node:fs";
import type { ModelInput } from "../../schemas/model-input";

let debug: WebAssembly.Module | undefined;
let release: WebAssembly.Module | undefined;

/** The checked build (bounds checks and asserts on): used wherever speed does not matter. */
export function debugModule(): WebAssembly.Module {
  return (debug ??= new WebAssembly.Module(readFileSync(new URL("../../build/rota.debug.wasm", import.meta.url))));
}

export function releaseModule(): WebAssembly.Module {
  return (release ??= new WebAssembly.Module(readFileSync(new URL("../../build/rota.wasm", import.meta.url))));
}

/** A shift on 2027-02-01 from `from` to `to` (HH:MM, UTC). */
export function shift(id: string, from: string, to: string, extra: Partial<ModelInput["shifts"][number]> = {}): ModelInput["shifts"][number] {
  return { id, start: `2027-02-01T${from}:00Z`, end: `2027-02-01T${to}:00Z`, ...extra };
}
