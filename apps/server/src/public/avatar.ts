// The avatar of a review without an uploaded photo: the name's initials on a colour taken from
// the name, as an SVG (no script, served with a CSP that forbids everything else).
import { createHash } from 'node:crypto';
import { escapeHtml } from '../auth/texts.js';

// Dark enough for white text at 4.5:1 contrast.
const COLOURS = ['#1d4ed8', '#047857', '#b91c1c', '#6d28d9', '#9a3412', '#0f766e', '#be185d', '#374151'];

export function avatarSvg(name: string): string {
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => [...w][0]?.toUpperCase() ?? '')
      .join('') || '?';
  const colour = COLOURS[createHash('sha256').update(name).digest()[0]! % COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(name)}">
<rect width="96" height="96" rx="48" fill="${colour}"/>
<text x="48" y="58" font-family="sans-serif" font-size="34" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
}
