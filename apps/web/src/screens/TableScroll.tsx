// A table that may be wider than a phone: it scrolls sideways in its own box (by keyboard too,
// so the box takes focus and is named), and the page itself never does.
import type { ReactNode } from 'react';

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box is reached by keyboard to scroll it
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
