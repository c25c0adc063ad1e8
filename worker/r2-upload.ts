/**
 * An R2 object written as a stream of pieces whose total is not known in advance (a streamed submission, README
 * "Request bodies"), holding at most one part in memory. Deployed R2 refuses a `put` of a stream without a known
 * length, so a body larger than one part goes up as a multipart upload: parts of PART_BYTES each (R2 wants them at
 * least 5 MiB and all of one size but the last), completed at the end. A body that fits one part is one `put`.
 * Until `finish` returns, nothing is visible under the key; `abort` drops what was uploaded.
 */
export const PART_BYTES = 5 * 1024 * 1024;

export class R2Upload {
  private part = new Uint8Array(PART_BYTES);
  private filled = 0;
  private multipart: R2MultipartUpload | null = null;
  private readonly parts: R2UploadedPart[] = [];
  private closed = false;

  constructor(
    private readonly bucket: R2Bucket,
    readonly key: string,
    private readonly contentType = "application/json",
  ) {}

  /** Appends `bytes` (copied: the caller may reuse them). */
  async write(bytes: Uint8Array): Promise<void> {
    let at = 0;
    while (at < bytes.byteLength) {
      const n = Math.min(bytes.byteLength - at, PART_BYTES - this.filled);
      this.part.set(bytes.subarray(at, at + n), this.filled);
      this.filled += n;
      at += n;
      if (this.filled === PART_BYTES) await this.uploadPart();
    }
  }

  /** Stores what was written under the key. */
  async finish(): Promise<void> {
    this.closed = true;
    const rest = this.part.subarray(0, this.filled);
    if (!this.multipart) {
      await this.bucket.put(this.key, rest, { httpMetadata: { contentType: this.contentType } });
    } else {
      if (this.filled > 0) this.parts.push(await this.multipart.uploadPart(this.parts.length + 1, rest));
      await this.multipart.complete(this.parts);
    }
    this.part = new Uint8Array(0);
  }

  /** Drops what was uploaded; nothing is left under the key. Safe to call at any point, also after `finish`. */
  async abort(): Promise<void> {
    const finished = this.closed;
    this.closed = true;
    this.part = new Uint8Array(0);
    if (finished) await this.bucket.delete(this.key);
    else if (this.multipart) await this.multipart.abort();
  }

  private async uploadPart(): Promise<void> {
    this.multipart ??= await this.bucket.createMultipartUpload(this.key, { httpMetadata: { contentType: this.contentType } });
    this.parts.push(await this.multipart.uploadPart(this.parts.length + 1, this.part));
    this.filled = 0;
  }
}
