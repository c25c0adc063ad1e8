/**
 * The tokens of a JSON document read as a stream of UTF-8 bytes (README "Request bodies": the tokenizer), for
 * json-stream.ts, which holds the grammar. It works on the bytes: a punctuation token is its byte, a number without a
 * fraction or exponent is built from its digits, and a short string without escapes or non-ASCII bytes is looked up
 * by its bytes in a small table of strings made before (member names, timestamps and references repeat), so most
 * tokens allocate nothing. A token split between two writes is carried over in a buffer of its own bytes.
 *
 * Values are what `JSON.parse` makes of them (escapes, surrogate pairs and lone surrogates, `-0`, exponents); what
 * `JSON.parse` refuses is refused, by a thrown Error naming the byte (`unexpected "0" at byte 1`). A leading UTF-8
 * byte order mark is skipped. Whether the bytes are valid UTF-8 is not checked here (the Worker checks the body).
 */

/** Token types (the grammar in json-stream.ts compares them: the values are the ones above COMMA). */
export const LEFT_BRACE = 0;
export const RIGHT_BRACE = 1;
export const LEFT_BRACKET = 2;
export const RIGHT_BRACKET = 3;
export const COLON = 4;
export const COMMA = 5;
export const STRING = 6;
export const NUMBER = 7;
export const TRUE = 8;
export const FALSE = 9;
export const NULL = 10;

/** Receives each token: its type, its value (the punctuation's character for the first six) and its first byte's offset. */
export type OnToken = (type: number, value: unknown, offset: number) => void;

/** What a token split between writes is, while its bytes are carried over. */
const enum Partial {
  None,
  String,
  Number,
  Literal,
}

/** Strings of at most this many bytes are looked up in the table of strings made before. */
const CACHED_BYTES = 32;
const CACHE_SIZE = 4096;

const LITERALS: Record<number, { bytes: Uint8Array; type: number; value: boolean | null }> = {
  0x74: { bytes: new TextEncoder().encode("true"), type: TRUE, value: true },
  0x66: { bytes: new TextEncoder().encode("false"), type: FALSE, value: false },
  0x6e: { bytes: new TextEncoder().encode("null"), type: NULL, value: null },
};

const BOM = [0xef, 0xbb, 0xbf];
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

export class JsonTokenizer {
  /** Offset of the current write's first byte in the document. */
  private base = 0;
  private partial = Partial.None;
  /** Bytes of a leading byte order mark read so far (3 once past it or once the document starts without one). */
  private bomAt = 0;
  /** The bytes of a split token so far (a string's without its opening quote), and where the token starts. */
  private carry = new Uint8Array(256);
  private carryLength = 0;
  private carryStart = 0;
  /** A split string's last byte carried was a backslash. */
  private carryEscape = false;
  private literal: (typeof LITERALS)[number] | null = null;
  private readonly cacheKeys: string[] = new Array<string>(CACHE_SIZE).fill("");
  private readonly codes: number[] = [];
  private readonly decoder = new TextDecoder();

  constructor(private readonly onToken: OnToken) {}

  /** Reads the next bytes; throws on the first byte that cannot continue a JSON text. */
  write(buf: Uint8Array): void {
    const n = buf.length;
    let i = 0;
    for (; this.bomAt < 3 && i < n; i++, this.bomAt++) {
      if (buf[i] === BOM[this.bomAt]) continue;
      if (this.bomAt > 0) throw this.unexpected(buf[i], this.base + i);
      this.bomAt = 3;
      break;
    }
    if (this.partial !== Partial.None) i = this.resume(buf);
    const onToken = this.onToken;
    const base = this.base;
    while (i < n) {
      const c = buf[i];
      switch (c) {
        case 0x20:
        case 0x0a:
        case 0x0d:
        case 0x09:
          i++;
          break;
        case 0x22:
          i = this.string(buf, i);
          break;
        case 0x3a:
          onToken(COLON, ":", base + i);
          i++;
          break;
        case 0x2c:
          onToken(COMMA, ",", base + i);
          i++;
          break;
        case 0x7b:
          onToken(LEFT_BRACE, "{", base + i);
          i++;
          break;
        case 0x7d:
          onToken(RIGHT_BRACE, "}", base + i);
          i++;
          break;
        case 0x5b:
          onToken(LEFT_BRACKET, "[", base + i);
          i++;
          break;
        case 0x5d:
          onToken(RIGHT_BRACKET, "]", base + i);
          i++;
          break;
        case 0x74:
        case 0x66:
        case 0x6e:
          i = this.literalAt(buf, i);
          break;
        default:
          if (c === 0x2d || (c >= 0x30 && c <= 0x39)) i = this.number(buf, i);
          else throw this.unexpected(c, base + i);
      }
    }
    this.base += n;
  }

