/** A statically imported .wasm file is a compiled module in workerd and in the test pool (TOOLCHAIN.md). */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
