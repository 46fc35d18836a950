// The company's own internet name, from the contact details in a page's footer ("info@cronus.com",
// "www.acme-tools.de"): an invoice prints its sender's registration, bank and contact there, so
// the name of an address block that spells that domain is the sender's, even with no heading and
// no legal form over it (a Business Central invoice: "CRONUS DE" over the company's address at the
// top right, the customer's in the window at the left, neither headed).
import { findEmails } from '../identifiers/identifiers.js';
import type { PageLayout } from '../page/layout.js';

/** Below this share of the page's height a line is the footer. */
const FOOTER_TOP = 0.65;

/** A web address's host ("www.aubonmoulin.fr"); e-mail addresses are found by `findEmails`. */
const WEB_HOST = /\bwww\.((?:[a-z0-9-]+\.)+[a-z]{2,})\b/gi;

/** Mail providers anyone may use: their name says nothing of the sender. */
const MAIL_PROVIDERS = new Set([
  'gmail',
  'googlemail',
  'outlook',
  'hotmail',
  'live',
  'yahoo',
  'icloud',
  'gmx',
  'web',
  't-online',
  'freenet',
  'posteo',
  'mailbox',
  'aol',
  'orange',
  'free',
  'wanadoo',
  'laposte',
  'libero',
  'yandex',
  'mail',
  'proton',
  'protonmail',
]);

/** Second-level labels that are part of a country's suffix ("co.uk", "com.au"). */
const SUFFIX_LABELS = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'or', 'ne']);

/** The company labels of the hosts printed in the pages' footers ("cronus" of "info@cronus.com"). */
export function footerDomains(layouts: PageLayout[]): Set<string> {
  const labels = new Set<string>();
  for (const layout of layouts)
    for (const line of layout.lines)
      for (const seg of line)
        if (seg.bbox[1] >= FOOTER_TOP) for (const l of hostLabels(seg.text)) labels.add(l);
  return labels;
}

/** The company labels of the mail and web hosts in a text ("acme-tools" of "www.acme-tools.de"). */
export function hostLabels(text: string): string[] {
  const hosts = [
    ...findEmails(text).map((e) => e.value.slice(e.value.indexOf('@') + 1)),
    ...[...text.matchAll(WEB_HOST)].map((m) => m[1]!),
  ];
  const labels: string[] = [];
  for (const host of hosts) {
    const parts = host.toLowerCase().split('.').slice(0, -1);
    while (parts.length > 1 && SUFFIX_LABELS.has(parts.at(-1)!)) parts.pop();
    const label = parts.at(-1);
    if (label && label.length >= 4 && !MAIL_PROVIDERS.has(label)) labels.push(label);
  }
  return labels;
}

/** Letters and digits only, lower case, umlauts spelled out: how a name is written in a host. */
function asHost(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

/** Whether a name line spells one of the domains: "CRONUS DE" for cronus, "ACME Tools" for acmetools. */
export function spellsDomain(name: string, domains: Set<string>): boolean {
  const spelled = asHost(name);
  for (const label of domains) {
    const host = label.replace(/-/g, '');
    if (spelled.startsWith(host)) return true;
  }
  return false;
}
