/**
 * A JSON document read as a stream of bytes (README "Request bodies"): the members of chosen lists are handed over
 * one by one as each one completes and are not kept, everything else is built into the document's value. The
 * tokenizer is json-tokenizer.ts (bytes to tokens: escapes, numbers, strings); the grammar, the value building and
 * the guards are here:
 * - nesting deeper than MAX_JSON_DEPTH and a member named `__proto__` are refused as soon as they are read, naming
 *   where (like the whole-body reader, transport.ts);
 * - a member name repeated in the root object or in one of its members (`modelInput`, `config`) is refused: those
 *   decide which bytes are streamed and stored, and `JSON.parse` would silently keep the last one;
 * - the bytes kept (all but the streamed members) and each streamed member are bounded while they arrive, so memory
 *   stays bounded whatever the document holds (a string never ends, a list of a billion nulls, ...);
 * - the raw bytes of one member of the root (`capture`) are passed on as they pass, so they can be stored as sent.
 * Every refusal is the error `refuse` makes (400, or 413 for the size bounds: the Worker's ApiError; the Durable
 * Object's reader of a stored request a plain Error); nothing is thrown past the first one.
 */
import { COMMA, COLON, JsonTokenizer, LEFT_BRACE, LEFT_BRACKET, RIGHT_BRACE, RIGHT_BRACKET } from "./json-tokenizer";

/** Deepest nesting of arrays and objects in a body; the deepest input (rule expressions) needs far less. */
export const MAX_JSON_DEPTH = 64;

/** Makes the error a refusal throws: its HTTP status, code, message and the problems, one per line. */
export type Refuse = (status: 400 | 413, code: string, message: string, details: string[]) => Error;

export interface JsonStreamOptions {
  /** Lists whose members go to `onMember` instead of being kept, as paths of member names (`["modelInput", "shifts"]`). */
  streamed: ReadonlyArray<readonly string[]>;
  /**
   * A member of a streamed list, complete: which list (index into `streamed`), its index and its size in bytes (with
   * the separator before it).
   */
  onMember: (list: number, index: number, value: unknown, bytes: number) => void;
  /** The member of the root object whose raw bytes go to `onCapture` as they are read. */
  capture?: string;
  onCapture?: (bytes: Uint8Array) => void;
  /** Most bytes outside the streamed lists' members. */
  maxKeptBytes: number;
  /** Most bytes of one member of a streamed list. */
  maxMemberBytes: number;
  refuse: Refuse;
  /**
   * Values outside the streamed lists' members are shared: each string is held once per distinct text (a stored
   * request repeats its timestamps and employee ids in every employee), and so is each small array or object of
   * plain values nested SHARED_DEPTH deep or more (an employee's time spans, skill and tag lists), frozen since
   * every holder shares it. The document is equal either way; only a consumer that writes into those parts fails.
   * @default false
   */
  shareValues?: boolean;
}

/**
 * `shareValues`: arrays and objects shared are nested at least this deep (the root is 0: modelInput 1, its lists 2,
 * their members 3, an employee's lists 4), so the request's own objects and the lists' members stay as built, and
 * have at most this many members.
 */
const SHARED_DEPTH = 4;
const SHARED_MEMBERS = 16;

/** What the grammar expects next. */
const enum Expect {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  End,
}

interface Frame {
  /** The object or array being built; for a streamed list, an empty array that stays empty. */
  value: Record<string, unknown> | unknown[];
  isArray: boolean;
  /** Where this container sits in its parent (null for the root). */
  segment: string | number | null;
  /** Object: the member name read last. Array: the index of the next member. */
  key: string;
  index: number;
  /** Index into `streamed` when this array is a streamed list, else -1. */
  streamed: number;
  /** Member names seen so far (only for the root object and its members). */
  names: Set<string> | null;
}

export class JsonStream {
  private readonly tokenizer: JsonTokenizer;
  /** The longest path in `streamed`: arrays opened deeper than it are never streamed lists. */
  private readonly streamedDepth: number;
  private readonly stack: Frame[] = [];
  private expect = Expect.Value;
  private root: unknown = undefined;
  private done = false;
  /** Bytes written so far. */
  private position = 0;
  /** Bytes of the streamed members completed so far. */
  private streamedBytes = 0;
  /** Offset where the streamed member being read starts, or -1; where the last one ended. */
  private memberStart = -1;
  private memberEnd = -1;
  /** Offsets of the captured value: start once its first token is read, end once its last one is. */
  private captureStart = -1;
  private captureEnd = -1;
  private captureDepth = -1;
  private failure: Error | null = null;
  /** The shared strings and small values (`shareValues`), by their text and by their JSON. */
  private readonly strings: Map<string, string> | null;
  private readonly values: Map<string, object> | null;

