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
