// The words of sign-in, in the interface languages (decisions: de, en, ru, it): the mail with
// the link and the page the link opens. Anything else falls back to English.
export type Lang = 'de' | 'en' | 'ru' | 'it';

export const langOf = (lang: string | undefined): Lang => {
  const l = (lang ?? '').slice(0, 2).toLowerCase();
  return l === 'de' || l === 'ru' || l === 'it' ? l : 'en';
};

interface Texts {
  subject: string;
  greeting: string;
  body: string;
  button: string;
  ignore: string;
  pageTitle: string;
  pageLead: string;
  signedIn: string;
  invalid: string;
  pinLabel: string;
  pinButton: string;
  wrongPin: string;
}

export const TEXTS: Record<Lang, Texts> = {
  en: {
    subject: 'Your sign-in link for Invoice Reader',
    greeting: 'Hello,',
    body: 'Open this link to sign in to Invoice Reader. It works once and for 15 minutes.',
    button: 'Sign in',
    ignore: 'If you did not ask for it, ignore this message: nothing happens without the link.',
    pageTitle: 'Sign in to Invoice Reader',
    pageLead: 'Press the button to finish signing in on this device.',
    signedIn: 'You are signed in.',
    invalid: 'This link is no longer valid. Ask for a new one on the sign-in page.',
    pinLabel: 'Your PIN',
    pinButton: 'Confirm',
    wrongPin: 'Wrong PIN.',
  },
  de: {
    subject: 'Ihr Anmeldelink für Invoice Reader',
    greeting: 'Guten Tag,',
    body: 'Öffnen Sie diesen Link, um sich bei Invoice Reader anzumelden. Er gilt einmal und 15 Minuten lang.',
    button: 'Anmelden',
    ignore:
      'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht: Ohne den Link geschieht nichts.',
    pageTitle: 'Bei Invoice Reader anmelden',
    pageLead: 'Drücken Sie die Schaltfläche, um die Anmeldung auf diesem Gerät abzuschließen.',
    signedIn: 'Sie sind angemeldet.',
    invalid: 'Dieser Link ist nicht mehr gültig. Fordern Sie auf der Anmeldeseite einen neuen an.',
    pinLabel: 'Ihre PIN',
    pinButton: 'Bestätigen',
    wrongPin: 'Falsche PIN.',
  },
  ru: {
    subject: 'Ссылка для входа в Invoice Reader',
    greeting: 'Здравствуйте!',
    body: 'Откройте эту ссылку, чтобы войти в Invoice Reader. Она действует один раз в течение 15 минут.',
    button: 'Войти',
    ignore: 'Если вы не запрашивали вход, просто проигнорируйте это письмо: без ссылки ничего не произойдёт.',
    pageTitle: 'Вход в Invoice Reader',
    pageLead: 'Нажмите кнопку, чтобы завершить вход на этом устройстве.',
    signedIn: 'Вы вошли.',
    invalid: 'Ссылка больше не действует. Запросите новую на странице входа.',
    pinLabel: 'Ваш PIN',
    pinButton: 'Подтвердить',
    wrongPin: 'Неверный PIN.',
  },
  it: {
    subject: 'Il tuo link di accesso a Invoice Reader',
    greeting: 'Buongiorno,',
    body: 'Apri questo link per accedere a Invoice Reader. Vale una sola volta e per 15 minuti.',
    button: 'Accedi',
    ignore: 'Se non lo hai richiesto, ignora questo messaggio: senza il link non succede nulla.',
    pageTitle: 'Accedi a Invoice Reader',
    pageLead: "Premi il pulsante per completare l'accesso su questo dispositivo.",
    signedIn: 'Accesso effettuato.',
    invalid: 'Questo link non è più valido. Richiedine uno nuovo dalla pagina di accesso.',
    pinLabel: 'Il tuo PIN',
    pinButton: 'Conferma',
    wrongPin: 'PIN errato.',
  },
};

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sign-in mail: a text part and an HTML part with the same link. */
export function signInMail(lang: Lang, link: string): { subject: string; text: string; html: string } {
  const t = TEXTS[lang];
  const text = `${t.greeting}\n\n${t.body}\n\n${link}\n\n${t.ignore}\n`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(t.button)}</a></p>
<p style="font-size:90%">${escapeHtml(link)}</p><p style="color:#444">${escapeHtml(t.ignore)}</p></body></html>`;
  return { subject: t.subject, text, html };
}
