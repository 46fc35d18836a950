// Requests and responses of the account's API subscription (service-spec "Account: subscription,
// keys, pricing", tag api-subscription). The spec names their content, not their fields: these
// are the fields the service chose (docs/account.md).

import { intParam } from './params.js';
import { z } from './zod.js';

export const PriceQuery = z.object({
  sheets: intParam(z.number().int().min(100).max(2_000_000)).default(100),
  country: z.string().max(2).default(''),
});

export const VolumePriceOut = z
  .object({
    ok: z.literal(true),
    sheets: z.number().int(),
    country: z.string(),
    currency: z.enum(['EUR', 'USD', 'RUB']),
    total: z.string().openapi({ example: '7.00' }),
    total_minor: z.number().int(),
    average_per_sheet: z.string(),
    price_per_sheet: z.string().openapi({ description: 'The price of the next sheet at this volume.' }),
    min_top_up: z.string(),
    min_top_up_minor: z.number().int(),
    free_sheets: z.number().int(),
  })
  .openapi('VolumePriceOut');

export const ScaleOut = z
  .object({
    ok: z.literal(true),
    currency: z.literal('EUR'),
    tiers: z.array(
      z.object({
        from_sheets: z.number().int(),
        price_per_sheet: z.string(),
        price_per_sheet_minor: z.number().int(),
      }),
    ),
    rates: z.record(z.string(), z.number()).openapi({ description: 'EUR to USD and RUB.' }),
  })
  .openapi('ScaleOut');

export const KeyItem = z
  .object({
    id: z.number().int(),
    label: z.string(),
    prefix: z
      .string()
      .openapi({ description: 'The beginning of the key; the key itself is never shown again.' }),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    active: z.boolean(),
    revoked_at: z.string().nullable(),
    revoked_reason: z.enum(['revoked', 'rotated']).nullable(),
  })
  .openapi('KeyItem');

export const KeysOut = z.object({ ok: z.literal(true), keys: z.array(KeyItem) }).openapi('KeysOut');

export const KeyCreateIn = z.object({ label: z.string().max(60).default('') }).openapi('KeyCreateIn');
export const KeyRotateIn = z
  .object({
    key_id: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'The key to replace; default: the oldest active key.' }),
  })
  .openapi('KeyRotateIn');

export const NewKeyOut = z
  .object({
    ok: z.literal(true),
    key: z.string().openapi({ description: 'The whole key: shown once, never stored.' }),
    key_id: z.number().int(),
    prefix: z.string(),
    label: z.string(),
    created_at: z.string(),
    callback_secret: z
      .string()
      .openapi({ description: 'Signs callbacks of this key (docs/api.md); shown once.' }),
    replaced_key_id: z.number().int().optional(),
  })
  .openapi('NewKeyOut');

export const KeyIdParams = z.object({
  key_id: intParam(z.number().int()).openapi({ type: 'integer', description: 'The key.' }),
});

export const DashboardOut = z
  .object({
    ok: z.literal(true),
    key: z
      .union([KeyItem, z.null()])
      .openapi({ description: 'The oldest active key (its beginning only), or null.' }),
    active_keys: z.number().int(),
    limit: z.number().int().openapi({ description: 'Sheets of this month: used plus left.' }),
    used: z.number().int().openapi({ description: 'Sheets charged this calendar month.' }),
    left: z.number().int().openapi({ description: 'Free sheets left plus the sheets the balance buys.' }),
    end_date: z.string().nullable().openapi({
      description:
        'A prepaid balance does not expire: null. The month the scale counts ends on `month_ends`.',
    }),
    month_ends: z.string(),
    balance: z.string(),
    currency: z.literal('EUR'),
  })
  .openapi('DashboardOut');

export const UsageQuery = z.object({ limit: intParam(z.number().int().min(1).max(500)).default(100) });

export const UsageItem = z
  .object({
    at: z.string(),
    job_id: z.number().int(),
    key_id: z.number().int().nullable(),
    sheets: z.number().int(),
    free_sheets: z.number().int(),
    amount: z.string(),
    amount_minor: z.number().int(),
  })
  .openapi('UsageItem');

export const UsageJournalOut = z
  .object({ ok: z.literal(true), currency: z.literal('EUR'), items: z.array(UsageItem) })
  .openapi('UsageJournalOut');

export const LangQuery = z.object({ lang: z.string().max(5).default('en') });
export const CountryParams = z.object({ code: z.string().max(8) });

export const AccountCountry = z
  .object({
    code: z.string(),
    name: z.string().openapi({ description: 'In the interface language asked for.' }),
    field_set: z.enum(['A', 'B']),
    fields: z.array(z.string()),
    invoice_languages: z.array(z.string()),
    currency: z.string(),
    formats: z.array(z.string()),
    payment_methods: z
      .array(z.string())
      .openapi({ description: 'How invoices there are paid, as the reader reads them.' }),
  })
  .openapi('AccountCountry');

export const AccountCountriesOut = z
  .object({ ok: z.literal(true), lang: z.string(), countries: z.array(AccountCountry) })
  .openapi('AccountCountriesOut');
export const AccountCountryOut = z
  .object({ ok: z.literal(true), lang: z.string(), country: AccountCountry })
  .openapi('AccountCountryOut');

export const BalanceOut = z
  .object({
    ok: z.literal(true),
    pages_left: z.number().int(),
    free_pages_left: z.number().int(),
    paid_pages_left: z.number().int(),
    pages_reserved: z.number().int(),
    balance: z.string(),
    balance_minor: z.number().int(),
    currency: z.literal('EUR'),
    price_per_page: z.string(),
  })
  .openapi('BalanceOut');
