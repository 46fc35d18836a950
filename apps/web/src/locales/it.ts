// Testi italiani dell'applicazione web.
import type { Texts } from './en';

export const it: Texts = {
  common: {
    skip: 'Vai al contenuto',
    language: 'Lingua',
    soon: 'Questa schermata è in arrivo.',
    notFound: 'Pagina non trovata',
    failed: 'Qualcosa è andato storto. Riprova.',
    loading: 'Caricamento…',
    cancel: 'Annulla',
    confirm: 'Conferma',
  },
  nav: {
    label: 'Menu principale',
    invoices: 'Fatture',
    review: 'Verifica',
    exports: 'Esportazioni',
    api: 'API',
    keys: 'Chiavi',
    usage: 'Consumo',
    calculator: 'Calcolatore prezzi',
    plans: 'Piani',
    account: 'Account',
  },
  signIn: {
    title: 'Accedi',
    lead: 'Ti inviamo un link: nessuna password.',
    email: 'Indirizzo e-mail',
    submit: 'Inviami un link',
    checkMail: 'Controlla la posta',
    checkMailLead: 'Se {{email}} può accedere, un link è in arrivo. Vale una volta e per 15 minuti.',
    again: 'Usa un altro indirizzo',
    tooMany: 'Troppi tentativi. Attendi un minuto.',
  },
};
