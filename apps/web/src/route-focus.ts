// After a move to another screen the focus goes to the new screen's heading (<h1> in <main>):
// a keyboard or screen-reader user starts at the top of what changed, as after a page load. A
// screen that first says "Loading…" gets its heading later: the focus follows it until the
// person does something (a key, a click), which ends the watch.
import { useEffect, useRef } from 'react';

export function useHeadingFocus(place: string): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new place is a move
  useEffect(() => {
    // The first screen is a page load: the browser starts at the top by itself.
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = () => {
      const active = document.activeElement;
      // Something in the screen has the focus now (a field the screen focused): it stays there.
      // The link that led here (in the navigation) hands it on.
      if (active && active !== main && main.contains(active) && active.tagName !== 'H1') return;
      const h1 = main.querySelector('h1');
      if (!h1 || h1 === active) return;
      if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
      h1.focus();
    };
    focusHeading();
    const watch = new MutationObserver(focusHeading);
    watch.observe(main, { childList: true, subtree: true });
    const stop = () => watch.disconnect();
    window.addEventListener('keydown', stop, { once: true, capture: true });
    window.addEventListener('pointerdown', stop, { once: true, capture: true });
    return () => {
      stop();
      window.removeEventListener('keydown', stop, { capture: true });
      window.removeEventListener('pointerdown', stop, { capture: true });
    };
  }, [place]);
}
