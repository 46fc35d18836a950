import { describe, expect, it } from 'vitest';
import { mapUnmapped, outlineChar } from './unmapped-glyphs.js';

// pdf.js's draw operators: 0 moveTo, 1 lineTo, 2 curveTo, 4 closePath; coordinates in em.
const rect = (x0: number, y0: number, x1: number, y1: number) => [
  0,
  x0,
  y1,
  1,
  x0,
  y0,
  1,
  x1,
  y0,
  1,
  x1,
  y1,
  1,
  x0,
  y1,
  4,
];
/** A round dot drawn with four curves around (cx, cy). */
const dot = (cx: number, cy: number, r = 0.07) => [
  0,
  cx,
  cy - r,
  2,
  cx + r,
  cy - r,
  cx + r,
  cy - r,
  cx + r,
  cy,
  2,
  cx + r,
  cy + r,
  cx + r,
  cy + r,
  cx,
  cy + r,
  2,
  cx - r,
  cy + r,
  cx - r,
  cy + r,
  cx - r,
  cy,
  2,
  cx - r,
  cy - r,
  cx - r,
  cy - r,
  cx,
  cy - r,
  4,
];

describe('unmapped glyphs read from their outlines', () => {
  it('reads a bar at the x-height as a hyphen, or a dash where it fills its advance', () => {
    expect(outlineChar(rect(0.069, 0.311, 0.397, 0.417), 0.466)).toBe('-');
    expect(outlineChar(rect(0, 0.325, 0.5, 0.403), 0.5)).toBe('–');
    expect(outlineChar(rect(0, 0.325, 1, 0.403), 1)).toBe('—');
    // A bar on the baseline is an underscore, not a hyphen; a tall one is no bar.
    expect(outlineChar(rect(0, -0.1, 0.5, -0.05), 0.5)).toBeUndefined();
    expect(outlineChar(rect(0.1, 0, 0.2, 0.7), 0.3)).toBeUndefined();
  });

  it('reads two dots one over the other as a colon, one on the baseline as a point', () => {
    expect(outlineChar([...dot(0.14, 0.16), ...dot(0.14, 0.52)], 0.28)).toBe(':');
    expect(outlineChar(dot(0.14, 0.16), 0.28)).toBe('.');
    // Two dots side by side are a diaeresis, no colon.
    expect(outlineChar([...dot(0.1, 0.6), ...dot(0.3, 0.6)], 0.4)).toBeUndefined();
  });

  it("puts each font's glyphs into its items in order, only where the counts agree", () => {
    const items = [
      { str: 'JBAIETAU', fontName: 'f2' },
      { str: '\u0000', fontName: 'f2' },
      { str: '0004', fontName: 'f2' },
      { str: 'TIN\u0000', fontName: 'f3' },
      { str: 'a\u0000b\u0000', fontName: 'f1' },
    ];
    mapUnmapped(
      items,
      new Map([
        ['f2', ['-']],
        ['f3', [':', '-']],
        ['f1', [undefined, '.']],
      ]),
    );
    expect(items.map((i) => i.str)).toEqual(['JBAIETAU', '-', '0004', 'TIN\u0000', 'a\u0000b.']);
  });
});
