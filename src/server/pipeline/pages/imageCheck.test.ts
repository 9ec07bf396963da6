import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { checkJpeg, checkPng } from './imageCheck';

function drawn() {
  const canvas = createCanvas(40, 30);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 40, 30);
  context.fillStyle = '#000';
  context.fillText('ADJ1234567', 2, 20);
  return canvas;
}

const HEADERS_ONLY_PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1, 8, 6, 0, 0, 0,
]);

describe('checkPng', () => {
  it('accepts a whole PNG and reads its size', async () => {
    expect(checkPng(await drawn().encode('png'))).toEqual({ width: 40, height: 30 });
  });

  it.each([
    ['headers only (no IDAT, no IEND)', HEADERS_ONLY_PNG],
    ['cut short', 'cut'],
    ['absurd dimensions', 'huge'],
  ])('refuses a PNG that is %s', async (_, kind) => {
    let bytes: Buffer;
    if (Buffer.isBuffer(kind)) bytes = kind;
    else {
      bytes = Buffer.from(await drawn().encode('png'));
      if (kind === 'cut') bytes = bytes.subarray(0, bytes.length - 20);
      else bytes.writeUInt32BE(1_000_000, 16);
    }
    expect(checkPng(bytes)).toBeNull();
  });
});

describe('checkJpeg', () => {
  it('accepts a whole JPEG and reads its size', async () => {
    expect(checkJpeg(await drawn().encode('jpeg', 80))).toEqual({ width: 40, height: 30 });
  });

  it('refuses a JPEG without a frame, cut short, or without its end marker', async () => {
    const whole = Buffer.from(await drawn().encode('jpeg', 80));
    const jfifOnly = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
      0xff, 0xd9,
    ]);
    expect(checkJpeg(jfifOnly)).toBeNull();
    expect(checkJpeg(whole.subarray(0, whole.length / 2))).toBeNull();
    expect(checkJpeg(whole.subarray(0, whole.length - 2))).toBeNull();
  });
});
