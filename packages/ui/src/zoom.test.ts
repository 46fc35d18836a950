import { describe, expect, it } from 'vitest';
import { nextZoom, pictureWidth } from './zoom.js';

describe('nextZoom', () => {
  it('steps in and out, and stops at the ends', () => {
    expect(nextZoom(1, 1)).toBe(1.25);
    expect(nextZoom(1, -1)).toBe(0.8);
    expect(nextZoom(4, 1)).toBe(4);
    expect(nextZoom(0.5, -1)).toBe(0.5);
  });

  it('goes to the nearest step from a zoom between two (fitting the whole page)', () => {
    expect(nextZoom(0.71, 1)).toBe(0.8);
    expect(nextZoom(0.71, -1)).toBe(0.67);
  });
});

describe('pictureWidth', () => {
  it('asks for the smallest picture at least as wide as drawn, 4000 at most', () => {
    expect(pictureWidth(0)).toBe(1200);
    expect(pictureWidth(620)).toBe(1200);
    expect(pictureWidth(1201)).toBe(2000);
    expect(pictureWidth(2600)).toBe(3000);
    expect(pictureWidth(9000)).toBe(4000);
  });
});
