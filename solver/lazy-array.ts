/**
 * A read-only array whose members are made when they are read (README "Request bodies": the Durable Object's
 * streamed load): the shifts of a ShiftTable and the ids of a StringTable are read through one, so the code that
 * reads arrays of them (encoders, outputs, analyses) reads compact tables unchanged. Indices call `get`, `length` is
 * `length()`, and every array method (map, forEach, filter, indexOf, iteration, JSON.stringify, ...) works through
 * those. Writes throw. It cannot be structured-cloned (sent over RPC): send plain values instead.
 */
export function lazyArray<T>(length: () => number, get: (i: number) => T): T[] {
  const indexOf = (key: string | symbol): number => {
    if (typeof key !== "string") return -1;
    const c = key.charCodeAt(0);
    if (c < 48 || c > 57) return -1;
    const i = Number(key);
    return Number.isInteger(i) && i < length() && String(i) === key ? i : -1;
  };
  const readOnly = () => {
    throw new TypeError("This array is a read-only view of a compact table.");
  };
  return new Proxy([] as T[], {
    get(target, key, receiver) {
      if (key === "length") return length();
      const i = indexOf(key);
      return i >= 0 ? get(i) : Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return indexOf(key) >= 0 || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = indexOf(key);
      return i >= 0 ? { value: get(i), writable: false, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      return [...Array.from({ length: length() }, (_v, i) => String(i)), ...Reflect.ownKeys(target)];
    },
    set: readOnly,
    deleteProperty: readOnly,
    defineProperty: readOnly,
  });
}
