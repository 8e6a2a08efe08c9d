/**
 * The JSON text of every scoring term (`"HCC37":0.166`) packed into one byte array, so the command
 * line copies a term's text from a few contiguous kilobytes instead of from strings scattered over
 * the heap. A text is named by its handle: bytes `starts[handle]` to `starts[handle + 1]`.
 */
export interface TextPool {
  readonly bytes: Uint8Array;
  readonly starts: Int32Array;
}

/** Collects ASCII texts and hands out their handles. */
export class TextPoolBuilder {
  private readonly texts: string[] = [];
  private readonly handles = new Map<string, number>();

  /** The handle of an ASCII text (the same text gets the same handle). */
  add(text: string): number {
    const known = this.handles.get(text);
    if (known !== undefined) return known;
    if (/[^\x20-\x7e]/.test(text)) throw new Error(`Term text must be printable ASCII: ${text}`);
    this.texts.push(text);
    this.handles.set(text, this.texts.length - 1);
    return this.texts.length - 1;
  }

  build(): TextPool {
    const starts = new Int32Array(this.texts.length + 1);
    this.texts.forEach((text, handle) => (starts[handle + 1] = (starts[handle] ?? 0) + text.length));
    const bytes = new Uint8Array(starts[this.texts.length] ?? 0);
    this.texts.forEach((text, handle) => {
      const start = starts[handle] ?? 0;
      for (let i = 0; i < text.length; i++) bytes[start + i] = text.charCodeAt(i);
    });
    return { bytes, starts };
  }
}
