// Gives the screens their data source and their way of moving between screens: each app (web
// with its router, desktop with its own) wraps the screens in one InvoiceUiProvider.
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { InvoiceData } from './data.js';

export interface InvoiceUiLinks {
  /** Where the list, one invoice and the exports screen live, as hrefs. */
  list: string;
  invoice: (id: number) => string;
  exports: string;
  /** Where plans are chosen, for a refusal that asks for one (402); a host without plans leaves it out. */
  plans?: string;
  /** Where the company profile is kept, when the host has a screen for it. */
  company?: string;
  /** Goes there without reloading the page. */
  navigate: (href: string) => void;
}

interface InvoiceUi {
  data: InvoiceData;
  links: InvoiceUiLinks;
  /** Names the screen shown (the browser tab's title); a host without tabs leaves it out. */
  title?: (screen: string) => void;
  /** The service says the session has ended: the host sends the person to sign in. */
  signedOut?: () => void;
}

const Ctx = createContext<InvoiceUi | null>(null);

export function InvoiceUiProvider({
  data,
  links,
  title,
  signedOut,
  children,
}: InvoiceUi & { children: ReactNode }) {
  const value = useMemo(() => ({ data, links, title, signedOut }), [data, links, title, signedOut]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useInvoiceUi(): InvoiceUi {
  const ui = useContext(Ctx);
  if (!ui) throw new Error('useInvoiceUi outside InvoiceUiProvider');
  return ui;
}

/** An in-app link: a real href (new tab, copy link work), navigated without a reload on a plain click. */
export function AppLink({
  href,
  children,
  className,
  title,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  title?: string;
}) {
  const { links } = useInvoiceUi();
  return (
    <a
      href={href}
      className={className}
      title={title}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        links.navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** Saves a downloaded file the way a browser saves an attachment. */
export function saveFile(file: { filename: string; blob: Blob }): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
