/**
 * Draws the app icon (a rounded tile with three ledger rows and a cursor block) as PNGs for
 * electron-builder: build/icon.png (1024 px; electron-builder derives .icns and .ico from it) and
 * build/icons/<size>x<size>.png for Linux. Plain Node (zlib), no image library.
 * Run: node build/make-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];

const BACKGROUND: Rgba = [16, 36, 56, 255];
const ROW: Rgba = [94, 214, 196, 255];
const ROW_DIM: Rgba = [60, 120, 140, 255];
const ACCENT: Rgba = [255, 196, 84, 255];

/** Coverage-free shape test in unit coordinates (0..1): which colour a point has, or none. */
function colourAt(x: number, y: number): Rgba | undefined {
  const radius = 0.2;
  const inset = 0.04;
  const cx = Math.min(Math.max(x, inset + radius), 1 - inset - radius);
  const cy = Math.min(Math.max(y, inset + radius), 1 - inset - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return undefined;
  const rows: Array<[number, number, Rgba]> = [
    [0.27, 0.74, ROW],
    [0.45, 0.62, ROW_DIM],
    [0.63, 0.7, ROW_DIM],
  ];
  for (const [top, right, colour] of rows) if (y >= top && y <= top + 0.1 && x >= 0.22 && x <= right) return colour;
  if (y >= 0.63 && y <= 0.73 && x >= 0.72 && x <= 0.8) return ACCENT;
  return BACKGROUND;
}

function render(size: number): Buffer {
  const samples = 4;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (!colour) continue;
          for (let channel = 0; channel < 3; channel++)
            sum[channel] = (sum[channel] ?? 0) + (colour[channel] ?? 0) * (colour[3] / 255);
          sum[3] = (sum[3] ?? 0) + colour[3];
        }
      }
      const count = samples * samples;
      const alpha = (sum[3] ?? 0) / count;
      const offset = py * (size * 4 + 1) + 1 + px * 4;
      for (let channel = 0; channel < 3; channel++)
        raw[offset + channel] = alpha === 0 ? 0 : Math.round(((sum[channel] ?? 0) / count) * (255 / alpha));
      raw[offset + 3] = Math.round(alpha);
    }
  }
  return png(size, raw);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const here = import.meta.dirname;
mkdirSync(join(here, 'icons'), { recursive: true });
writeFileSync(join(here, 'icon.png'), render(1024));
for (const size of [16, 32, 48, 64, 128, 256, 512])
  writeFileSync(join(here, 'icons', `${size}x${size}.png`), render(size));
console.log('icons written to build/');
