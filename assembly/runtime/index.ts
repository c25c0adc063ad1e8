/**
 * The core's runtime (asconfig.json "runtime"): AssemblyScript's incremental runtime (TLSF allocator, incremental
 * GC), vendored so that memory grows by what an allocation needs, at least a sixteenth, instead of doubling (tlsf.ts
 * growMemory; README "Wasm memory").
 */
import "./tlsf";
import "./itcms";
