// Deutsche Texte der Web-Anwendung.
import type { Texts } from './en';

export const de: Texts = {
  common: {
    skip: 'Zum Inhalt springen',
    language: 'Sprache',
    soon: 'Diese Ansicht ist in Arbeit.',
    notFound: 'Seite nicht gefunden',
    failed: 'Etwas ist schiefgegangen. Bitte erneut versuchen.',
    loading: 'Wird geladen…',
    cancel: 'Abbrechen',
    confirm: 'Bestätigen',
  },
  nav: {
    label: 'Hauptmenü',
    invoices: 'Rechnungen',
    review: 'Prüfen',
    exports: 'Exporte',
    api: 'API',
    keys: 'Schlüssel',
    usage: 'Verbrauch',
    calculator: 'Preisrechner',
    plans: 'Tarife',
    account: 'Konto',
  },
  signIn: {
    title: 'Anmelden',
    lead: 'Wir senden Ihnen einen Link – ohne Passwort.',
    email: 'E-Mail-Adresse',
    submit: 'Link senden',
    checkMail: 'Sehen Sie in Ihr Postfach',
    checkMailLead:
      'Wenn sich {{email}} anmelden kann, ist ein Link unterwegs. Er gilt einmal und 15 Minuten lang.',
    again: 'Andere Adresse verwenden',
    tooMany: 'Zu viele Versuche. Bitte eine Minute warten.',
  },
};