  /** The end of the document: a number the last write ended in is complete; any other split token is not. */
  end(): void {
    if (this.partial === Partial.Number) {
      this.partial = Partial.None;
      this.onToken(NUMBER, this.numberOf(this.carry, 0, this.carryLength, this.carryStart), this.carryStart);
    } else if (this.partial !== Partial.None) {
      throw new Error(`the body ends inside a ${this.partial === Partial.String ? "string" : "value"} (byte ${this.carryStart})`);
    }
  }

  private unexpected(c: number, offset: number): Error {
    return new Error(`unexpected ${JSON.stringify(String.fromCharCode(c))} at byte ${offset}`);
  }

  /** A string starting at `start` (its quote): its token, and the index after it (or `n` when it continues). */
  private string(buf: Uint8Array, start: number): number {
    const n = buf.length;
    let hash = 0;
    let plain = true;
    for (let i = start + 1; i < n; i++) {
      const c = buf[i];
      if (c === 0x22) {
        const length = i - start - 1;
        const value = plain && length <= CACHED_BYTES ? this.cached(buf, start + 1, i, hash) : this.decode(buf, start + 1, i, this.base + start + 1);
        this.onToken(STRING, value, this.base + start);
        return i + 1;
      }
      if (c === 0x5c) {
        plain = false;
        i++;
      } else if (c < 0x20 || c > 0x7e) {
        plain = false;
      } else {
        hash = (Math.imul(hash, 31) + c) | 0;
      }
    }
    this.partial = Partial.String;
    this.carryStart = this.base + start;
    this.carryLength = 0;
    // An escape whose backslash is the write's last byte: the next write's first byte is escaped.
    let escaped = false;
    for (let i = start + 1; i < n; i++) escaped = buf[i] === 0x5c ? !escaped : false;
    this.carryEscape = escaped;
    this.append(buf, start + 1, n);
    return n;
  }

  /** A short ASCII string without escapes: the one made before with the same bytes, or a new one kept for next time. */
  private cached(buf: Uint8Array, from: number, to: number, hash: number): string {
    const slot = (hash ^ (hash >>> 12)) & (CACHE_SIZE - 1);
    const known = this.cacheKeys[slot];
    const length = to - from;
    if (known.length === length) {
      let same = true;
      for (let k = 0; k < length; k++) {
        if (known.charCodeAt(k) !== buf[from + k]) {
          same = false;
          break;
        }
      }
      if (same) return known;
    }
    const codes = this.codes;
    codes.length = length;
    for (let k = 0; k < length; k++) codes[k] = buf[from + k];
    const made = String.fromCharCode.apply(null, codes);
    this.cacheKeys[slot] = made;
    return made;
  }

  /** A string's content with escapes or non-ASCII bytes (`offset`: where `from` is in the document). */
  private decode(buf: Uint8Array, from: number, to: number, offset: number): string {
    let out = "";
    let run = from;
    for (let i = from; i < to; i++) {
      const c = buf[i];
      if (c < 0x20) throw new Error(`unexpected control character ${c} in a string at byte ${offset + i - from}`);
      if (c !== 0x5c) continue;
      if (i > run) out += this.decoder.decode(buf.subarray(run, i));
      const e = buf[i + 1];
      switch (e) {
        case 0x22:
          out += '"';
          break;
        case 0x5c:
          out += "\\";
          break;
        case 0x2f:
          out += "/";
          break;
        case 0x62:
          out += "\b";
          break;
        case 0x66:
          out += "\f";
          break;
        case 0x6e:
          out += "\n";
          break;
        case 0x72:
          out += "\r";
          break;
        case 0x74:
          out += "\t";
          break;
        case 0x75: {
          let code = 0;
          for (let k = i + 2; k < i + 6; k++) {
            const h = k < to ? buf[k] : -1;
            const digit = h >= 0x30 && h <= 0x39 ? h - 0x30 : h >= 0x61 && h <= 0x66 ? h - 0x57 : h >= 0x41 && h <= 0x46 ? h - 0x37 : -1;
            if (digit < 0) throw new Error(`bad \\u escape in a string at byte ${offset + i - from}`);
            code = code * 16 + digit;
          }
          // Code units one by one: a surrogate pair makes its character, a lone surrogate stays (as JSON.parse does).
          out += String.fromCharCode(code);
          i += 4;
          break;
        }
        default:
          throw new Error(`bad escape in a string at byte ${offset + i - from}`);
      }
      i++;
      run = i + 1;
    }
    if (to > run) out += this.decoder.decode(buf.subarray(run, to));
    return out;
  }

