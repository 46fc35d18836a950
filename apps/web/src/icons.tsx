// The navigation's small line icons, drawn here (24-unit grid, the text's colour) rather than
// taken from an icon set: nine shapes are not worth a dependency.
const PATHS = {
  invoices: 'M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5',
  exports: 'M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19h14',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  api: 'M9 8l-4 4 4 4M15 8l4 4-4 4',
  keys: 'M14.5 9.5a3.5 3.5 0 1 1-7 0 3.5 3.5 0 0 1 7 0zM13.5 12l6 6M17 15.5l2-2',
  usage: 'M5 19V11M10 19V6M15 19v-5M20 19V9',
  calculator: 'M6 3h12v18H6zM9 7h6M9 12h.01M12 12h.01M15 12h.01M9 16h.01M12 16h.01M15 16h.01',
  plans: 'M3 7h18v10H3zM3 11h18M7 15h3',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
  logo: 'M6 2h9l5 5v15H6zM15 2v5h5M9 12h8M9 16h8M9 20h5',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
