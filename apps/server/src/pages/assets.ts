// The public pages' files: the Inter font (from @fontsource-variable/inter, the one the web app
// ships, so both read alike; never fetched from elsewhere) and the picture of the review screen
// in each language (apps/server/assets, made from the browser suite's screenshots by
// `npm run pictures`). Both are cached for a day.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import { HttpError } from '../http/errors.js';

/** The font's subsets the pages' languages need, with the characters each covers. */
export const FONT_FILES = [
  {
    name: 'inter-latin-wght-normal.woff2',
    range:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  {
    name: 'inter-latin-ext-wght-normal.woff2',
    range:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
  { name: 'inter-cyrillic-wght-normal.woff2', range: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116' },
] as const;

export const PICTURE_LANGS = ['de', 'en', 'ru', 'it'] as const;
export const pictureOf = (lang: string): string => `/pages/review-${lang}.webp`;
/** The pictures' size, for the page to keep their place before they load. */
export const PICTURE_SIZE = { width: 1280, height: 800 };

const assetsDir = fileURLToPath(new URL('../../assets/', import.meta.url));
const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource-variable/inter/package.json')),
  'files',
);

export interface PageAssets {
  router: Router;
  /** The address of the review screen's picture in `lang`, or null without one. */
  picture: (lang: string) => string | null;
}

export function pageAssets(): PageAssets {
  const router = Router();
  // Read once: a few small files that never change while the service runs.
  const fonts = new Map<string, Buffer>(
    FONT_FILES.map((f) => [f.name, readFileSync(path.join(fontsDir, f.name))]),
  );
  const pictures = new Map<string, Buffer>();
  for (const lang of PICTURE_LANGS) {
    try {
      pictures.set(pictureOf(lang), readFileSync(path.join(assetsDir, `review-${lang}.webp`)));
    } catch {
      // A checkout without the pictures: the page shows its text without them.
    }
  }
  router.get('/pages/fonts/:name', (req, res) => {
    const font = fonts.get(req.params.name);
    if (!font) throw new HttpError(404, 'not_found');
    res.type('font/woff2').set('Cache-Control', 'public, max-age=86400').send(font);
  });
  router.get('/pages/:file', (req, res, next) => {
    const picture = pictures.get(`/pages/${req.params.file}`);
    if (!picture) return next();
    res.type('image/webp').set('Cache-Control', 'public, max-age=86400').send(picture);
  });
  return { router, picture: (lang) => (pictures.has(pictureOf(lang)) ? pictureOf(lang) : null) };
}
