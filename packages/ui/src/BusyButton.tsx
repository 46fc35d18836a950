// Buttons that send a request keep the keyboard's place while it runs: a `disabled` button would
// drop the focus to the page (Chromium moves it away), so a keyboard user would lose their place
// and a second Enter would do nothing visible. Instead the button stays focusable, says it is
// unavailable (`aria-disabled`, drawn greyed) and ignores presses while busy; the screen's
// status line says what is under way (`useBusy` names it). Should the request take the button away
// while it has the focus, the focus goes to `focusWhenGone` (its part's heading), not to the page.
import { Button, type ButtonProps as MantineButtonProps } from '@mantine/core';
import {
  type ButtonHTMLAttributes,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface Busy<K extends string> {
  /** What is under way (for the status line to say), or null. */
  busy: K | null;
  /** Runs `work`, named `what`, unless something runs already: a second press does nothing. */
  run: (what: K, work: () => Promise<void>) => Promise<void>;
  /**
   * Goes to another page (a provider's): busy until it is gone, so nothing is pressed twice on the
   * way; shown again from the browser's back-forward cache, the screen is available again.
   */
  leave: (url: string) => void;
}

/** One request at a time for a screen (or a part of it), and what it is. */
export function useBusy<K extends string>(): Busy<K> {
  const [busy, setBusy] = useState<K | null>(null);
  // The state shows it; the ref also refuses a press React has not rendered the busy state for.
  const running = useRef(false);
  const leaving = useRef(false);
  const run = useCallback(async (what: K, work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(what);
    try {
      await work();
    } finally {
      if (!leaving.current) {
        running.current = false;
        setBusy(null);
      }
    }
  }, []);
  const leave = useCallback((url: string) => {
    leaving.current = true;
    window.location.assign(url);
  }, []);
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => {
      if (!e.persisted || !leaving.current) return;
      leaving.current = false;
      running.current = false;
      setBusy(null);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  return { busy, run, leave };
}

type ButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'disabled' | 'aria-disabled' | 'color' | 'style'
> &
  Pick<MantineButtonProps, 'variant' | 'color' | 'size' | 'fullWidth' | 'leftSection'>;

/**
 * A button whose press sends a request: unavailable but focused while `busy`. A control that is
 * not a button (a checkbox) takes `aria-disabled` itself, and `useBusy().run` ignores its presses.
 */
export function BusyButton({
  busy,
  focusWhenGone,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps & {
  busy: boolean;
  /** Where the focus goes should the button go away while it has it (a heading with tabIndex -1). */
  focusWhenGone?: RefObject<HTMLElement | null>;
}) {
  const self = useRef<HTMLButtonElement>(null);
  const fallback = useRef(focusWhenGone);
  fallback.current = focusWhenGone;
  useLayoutEffect(() => {
    const button = self.current;
    return () => {
      // React runs this before it takes the button out of the page: it still has the focus here.
      if (!button || button !== document.activeElement) return;
      const target = fallback.current;
      // Once the change is in the page (the target may come with it), unless the focus went
      // somewhere else meanwhile.
      queueMicrotask(() => {
        const to = target?.current;
        const dropped = document.activeElement === document.body || document.activeElement === null;
        if (to?.isConnected && dropped) to.focus();
      });
    };
  }, []);
  return (
    <Button
      {...rest}
      ref={self}
      type={type}
      aria-disabled={busy ? true : undefined}
      // Drawn unavailable (Mantine's look of a disabled button) without `disabled`.
      data-disabled={busy ? true : undefined}
      data-busy={busy ? true : undefined}
      onClick={(e) => {
        // Also keeps a submit button's form from being sent (Enter in one of its fields, too).
        if (busy) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    />
  );
}
