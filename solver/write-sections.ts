/**
 * Writes an encoded problem's sections where the core placed them (assembly/problem.ts), in two parts: first the
 * per-shift fields and row starts, straight into the shift records `beginLoad` allocated, a word every
 * `sectionStride(id)` words, so they are never held twice in Wasm memory; then, once `allocateSections` has run, every
 * other section in one block each (README "Wasm memory").
 */
import type { EncodedProblem } from "./encode";
import { SECTIONS, type SectionName } from "./layout";
import type { RotaExports } from "./wasm";

/** Writes the shift records' fields (`part` "records") or the other sections; returns the names of those written. */
export function writeSections(core: RotaExports, problem: EncodedProblem, part: "records" | "others"): SectionName[] {
  const written: SectionName[] = [];
  SECTIONS.forEach((name, id) => {
    const stride = core.sectionStride(id);
    if ((stride !== 1) !== (part === "records")) return;
    written.push(name);
    const data = problem.sections[name];
    if (data.length === 0) return;
    const at = core.sectionAddress(id);
    if (at === 0) throw new Error(`Section '${name}' has no place in the core yet (allocateSections).`);
    if (stride === 1) {
      new Int32Array(core.memory.buffer, at, data.length).set(data);
      return;
    }
    const view = new Int32Array(core.memory.buffer, at, (data.length - 1) * stride + 1);
    for (let i = 0, w = 0; i < data.length; i++, w += stride) view[w] = data[i];
  });
  return written;
}
