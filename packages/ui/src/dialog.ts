// A confirmation shown in place (Delete, Disconnect, Revoke, Rotate): on opening the focus moves
// into it (onto the button given the ref, the harmless one), Escape closes it, and on closing the
// focus goes back to the control that opened it.
import { type RefObject, useEffect, useRef } from 'react';

export function useConfirmFocus<T extends HTMLElement = HTMLButtonElement>(
  open: boolean,
  close: () => void,
): RefObject<T | null> {
  const first = useRef<T>(null);
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      closeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      // The opener may have gone with what the dialog did (a disconnected mailbox's button).
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  return first;
}
