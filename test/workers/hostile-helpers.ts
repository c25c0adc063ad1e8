/** Hostile request bodies for the intake tests: gzip bombs and bodies that never end. */

/** Gzip of `megabytes` MB of zeros (about 1 KB of gzip per MB), compressed as a stream. */
export async function gzipBomb(megabytes: number): Promise<Uint8Array> {
  const zeros = new Uint8Array(1024 * 1024);
  let sent = 0;
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < megabytes) controller.enqueue(zeros);
      else controller.close();
    },
  });
  const compressed = source.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

/**
 * A body of `megabytes` 1 MB chunks of `byte` (large, but finite so that a server which reads it all still ends),
 * and how many chunks were pulled from it: a server that does not read the body answers after few.
 */
export function hugeBody(megabytes = 256, byte = 0x30): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  const chunk = new Uint8Array(1024 * 1024).fill(byte);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled++ < megabytes) controller.enqueue(chunk);
      else controller.close();
    },
  });
  return { stream, pulled: () => pulled };
}

/** The response, or "timeout" when none came within `ms`. */
export async function within(ms: number, pending: Promise<Response>): Promise<Response | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `bytes` as a stream of `size`-byte chunks, and how many chunks were pulled from it. */
export function chunked(bytes: Uint8Array, size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number; chunks: number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const at = pulled++ * size;
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.slice(at, at + size));
    },
  });
  return { stream, pulled: () => pulled, chunks: Math.ceil(bytes.length / size) };
}
