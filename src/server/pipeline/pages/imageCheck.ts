/**
 * A structural check of PNG and JPEG bytes before they reach the native image decoder: a file cut
 * short or made of headers only (an upload that passed the magic-bytes check) can crash a native
 * decoder, and with it the whole server. PNG: every chunk inside the file, IHDR first with sane
 * dimensions, at least one IDAT, IEND last. JPEG: markers walk cleanly from SOI to a frame header
 * (SOF) with sane dimensions and a scan (SOS), and the file ends with EOI.
 */

/** Larger than any scanner page at 1200 dpi; bigger claims are treated as damage. */
const MAX_SIDE = 60_000;

export interface ImageHeader {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function sane(width: number, height: number): boolean {
  return width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE;
}

/** The PNG's size when its chunk structure is whole, else null. */
export function checkPng(data: Uint8Array): ImageHeader | null {
  if (data.length < 8 + 25 + 12 || PNG_SIGNATURE.some((byte, i) => data[i] !== byte)) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = 8;
  let header: ImageHeader | null = null;
  let sawData = false;
  while (offset + 12 <= data.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...data.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > data.length) return null;
    if (offset === 8) {
      if (type !== 'IHDR' || length !== 13) return null;
      header = { width: view.getUint32(offset + 8), height: view.getUint32(offset + 12) };
      if (!sane(header.width, header.height)) return null;
    }
    if (type === 'IDAT' && length > 0) sawData = true;
    if (type === 'IEND') return sawData ? header : null;
    offset = end;
  }
  return null;
}

/** The JPEG's size when its marker structure is whole, else null. */
export function checkJpeg(data: Uint8Array): ImageHeader | null {
  const n = data.length;
  if (n < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  if (data[n - 2] !== 0xff || data[n - 1] !== 0xd9) return null;
  let offset = 2;
  let header: ImageHeader | null = null;
  while (offset + 4 <= n) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = ((data[offset + 2] ?? 0) << 8) | (data[offset + 3] ?? 0);
    if (length < 2 || offset + 2 + length > n) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      if (length < 8) return null;
      const height = ((data[offset + 5] ?? 0) << 8) | (data[offset + 6] ?? 0);
      const width = ((data[offset + 7] ?? 0) << 8) | (data[offset + 8] ?? 0);
      if (!sane(width, height)) return null;
      header = { width, height };
    }
    if (marker === 0xda) return header; // start of scan: entropy-coded data follows
    offset += 2 + length;
  }
  return null;
}
