// The design tokens of every screen (web app, desktop window): one Mantine theme with one type
// and spacing scale, the brand and status colours, and light and dark values of the few tokens
// of our own (`--ir-*`). Every colour that carries text keeps at least 4.5:1 against its ground.
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** The brand blue; index 7 (#1d4ed8) is the filled colour in light, 6 in dark (white text 5:1 and more). */
const brand: MantineColorsTuple = [
  '#eff6ff',
  '#dbeafe',
  '#bfdbfe',
  '#93c5fd',
  '#60a5fa',
  '#3b82f6',
  '#2563eb',
  '#1d4ed8',
  '#1e40af',
  '#1e3a8a',
];
// Status colours darker than Mantine's defaults, so white text on them and they on white read.
const red: MantineColorsTuple = [
  '#fef2f2',
  '#fee2e2',
  '#fecaca',
  '#fca5a5',
  '#f87171',
  '#ef4444',
  '#dc2626',
  '#b91c1c',
  '#991b1b',
  '#7f1d1d',
];
const green: MantineColorsTuple = [
  '#f0fdf4',
  '#dcfce7',
  '#bbf7d0',
  '#86efac',
  '#4ade80',
  '#22c55e',
  '#16a34a',
  '#15803d',
  '#166534',
  '#14532d',
];
const orange: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

/** The font the screens are drawn in: Inter, shipped with the app (never fetched), then the system's. */
export const FONT_STACK = "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

export const uiTheme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  colors: { brand, red, green, orange },
  fontFamily: FONT_STACK,
  fontFamilyMonospace: "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace",
  // One scale for text: 12, 13.5, 15 (body), 17, 20 px.
  fontSizes: { xs: '0.75rem', sm: '0.84375rem', md: '0.9375rem', lg: '1.0625rem', xl: '1.25rem' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.5', lg: '1.5', xl: '1.4' },
  headings: {
    fontFamily: FONT_STACK,
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.625rem', lineHeight: '1.25' },
      h2: { fontSize: '1.1875rem', lineHeight: '1.3' },
      h3: { fontSize: '1.03125rem', lineHeight: '1.35' },
      h4: { fontSize: '0.9375rem', lineHeight: '1.4' },
    },
  },
  // One scale for space: 8, 12, 16, 24, 32 px (xs..xl).
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  defaultRadius: 'md',
  radius: { xs: '3px', sm: '5px', md: '8px', lg: '12px', xl: '16px' },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    NativeSelect: { defaultProps: { size: 'sm' } },
    Badge: {
      defaultProps: { variant: 'light', radius: 'sm', size: 'md' },
      styles: { root: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 } },
    },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});

/**
 * Our own tokens on top of Mantine's: the statuses of a field or an invoice (text, border and
 * ground), the page viewer's ground, and the dimmed text Mantine draws too light for 4.5:1.
 */
export const uiCssVariables: CSSVariablesResolver = () => ({
  variables: {
    '--ir-header-height': '3.5rem',
  },
  light: {
    '--mantine-color-dimmed': '#4b5563',
    '--ir-ok': '#166534',
    '--ir-ok-bg': '#f0fdf4',
    '--ir-warn': '#9a3412',
    '--ir-warn-line': '#ea580c',
    '--ir-warn-bg': '#fff7ed',
    '--ir-bad': '#b91c1c',
    '--ir-bad-line': '#dc2626',
    '--ir-bad-bg': '#fef2f2',
    '--ir-muted': '#4b5563',
    '--ir-active-bg': '#eff6ff',
    '--ir-surface': '#ffffff',
    '--ir-canvas': '#eef1f5',
    '--ir-row-hover': '#f5f7fa',
    '--ir-th-bg': '#f8fafc',
  },
  dark: {
    '--mantine-color-dimmed': '#a6adb8',
    '--ir-ok': '#4ade80',
    '--ir-ok-bg': 'rgba(34,197,94,.12)',
    '--ir-warn': '#fbbf24',
    '--ir-warn-line': '#f59e0b',
    '--ir-warn-bg': 'rgba(245,158,11,.12)',
    '--ir-bad': '#f87171',
    '--ir-bad-line': '#ef4444',
    '--ir-bad-bg': 'rgba(239,68,68,.14)',
    '--ir-muted': '#a6adb8',
    '--ir-active-bg': 'rgba(59,130,246,.16)',
    '--ir-surface': '#1f2126',
    '--ir-canvas': '#16171b',
    '--ir-row-hover': '#26282e',
    '--ir-th-bg': '#1a1c20',
  },
});
