/**
 * An R2 bucket held in memory, for the memory figures (bench/memory.ts) and their tests (test/node/*-memory.test.ts):
 * it serves the objects it is given as streams of 64 KB pieces and keeps what is written (put and multipart alike),
 * as text or, where the text would be counted in the figures, as its length only. `peak`, when set, is sampled at
 * every piece read and at every write. The Worker tests run the same code against real local R2.
 */
import { HeldPeak, sampledStream } from "./held-memory";

export interface MemoryBucket {
  bucket: R2Bucket;
  /** Text written per key (keep "text"). */
  text: Map<string, string>;
  /** Bytes written per key. */
  sizes: Map<string, number>;
  /** Samples `into` from now on (null: no sampling). */
  sampleInto(into: HeldPeak | null): void;
}

export function memoryBucket(objects: ReadonlyMap<string, Uint8Array>, keep: "text" | "size"): MemoryBucket {
  const text = new Map<string, string>();
  const sizes = new Map<string, number>();
  let peak: HeldPeak | null = null;
  const decoder = () => new TextDecoder();
  const body = (bytes: Uint8Array) => {
    let at = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.byteLength) controller.close();
        else controller.enqueue(bytes.slice(at, (at += 64 * 1024)));
      },
    });
  };
  const bucket = {
    get: async (key: string) => {
      const bytes = objects.get(key);
      return bytes ? { body: peak ? sampledStream(body(bytes), peak) : body(bytes) } : null;
    },
    put: async (key: string, value: Uint8Array) => {
      peak?.sample();
      sizes.set(key, value.byteLength);
      if (keep === "text") text.set(key, decoder().decode(value));
      return {};
    },
    createMultipartUpload: async (key: string) => {
      const parts: string[] = [];
      let size = 0;
      return {
        uploadPart: async (n: number, part: Uint8Array) => {
          peak?.sample();
          size += part.byteLength;
          if (keep === "text") parts[n - 1] = decoder().decode(part);
          return { partNumber: n, etag: String(n) };
        },
        complete: async () => {
          sizes.set(key, size);
          if (keep === "text") text.set(key, parts.join(""));
          return {};
        },
        abort: async () => undefined,
      };
    },
    delete: async (key: string) => {
      text.delete(key);
      sizes.delete(key);
    },
  } as unknown as R2Bucket;
  return { bucket, text, sizes, sampleInto: (into) => (peak = into) };
}
