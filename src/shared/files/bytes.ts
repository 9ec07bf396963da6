/** Small byte helpers for content sniffing (pure: Uint8Array only, no Node APIs). */

export function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((value, i) => bytes[at + i] === value);
}

export function ascii(text: string): number[] {
  return Array.from(text, (ch) => ch.charCodeAt(0));
}

export function utf16le(text: string): number[] {
  return Array.from(text).flatMap((ch) => [ch.charCodeAt(0), 0]);
}

export function indexOf(
  bytes: Uint8Array,
  needle: readonly number[],
  from = 0,
  until = bytes.length,
): number {
  const last = Math.min(until, bytes.length) - needle.length;
  outer: for (let i = from; i <= last; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

export function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

export function u32(bytes: Uint8Array, at: number): number {
  return (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;
}

/** True when the bytes contain control characters that never occur in text files. */
export function hasBinaryBytes(bytes: Uint8Array, limit = bytes.length): boolean {
  const end = Math.min(limit, bytes.length);
  for (let i = 0; i < end; i += 1) {
    const b = bytes[i] ?? 0;
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b) || b === 0x7f) return true;
  }
  return false;
}

/** Decodes as UTF-8 (or Latin-1 when not valid UTF-8), without a byte-order mark. */
export function decodeText(bytes: Uint8Array, limit = bytes.length): string {
  const slice = bytes.subarray(0, Math.min(limit, bytes.length));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(slice);
  } catch {
    // A cut in the middle of a multi-byte character at `limit` is not an encoding error.
    text =
      limit < bytes.length
        ? new TextDecoder('utf-8').decode(slice)
        : new TextDecoder('latin1').decode(slice);
  }
  return text.replace(/^\uFEFF/, '');
}
