/**
 * Loads the solver core: build/rota.wasm, copied to the app's root by web/build.mjs and cached by the service worker
 * with the app shell. Compiled once per page; the Module is shared with the solver worker.
 */
export async function loadCore(url = "rota.wasm"): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Cannot load the solver (${url}: ${response.status}).`);
  // compileStreaming needs the application/wasm content type; fall back to bytes when a server sends another.
  if (response.headers.get("Content-Type")?.startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}
