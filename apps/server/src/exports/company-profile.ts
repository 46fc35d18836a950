// The account's company profile (`GET/PUT /api/v1/account/company`): the receiving business that
// e-invoice exports take buyer-side terms from when an invoice lacks them. The VAT id, country and
// electronic address are checked as an edit of them is (the engine's checkDocumentTerm), so a
// profile holds nothing an export would refuse.
import { CompanyProfile, CompanyProfileOut, type ValidationErrorItem } from '@invoice-reader/contract';
import { type CompanyProfileRow, companyProfileOf, type Db, saveCompanyProfile } from '@invoice-reader/db';
import { checkDocumentTerm } from '@invoice-reader/engine';
import type { CompanyProfile as ExportProfile } from '@invoice-reader/exports';
import { type RequestHandler, Router } from 'express';
import { sessionOf } from '../auth/sessions.js';
import { ValidationFailed } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { validate } from '../http/validation.js';

type Profile = ReturnType<typeof CompanyProfile.parse>;

/** Each profile key and the business term whose check it takes. */
const CHECKED: Array<[keyof Profile, string]> = [
  ['country', 'buyer_country'],
  ['vat_id', 'buyer_vat_id'],
  ['electronic_address', 'buyer_electronic_address'],
];

const fromRow = (r: CompanyProfileRow): Profile => ({
  name: r.name,
  street: r.street,
  postcode: r.postcode,
  city: r.city,
  country: r.country,
  vat_id: r.vatId,
  electronic_address: r.electronicAddress,
  buyer_reference: r.buyerReference,
});

/** The account's profile as the writers take it; none until saved. */
export async function exportProfileOf(db: Db, accountId: number): Promise<ExportProfile | undefined> {
  const row = await companyProfileOf(db, accountId);
  return row ? fromRow(row) : undefined;
}

export function companyProfileRouter(db: Db, session: RequestHandler): Router {
  const router = Router();

  router.get('/api/v1/account/company', session, async (_req, res) => {
    const row = await companyProfileOf(db, sessionOf(res).accountId);
    res.json(CompanyProfileOut.parse({ ok: true, ...(row ? fromRow(row) : CompanyProfile.parse({})) }));
  });

  router.put('/api/v1/account/company', session, jsonBody, async (req, res) => {
    const p = validate(CompanyProfile, 'body', req.body ?? {});
    const issues: ValidationErrorItem[] = [];
    for (const [key, term] of CHECKED) {
      if (!p[key]) continue;
      const c = checkDocumentTerm(term, p[key]);
      if ('value' in c) p[key] = c.value;
      else
        issues.push({
          type: 'value_error',
          loc: ['body', key],
          msg: `Value error, ${c.message}`,
          input: p[key],
          ctx: { kind: c.kind },
        });
    }
    if (issues.length) throw new ValidationFailed(issues);
    await saveCompanyProfile(
      db,
      sessionOf(res).accountId,
      {
        name: p.name,
        street: p.street,
        postcode: p.postcode,
        city: p.city,
        country: p.country,
        vatId: p.vat_id,
        electronicAddress: p.electronic_address,
        buyerReference: p.buyer_reference,
      },
      new Date().toISOString(),
    );
    res.json(CompanyProfileOut.parse({ ok: true, ...p }));
  });

  return router;
}