  constructor(private readonly options: JsonStreamOptions) {
    this.strings = options.shareValues ? new Map() : null;
    this.values = options.shareValues ? new Map() : null;
    this.tokenizer = new JsonTokenizer((type, value, offset) => {
      if (!this.failure) this.token(type, value, offset);
    });
    this.streamedDepth = Math.max(0, ...options.streamed.map((path) => path.length));
  }

  /** Reads the next bytes of the document; throws the first refusal. */
  write(bytes: Uint8Array): void {
    const chunkStart = this.position;
    try {
      this.tokenizer.write(bytes);
    } catch (err) {
      this.failure ??= this.malformed(err instanceof Error ? err.message : String(err));
    }
    if (this.failure) throw this.failure;
    this.position += bytes.byteLength;
    this.passCaptured(bytes, chunkStart);
    const inMember = this.memberStart >= 0 ? this.position - this.memberStart : 0;
    if (inMember > this.options.maxMemberBytes) {
      const list = this.stack.find((frame) => frame.streamed >= 0)!;
      const name = this.options.streamed[list.streamed].join(".");
      throw this.options.refuse(413, "PAYLOAD_TOO_LARGE", `A member of ${name} exceeds ${this.options.maxMemberBytes} bytes.`, [
        `${name}[${list.index}]: more than ${this.options.maxMemberBytes} bytes`,
      ]);
    }
    if (this.keptBytes > this.options.maxKeptBytes) {
      throw this.options.refuse(
        413,
        "PAYLOAD_TOO_LARGE",
        `The request body apart from ${this.options.streamed.map((p) => p.join(".")).join(" and ")} exceeds the limit of ${this.options.maxKeptBytes} bytes.`,
        [`limit: ${this.options.maxKeptBytes} bytes`],
      );
    }
  }

  /** Bytes read so far outside the members of streamed lists (and the separators between them). */
  get keptBytes(): number {
    return this.position - this.streamedBytes - (this.memberStart >= 0 ? this.position - this.memberStart : 0);
  }

  /** The end of the document: its value, the streamed lists left empty. */
  end(): unknown {
    try {
      this.tokenizer.end();
    } catch (err) {
      this.failure ??= this.malformed(err instanceof Error ? err.message : String(err));
    }
    if (this.failure) throw this.failure;
    if (!this.done) throw this.malformed(this.root === undefined && this.stack.length === 0 ? "the body is empty" : "the body ends inside a value");
    return this.root;
  }

  private token(type: number, value: unknown, offset: number): void {
    switch (this.expect) {
      case Expect.Value:
      case Expect.ValueOrClose:
        if (type === RIGHT_BRACKET && this.expect === Expect.ValueOrClose) return this.close(offset);
        if (type === LEFT_BRACE || type === LEFT_BRACKET) return this.open(type === LEFT_BRACKET, offset);
        if (type > COMMA) return this.complete(typeof value === "string" && this.strings && this.memberStart < 0 ? this.shared(value) : value, offset, offset);
        break;
      case Expect.KeyOrClose:
      case Expect.Key:
        if (type === RIGHT_BRACE && this.expect === Expect.KeyOrClose) return this.close(offset);
        if (typeof value === "string" && type > COMMA) return this.name(value);
        break;
      case Expect.Colon:
        if (type === COLON) {
          this.expect = Expect.Value;
          return;
        }
        break;
      case Expect.CommaOrClose: {
        const top = this.stack[this.stack.length - 1];
        if (type === COMMA) {
          this.expect = top.isArray ? Expect.Value : Expect.Key;
          return;
        }
        if ((type === RIGHT_BRACKET && top.isArray) || (type === RIGHT_BRACE && !top.isArray)) return this.close(offset);
        break;
      }
      case Expect.End:
        break;
    }
    this.failure = this.malformed(`unexpected ${JSON.stringify(value)} at byte ${offset}`);
  }

  private shared(value: string): string {
    const known = this.strings!.get(value);
    if (known !== undefined) return known;
    this.strings!.set(value, value);
    return value;
  }

  /** `value` (an array or object just built), or the equal one already held when it is small and flat. */
  private sharedValue(value: object): object {
    const members = Object.values(value);
    if (members.length > SHARED_MEMBERS || members.some((m) => m !== null && typeof m === "object")) return value;
    const key = JSON.stringify(value);
    const known = this.values!.get(key);
    if (known !== undefined) return known;
    this.values!.set(key, Object.freeze(value));
    return value;
  }

