import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean) as string[];

export function chromiumPath(): string {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install Debian\'s Chromium with:\n' +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return found;
}

/** Headless Chromium with the flags this sandboxed, offline machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
