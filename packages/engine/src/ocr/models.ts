// Where the engine finds its OCR models: the `models/` folder the set-up command fills from npm
// packages (and the system's tessdata for Russian). Nothing is ever downloaded at run time; a
// missing model is a clear error naming the file and the command that provides it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReadError } from '../errors.js';

/** `INVOICE_MODELS_DIR`, else `<repository>/models` (the same from src/ and from dist/). */
export function modelsDir(): string {
  return process.env.INVOICE_MODELS_DIR ?? fileURLToPath(new URL('../../../../models/', import.meta.url));
}

/**
 * Languages whose models only the system's tessdata provides (no npm package), like Russian; but
 * unlike Russian, whose script English cannot read at all (a missing model is `model_missing`),
 * these are optional: a country's invoices are read with them when the set-up placed them with
 * English's fast model (`tesseract-fast/`), else with English alone, which reads their letters
 * but not all their accents ("Nº" comes out as "N2").
 */
const SYSTEM_ONLY: Record<string, string> = { ES: 'spa', NL: 'nld' };

/** The Tesseract languages for a country's invoices: its language(s), then English. */
export function tesseractLangs(country: string): string[] {
  const code = country.toUpperCase();
  const own = SYSTEM_ONLY[code];
  if (own) return fastModelsCover([own, 'eng']) ? [own, 'eng'] : ['eng'];
  const byCountry: Record<string, string[]> = {
    DE: ['deu'],
    AT: ['deu'],
    LI: ['deu'],
    CH: ['deu', 'fra', 'ita'],
    FR: ['fra'],
    LU: ['fra', 'deu'],
    BE: ['fra'],
    IT: ['ita'],
    RU: ['rus'],
  };
  return [...(byCountry[code] ?? []), 'eng'];
}

/**
 * The folder holding `<lang>.traineddata.gz` for every language asked for: the fast models
 * (`tesseract-fast/`, placed when the system has them) when they cover the whole set, since on
 * the scan corpus they read as well in about 60% of the time; else the best_int models.
 */
export function tesseractModelDir(langs: string[]): string {
  if (fastModelsCover(langs)) return path.join(modelsDir(), 'tesseract-fast');
  const dir = path.join(modelsDir(), 'tesseract');
  for (const lang of langs) {
    if (!existsSync(path.join(dir, `${lang}.traineddata.gz`))) {
      const how =
        lang === 'rus' ? 'apt-get install tesseract-ocr-rus, then npm run models' : 'npm run models';
      throw new ReadError(
        'model_missing',
        `the OCR model ${lang}.traineddata.gz is missing from ${dir}: run ${how}`,
      );
    }
  }
  return dir;
}

/** Whether `models/tesseract-fast` holds a model for every language of `langs`. */
function fastModelsCover(langs: string[]): boolean {
  const fast = path.join(modelsDir(), 'tesseract-fast');
  return langs.every((lang) => existsSync(path.join(fast, `${lang}.traineddata.gz`)));
}
