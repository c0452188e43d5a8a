// Makes sure Debian's Chromium is there for the e2e tests (never a downloaded browser build), a
// font with Chinese glyphs (Debian's fonts-noto-cjk): without one Chromium draws the zh pages as
// empty boxes and the e2e tier cannot check them, and Prometheus's promtool (Debian's prometheus,
// /usr/bin/promtool): the integration test of GET /metrics (apps/server/test/integration/
// metrics.test.ts) checks the scraped text with `promtool check metrics`. Installs what is missing
// with apt-get when running as root; otherwise says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PROMTOOL = '/usr/bin/promtool';

/** Whether fontconfig knows a font that covers Chinese (empty output: none). */
function hasChineseFont() {
  try {
    return execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

const missing = [];
if (!existsSync(path)) missing.push('chromium');
if (!hasChineseFont()) missing.push('fonts-noto-cjk');
if (!existsSync(PROMTOOL)) missing.push('prometheus');
if (missing.length > 0) {
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian packages for the e2e tests: ${missing.join(', ')}...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
  } else if (missing.includes('chromium')) {
    console.error(`Chromium not found at ${path}. Install it with: sudo apt-get install -y ${missing.join(' ')} (or set CHROMIUM_PATH).`);
    process.exit(1);
  } else {
    if (missing.includes('fonts-noto-cjk')) console.warn('No font with Chinese glyphs: the zh e2e check will fail. Install one with: sudo apt-get install -y fonts-noto-cjk');
    if (missing.includes('prometheus')) console.warn(`No ${PROMTOOL}: the /metrics integration test will fail. Install it with: sudo apt-get install -y prometheus`);
  }
}
