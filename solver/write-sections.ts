/**
 * Writes an encoded problem's sections where the core's `beginLoad` placed them (assembly/problem.ts): most in one
 * block each, the per-shift fields and row starts straight into the shift records, a word every
 * `sectionStride(id)` words, so they are never held twice in Wasm memory (README "Wasm memory").
 */
import type { EncodedProblem } from "./encode";
import { SECTIONS } from "./layout";
import type { RotaExports } from "./wasm";

export function writeSections(core: RotaExports, problem: EncodedProblem): void {
  SECTIONS.forEach((name, id) => {
    const data = problem.sections[name];
    if (data.length === 0) return;
    const at = core.sectionAddress(id), stride = core.sectionStride(id);
    if (stride === 1) {
      new Int32Array(core.memory.buffer, at, data.length).set(data);
      return;
    }
    const view = new Int32Array(core.memory.buffer, at, (data.length - 1) * stride + 1);
    for (let i = 0, w = 0; i < data.length; i++, w += stride) view[w] = data[i];
  });
}
