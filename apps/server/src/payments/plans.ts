// The web application's plans: a free plan and three paid ones, priced in roubles (integer RUB,
// PlanOut), each with the scanned parses a period includes. Money elsewhere is kopecks.
export interface Plan {
  code: string;
  name: string;
  price_month_rub: number;
  price_year_rub: number;
  /** Scanned parses a period includes (the web allowance; e-invoices and text PDFs are free). */
  parses: number;
  features: string[];
}

const COMMON = ['E-invoices, QR bills and text PDFs free and without limit', 'DATEV, 1C, XRechnung exports'];

export const PLANS: readonly Plan[] = Object.freeze([
  {
    code: 'free',
    name: 'Free',
    price_month_rub: 0,
    price_year_rub: 0,
    parses: 1,
    features: ['1 scanned invoice', ...COMMON],
  },
  {
    code: 's',
    name: 'Start',
    price_month_rub: 490,
    price_year_rub: 4_900,
    parses: 50,
    features: ['50 scanned invoices a period', ...COMMON],
  },
  {
    code: 'm',
    name: 'Pro',
    price_month_rub: 1_490,
    price_year_rub: 14_900,
    parses: 300,
    features: ['300 scanned invoices a period', 'Inbox scan and letters', ...COMMON],
  },
  {
    code: 'l',
    name: 'Business',
    price_month_rub: 3_990,
    price_year_rub: 39_900,
    parses: 1_500,
    features: ['1,500 scanned invoices a period', 'Inbox scan and letters', 'Priority support', ...COMMON],
  },
]);

export const FREE_PLAN = PLANS[0]!;

/** The languages the features are written in (the web application's); English otherwise. */
export const PLAN_LANGUAGES = ['en', 'de', 'ru', 'it'] as const;
export type PlanLanguage = (typeof PLAN_LANGUAGES)[number];

interface FeatureTexts {
  one: string;
  parses: (n: string) => string;
  inbox: string;
  priority: string;
  common: string[];
}

const FEATURE_TEXTS: Record<PlanLanguage, FeatureTexts> = {
  en: {
    one: '1 scanned invoice',
    parses: (n) => `${n} scanned invoices a period`,
    inbox: 'Inbox scan and letters',
    priority: 'Priority support',
    common: COMMON,
  },
  de: {
    one: '1 gescannte Rechnung',
    parses: (n) => `${n} gescannte Rechnungen pro Zeitraum`,
    inbox: 'Postfach-Scan und Briefe',
    priority: 'Bevorzugter Support',
    common: [
      'E-Rechnungen, QR-Rechnungen und Text-PDFs kostenlos und ohne Limit',
      'Exporte für DATEV, 1C, XRechnung',
    ],
  },
  ru: {
    one: '1 сканированный счёт',
    parses: (n) => `${n} сканированных счетов за период`,
    inbox: 'Проверка почты и письма',
    priority: 'Приоритетная поддержка',
    common: [
      'Электронные счета, QR-счета и текстовые PDF бесплатно и без ограничений',
      'Выгрузка в DATEV, 1С, XRechnung',
    ],
  },
  it: {
    one: '1 fattura scansionata',
    parses: (n) => `${n} fatture scansionate per periodo`,
    inbox: 'Scansione della casella e lettere',
    priority: 'Assistenza prioritaria',
    common: [
      'Fatture elettroniche, bollettini QR e PDF di testo gratis e senza limiti',
      'Esportazioni DATEV, 1C, XRechnung',
    ],
  },
};

/** `de`, `de-CH`, `RU` → a language the features are written in; anything else → English. */
export function planLanguage(lang: unknown): PlanLanguage {
  const base = typeof lang === 'string' ? lang.slice(0, 2).toLowerCase() : '';
  return (PLAN_LANGUAGES as readonly string[]).includes(base) ? (base as PlanLanguage) : 'en';
}

/** What a plan offers beyond its scanned parses and the common features. */
const EXTRAS: Record<string, Array<'inbox' | 'priority'>> = { m: ['inbox'], l: ['inbox', 'priority'] };

/** A plan's features in a language (numbers written as that language writes them). */
export function featuresIn(plan: Plan, lang: PlanLanguage): string[] {
  const t = FEATURE_TEXTS[lang];
  const scans = plan.parses === 1 ? t.one : t.parses(new Intl.NumberFormat(lang).format(plan.parses));
  return [scans, ...(EXTRAS[plan.code] ?? []).map((e) => t[e]), ...t.common];
}
export const planOf = (code: string): Plan | undefined => PLANS.find((p) => p.code === code);

export type Period = 'm' | 'y';

/** The price of a period in kopecks. */
export const priceMinor = (plan: Plan, period: Period): number =>
  (period === 'y' ? plan.price_year_rub : plan.price_month_rub) * 100;

/** The end of a period that starts at `from`: a calendar month or year later. */
export function periodEnd(from: Date, period: Period): Date {
  const end = new Date(from);
  if (period === 'y') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
