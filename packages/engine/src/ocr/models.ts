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

/** The Tesseract languages for a country's invoices: its language(s), then English. */
export function tesseractLangs(country: string): string[] {
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
  return [...(byCountry[country.toUpperCase()] ?? []), 'eng'];
}

/**
 * The folder holding `<lang>.traineddata.gz` for every language asked for: the fast models
 * (`tesseract-fast/`, placed when the system has them) when they cover the whole set, since on
 * the scan corpus they read as well in about 60% of the time; else the best_int models.
 */
export function tesseractModelDir(langs: string[]): string {
  const fast = path.join(modelsDir(), 'tesseract-fast');
  if (langs.every((lang) => existsSync(path.join(fast, `${lang}.traineddata.gz`)))) return fast;
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
