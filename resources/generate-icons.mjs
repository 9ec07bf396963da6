#!/usr/bin/env node
// Draws the LexDesk icons without any image tool: a navy rounded square with a white legal page
// (folded corner, text lines) and a gold seal. Shapes are signed-distance tests, supersampled 4x4
// for smooth edges, and written as RGBA PNGs with zlib.
//   resources/icon.png  1024 x 1024 (electron-builder converts it for every platform)
//   resources/tray.png    64 x 64  (tray, scaled down by the app)
// Run: node resources/generate-icons.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1). Each returns true when the point is inside.
const roundedRect = (x0, y0, x1, y1, r) => (x, y) => {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && dx * dx + dy * dy <= r * r;
};
const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const sheet = roundedRect(0.27, 0.17, 0.71, 0.83, 0.025);
// The top-right corner of the page is folded: the part above the diagonal is cut away, the
// triangle below it is the fold.
const inCorner = (x, y) => x >= 0.59 && y <= 0.29;
const aboveDiagonal = (x, y) => x - 0.59 > y - 0.17;
const fold = (x, y) => sheet(x, y) && inCorner(x, y) && !aboveDiagonal(x, y);
const page = (x, y) => sheet(x, y) && !(inCorner(x, y) && aboveDiagonal(x, y));
const lines = [0.36, 0.45, 0.54, 0.63].map((y, i) =>
  roundedRect(0.34, y, i === 3 ? 0.52 : 0.64, y + 0.035, 0.017),
);
const sealOuter = circle(0.68, 0.72, 0.135);
const sealInner = circle(0.68, 0.72, 0.095);

const NAVY_TOP = [36, 73, 122];
const NAVY_BOTTOM = [20, 44, 78];
const WHITE = [250, 251, 253];
const FOLD = [205, 214, 228];
const INK = [120, 138, 166];
const GOLD = [214, 166, 55];
const GOLD_DARK = [176, 128, 30];

function colourAt(x, y) {
  if (!roundedRect(0.04, 0.04, 0.96, 0.96, 0.2)(x, y)) return null;
  if (sealOuter(x, y)) return sealInner(x, y) ? GOLD : GOLD_DARK;
  if (fold(x, y)) return FOLD;
  if (page(x, y)) {
    return lines.some((line) => line(x, y)) ? INK : WHITE;
  }
  const t = (y - 0.04) / 0.92;
  return NAVY_TOP.map((top, i) => Math.round(top + (NAVY_BOTTOM[i] - top) * t));
}

function render(size) {
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
          );
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (covered > 0) {
        rgba[offset] = Math.round(r / covered);
        rgba[offset + 1] = Math.round(g / covered);
        rgba[offset + 2] = Math.round(b / covered);
        rgba[offset + 3] = Math.round((covered / (samples * samples)) * 255);
      }
    }
  }
  return encodePng(size, rgba);
}

for (const [name, size] of [
  ['icon.png', 1024],
  ['tray.png', 64],
]) {
  writeFileSync(path.join(here, name), render(size));
  console.log(`resources/${name}: ${size}x${size}`);
}