  /** A number starting at `start`: its token, and the index after it (or `n` when it may continue). */
  private number(buf: Uint8Array, start: number): number {
    const n = buf.length;
    let i = start;
    const negative = buf[i] === 0x2d;
    if (negative) i++;
    let value = 0;
    let digits = 0;
    let c = i < n ? buf[i] : -1;
    if (c === 0x30) {
      i++;
      c = i < n ? buf[i] : -1;
      if (c >= 0x30 && c <= 0x39) throw this.unexpected(c, this.base + i);
    } else if (c >= 0x31 && c <= 0x39) {
      do {
        value = value * 10 + (c - 0x30);
        digits++;
        i++;
        c = i < n ? buf[i] : -1;
      } while (c >= 0x30 && c <= 0x39);
    } else if (c >= 0) {
      throw this.unexpected(c, this.base + i);
    }
    if (c >= 0 && c !== 0x2e && c !== 0x65 && c !== 0x45 && digits <= 15) {
      // An integer of at most 15 digits, exact in a double.
      this.onToken(NUMBER, negative ? -value : value, this.base + start);
      return i;
    }
    // A fraction, an exponent, many digits or the write's end: the whole number's bytes, read as JSON.parse reads them.
    let end = i;
    while (end < n && isNumberByte(buf[end])) end++;
    if (end === n) {
      this.partial = Partial.Number;
      this.carryStart = this.base + start;
      this.carryLength = 0;
      this.append(buf, start, n);
      return n;
    }
    this.onToken(NUMBER, this.numberOf(buf, start, end, this.base + start), this.base + start);
    return end;
  }

  private numberOf(buf: Uint8Array, from: number, to: number, offset: number): number {
    let text = "";
    if (to - from > CACHED_BYTES) text = this.decoder.decode(buf.subarray(from, to));
    else for (let k = from; k < to; k++) text += String.fromCharCode(buf[k]);
    if (!NUMBER_TEXT.test(text)) throw new Error(`malformed number ${JSON.stringify(text.slice(0, 40))} at byte ${offset}`);
    return Number(text);
  }

  /** `true`, `false` or `null` starting at `start`: its token, and the index after it (or `n` when it continues). */
  private literalAt(buf: Uint8Array, start: number): number {
    const literal = LITERALS[buf[start]];
    const bytes = literal.bytes;
    const n = buf.length;
    let k = 1;
    for (; k < bytes.length && start + k < n; k++) if (buf[start + k] !== bytes[k]) throw this.unexpected(buf[start + k], this.base + start + k);
    if (k < bytes.length) {
      this.partial = Partial.Literal;
      this.literal = literal;
      this.carryStart = this.base + start;
      this.carryLength = 0;
      this.append(buf, start, n);
      return n;
    }
    this.onToken(literal.type, literal.value, this.base + start);
    return start + bytes.length;
  }

  /** Continues the token the last write ended in; the index in `buf` after it (or `buf.length` when it goes on). */
  private resume(buf: Uint8Array): number {
    const n = buf.length;
    if (this.partial === Partial.String) {
      let escaped = this.carryEscape;
      for (let i = 0; i < n; i++) {
        const c = buf[i];
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) {
          this.append(buf, 0, i);
          this.partial = Partial.None;
          this.onToken(STRING, this.decode(this.carry, 0, this.carryLength, this.carryStart + 1), this.carryStart);
          this.shrinkCarry();
          return i + 1;
        }
      }
      this.carryEscape = escaped;
      this.append(buf, 0, n);
      return n;
    }
    if (this.partial === Partial.Number) {
      let end = 0;
      while (end < n && isNumberByte(buf[end])) end++;
      this.append(buf, 0, end);
      if (end === n) return n;
      this.partial = Partial.None;
      this.onToken(NUMBER, this.numberOf(this.carry, 0, this.carryLength, this.carryStart), this.carryStart);
      this.shrinkCarry();
      return end;
    }
    const bytes = this.literal!.bytes;
    let i = 0;
    for (; this.carryLength < bytes.length && i < n; i++, this.carryLength++) {
      if (buf[i] !== bytes[this.carryLength]) throw this.unexpected(buf[i], this.base + i);
    }
    if (this.carryLength < bytes.length) return n;
    this.partial = Partial.None;
    this.onToken(this.literal!.type, this.literal!.value, this.carryStart);
    return i;
  }

  private append(buf: Uint8Array, from: number, to: number): void {
    const length = this.carryLength + (to - from);
    if (length > this.carry.length) {
      const grown = new Uint8Array(Math.max(length, this.carry.length * 2));
      grown.set(this.carry.subarray(0, this.carryLength));
      this.carry = grown;
    }
    this.carry.set(buf.subarray(from, to), this.carryLength);
    this.carryLength = length;
  }

  /** A long token carried over leaves no large buffer behind. */
  private shrinkCarry(): void {
    if (this.carry.length > 64 * 1024) this.carry = new Uint8Array(256);
  }
}

function isNumberByte(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
