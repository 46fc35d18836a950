// Which Chromium the suite drives: Debian's (`apt-get install chromium`), or CHROMIUM_PATH.
// A missing one is an error that says what to install, never a silent skip.
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export const chromiumPath = (): string => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function assertChromium(): void {
  const p = chromiumPath();
  if (!existsSync(p))
    throw new Error(
      `Chromium not found at ${p}. Install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH ` +
        'to a Chromium binary. The e2e suite never downloads a browser.',
    );
}
