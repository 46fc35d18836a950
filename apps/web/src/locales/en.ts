// English words of the web application; the other languages follow this shape.
export const en = {
  common: {
    skip: 'Skip to content',
    language: 'Language',
    soon: 'This screen is on its way.',
    notFound: 'Page not found',
    failed: 'Something went wrong. Please try again.',
    loading: 'Loading…',
    cancel: 'Cancel',
    confirm: 'Confirm',
  },
  nav: {
    label: 'Main',
    invoices: 'Invoices',
    review: 'Review',
    exports: 'Exports',
    api: 'API',
    keys: 'Keys',
    usage: 'Usage',
    calculator: 'Price calculator',
    plans: 'Plans',
    account: 'Account',
  },
  signIn: {
    title: 'Sign in',
    lead: 'We send you a link: no password needed.',
    email: 'E-mail address',
    submit: 'Send me a link',
    checkMail: 'Check your mail',
    checkMailLead: 'If {{email}} can sign in, a link is on its way. It works once and for 15 minutes.',
    again: 'Use another address',
    tooMany: 'Too many attempts. Please wait a minute.',
  },
};

export type Texts = typeof en;
