/**
 * The search's one random generator: PCG32 (O'Neill 2014, "PCG: A Family of Simple Fast Space-Efficient
 * Statistically Good Algorithms for Random Number Generation", XSH-RR variant). The whole state is one u64, saved in
 * checkpoints, so a run is reproducible from (seed, input, work units).
 */

const MULTIPLIER: u64 = 6364136223846793005;
const INCREMENT: u64 = 1442695040888963407;

let state: u64 = 0;

/** Seeds through SplitMix64 so that nearby seeds give unrelated streams. */
export function rngSeed(seed: u32): void {
  let z: u64 = <u64>seed + 0x9e3779b97f4a7c15;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  state = z ^ (z >> 31);
}

export function rngState(): u64 {
  return state;
}

export function rngSetState(s: u64): void {
  state = s;
}

export function rngNext(): u32 {
  const old = state;
  state = old * MULTIPLIER + INCREMENT;
  const xorshifted = <u32>(((old >> 18) ^ old) >> 27);
  const rot = <u32>(old >> 59);
  return rotr<u32>(xorshifted, rot);
}

/** Uniform-enough integer in [0, n) by multiply-shift (Lemire 2019); the bias of at most n / 2^32 is harmless here. */
// @ts-ignore: decorator
@inline
export function rngBelow(n: i32): i32 {
  return <i32>((<u64>rngNext() * <u64>n) >> 32);
}