  private name(key: string): void {
    const depth = this.stack.length - 1;
    const top = this.stack[depth];
    if (key === "__proto__") {
      const path = this.pathOf(depth, key);
      this.failure = this.options.refuse(400, "VALIDATION_ERROR", `The request body has a member named '__proto__' at ${path}.`, [`${path}: not allowed`]);
      return;
    }
    if (top.names) {
      if (top.names.has(key)) {
        const path = this.pathOf(depth, key);
        this.failure = this.options.refuse(400, "VALIDATION_ERROR", `The request body has the member ${path} twice.`, [`${path}: given more than once`]);
        return;
      }
      top.names.add(key);
    }
    top.key = key;
    this.expect = Expect.Colon;
  }

  private open(isArray: boolean, offset: number): void {
    const depth = this.stack.length;
    if (depth + 1 > MAX_JSON_DEPTH) {
      this.failure = this.options.refuse(400, "BAD_REQUEST", `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, [
        `(body): nesting deeper than ${MAX_JSON_DEPTH} levels at byte ${offset}`,
      ]);
      return;
    }
    const parent = depth > 0 ? this.stack[depth - 1] : null;
    const segment = parent ? (parent.isArray ? parent.index : parent.key) : null;
    if (parent && parent.streamed >= 0) {
      this.memberStart = offset;
    }
    if (depth === 1 && segment === this.options.capture && this.captureStart < 0) {
      this.captureStart = offset;
      this.captureDepth = depth;
    }
    this.stack.push({
      value: isArray ? [] : {},
      isArray,
      segment,
      key: "",
      index: 0,
      streamed: isArray && depth <= this.streamedDepth ? this.streamedIndex(depth) : -1,
      names: !isArray && depth <= 1 ? new Set() : null,
    });
    this.expect = isArray ? Expect.ValueOrClose : Expect.KeyOrClose;
  }

  private close(offset: number): void {
    const frame = this.stack.pop()!;
    if (this.captureDepth === this.stack.length && this.captureEnd < 0 && this.captureStart >= 0) this.captureEnd = offset + 1;
    // An array built by pushes keeps spare capacity; a copy is exactly its length, as JSON.parse makes it.
    const value = frame.isArray && (frame.value as unknown[]).length > 0 ? (frame.value as unknown[]).slice() : frame.value;
    const share = this.values && this.memberStart < 0 && this.stack.length >= SHARED_DEPTH;
    this.complete(share ? this.sharedValue(value) : value, this.memberStart, offset + 1);
  }

  /** A value is complete (`start`..`end` are its bytes): it goes to its parent, to `onMember`, or is the root. */
  private complete(value: unknown, start: number, end: number): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.root = value;
      this.done = true;
      this.expect = Expect.End;
      return;
    }
    if (parent.isArray) {
      if (parent.streamed >= 0) {
        // The separator since the list's previous member counts with the member: it is not kept either.
        const from = parent.index > 0 ? this.memberEnd : this.memberStart >= 0 ? start : end;
        const bytes = end - from;
        this.streamedBytes += bytes;
        this.memberStart = -1;
        this.memberEnd = end;
        this.options.onMember(parent.streamed, parent.index, value, bytes);
      } else {
        (parent.value as unknown[]).push(value);
      }
      parent.index++;
    } else {
      (parent.value as Record<string, unknown>)[parent.key] = value;
    }
    this.expect = Expect.CommaOrClose;
  }

  /** Index into `streamed` of an array opened at `depth` under the current frames, or -1. */
  private streamedIndex(depth: number): number {
    return this.options.streamed.findIndex(
      (path) => path.length === depth && path.every((name, i) => (i + 1 < depth ? this.stack[i + 1].segment : this.stack[depth - 1]?.key) === name),
    );
  }

  private passCaptured(bytes: Uint8Array, chunkStart: number): void {
    if (this.captureStart < 0 || !this.options.onCapture) return;
    const from = Math.max(this.captureStart, chunkStart);
    const to = Math.min(this.captureEnd < 0 ? this.position : this.captureEnd, this.position);
    if (to > from) this.options.onCapture(bytes.subarray(from - chunkStart, to - chunkStart));
  }

  /** The path (`modelInput.shifts[3]`) of the container at `depth`, with `last` appended. */
  private malformed(reason: string): Error {
    return this.options.refuse(400, "BAD_REQUEST", `Malformed JSON in request body: ${reason}`, [`(body): ${reason}`]);
  }

  private pathOf(depth: number, last?: string): string {
    let path = "";
    for (let i = 1; i <= depth; i++) {
      const segment = this.stack[i].segment;
      path += typeof segment === "number" ? `[${segment}]` : path ? `.${segment}` : String(segment);
    }
    if (last !== undefined) path += path ? `.${last}` : last;
    return path || "(body)";
  }
}

