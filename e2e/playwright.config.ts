// Playwright in Debian's Chromium (never a downloaded browser) against a real server that the
// global setup starts on a fresh DATA_DIR. `npm run e2e`; results also as JSON for .ci/run.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../reports/e2e-results',
  globalSetup: './support/global-setup.ts',
  // One worker: the machine is shared, and the tests share one server.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 120_000,
  expect: {
    timeout: 30_000,
    // The visual checks (visual.spec.ts): a picture differs when over 0.5 % of its pixels do (a
    // new input in a form is about 1.4 %; the same Chromium and font draw the same pixels).
    toHaveScreenshot: { maxDiffPixelRatio: 0.005, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  // One picture per check, kept with the suite (no browser or platform in the name: one Chromium).
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  reporter: [['list'], ['json', { outputFile: '../reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
  },
});
