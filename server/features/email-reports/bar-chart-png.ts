import { PNG } from 'pngjs';

/**
 * A bar chart as PNG for a report's email (docs/decisions.md, issue 37): email clients show PNG but not SVG, and a
 * few filled rectangles need no browser. No text in the picture: the figures are in the table beside it and in the
 * image's alt text.
 */
export interface BarChartOptions {
  width?: number;
  height?: number;
  /** #rrggbb */
  color?: string;
}

const rgb = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

export function barChartPng(values: number[], options: BarChartOptions = {}): Buffer {
  const width = options.width ?? 560;
  const height = options.height ?? 160;
  const png = new PNG({ width, height });
  const fill = (x0: number, y0: number, x1: number, y1: number, [r, g, b]: [number, number, number]) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
        const i = (y * width + x) * 4;
        png.data[i] = r;
        png.data[i + 1] = g;
        png.data[i + 2] = b;
        png.data[i + 3] = 255;
      }
    }
  };
  fill(0, 0, width, height, [255, 255, 255]);
  const pad = 8;
  const base = height - pad;
  fill(pad, base, width - pad, base + 1, [134, 142, 150]);
  const max = Math.max(0, ...values);
  if (values.length > 0 && max > 0) {
    const slot = (width - 2 * pad) / values.length;
    const gap = Math.max(1, Math.floor(slot / 5));
    values.forEach((v, i) => {
      const h = Math.round((v / max) * (base - pad));
      const x0 = Math.round(pad + i * slot);
      fill(x0 + gap, base - h, Math.round(pad + (i + 1) * slot), base, rgb(options.color ?? '#228be6'));
    });
  }
  return PNG.sync.write(png);
}
