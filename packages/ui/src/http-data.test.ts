import { describe, expect, it } from 'vitest';
import { dataErrorOf, filenameOf } from './http-data.js';

describe('the HTTP data source', () => {
  it("reads the server's error answers: a code, or a 422's items", () => {
    expect(dataErrorOf(402, { detail: 'plan_required' })).toMatchObject({
      status: 402,
      code: 'plan_required',
    });
    const items = [{ type: 'value_error', loc: ['body', 'due_date'], msg: 'Value error, not a date' }];
    expect(dataErrorOf(422, { detail: items })).toMatchObject({ code: 'validation_error', items });
    // A proxy's page or an empty body still gives a code.
    expect(dataErrorOf(413, null)).toMatchObject({ code: 'file_too_large' });
    expect(dataErrorOf(502, 'Bad gateway')).toMatchObject({ code: 'http_502' });
  });

  it('takes the file name from Content-Disposition, else the fallback', () => {
    expect(filenameOf('attachment; filename="EXTF_Buchungsstapel_20261124.csv"', 'x.csv')).toBe(
      'EXTF_Buchungsstapel_20261124.csv',
    );
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
  });
});
