/**
 * Held memory of this Node process: heap + external + array buffers after a full garbage collection, so what is
 * reachable, not what is waiting to be collected. Needs `gc`: run with `--expose-gc`, or it is switched on here
 * through V8's flags (works in a running Node, e.g. under vitest).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collect: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

function gc(): void {
  if (!collect) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  }
  collect();
}

/** Bytes held now (after a full collection). */
export function heldBytes(): number {
  // Array buffers are released by a collection after the one that found them unreachable: collect twice.
  gc();
  gc();
  const usage = process.memoryUsage();
  // arrayBuffers is part of external; counted once.
  return usage.heapUsed + usage.external;
}

/** Samples held memory when asked and keeps the peak above a baseline taken at construction. */
export class HeldPeak {
  readonly baseline = heldBytes();
  private peak = 0;

  sample(): void {
    this.peak = Math.max(this.peak, heldBytes() - this.baseline);
  }

  /** Largest held memory above the baseline seen in a sample. */
  get bytes(): number {
    return this.peak;
  }
}

/**
 * `bytes` as a request body stream of `chunk`-byte pieces, sampling `peak` every `every` pieces (and at the end):
 * the consumer holds what it holds while it waits for the next piece.
 */
export function sampledBody(bytes: Uint8Array, peak: HeldPeak, chunk = 64 * 1024, every = 32): ReadableStream<Uint8Array> {
  let at = 0;
  let pulls = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulls++ % every === 0) peak.sample();
      if (at >= bytes.byteLength) {
        peak.sample();
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

/** `stream` passed on as it is, sampling `peak` every `every` pieces (and at the end). */
export function sampledStream(stream: ReadableStream<Uint8Array>, peak: HeldPeak, every = 32): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  let pulls = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pulls++ % every === 0) peak.sample();
      const { done, value } = await reader.read();
      if (done) {
        peak.sample();
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
  });
}
