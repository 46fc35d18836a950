// An independent reader of DATEV's EXTF Buchungsstapel, written from DATEV's format description
// (not from the writer): Windows-1252, CRLF records, `;` fields, "…" text with "" for a quote,
// decimal comma. Tests import the writer's files with it and check every booking.
import iconv from 'iconv-lite';

export interface DatevFile {
  header: string[];
  columns: string[];
  bookings: Array<Record<string, string>>;
}

function splitRecord(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

export function readDatev(bytes: Buffer): DatevFile {
  const text = iconv.decode(bytes, 'win1252');
  if (!text.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  if (lines.some((l) => l.includes('\n'))) throw new Error('a record holds a bare LF');
  const [head, cols, ...rest] = lines;
  const header = splitRecord(head ?? '');
  if (header[0] !== 'EXTF' || header[1] !== '700' || header[2] !== '21')
    throw new Error('not an EXTF 700/21 file');
  const columns = splitRecord(cols ?? '');
  const bookings = rest.map((line) => {
    const values = splitRecord(line);
    if (values.length !== columns.length)
      throw new Error(`a booking has ${values.length} fields, not ${columns.length}`);
    return Object.fromEntries(columns.map((c, i) => [c, values[i]!]));
  });
  return { header, columns, bookings };
}

/** "1234,50" as cents. */
export const datevAmount = (s: string): number => {
  if (!/^\d+,\d{2}$/.test(s)) throw new Error(`not a DATEV amount: ${s}`);
  return Number(s.replace(',', ''));
};
