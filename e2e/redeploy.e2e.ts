import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import type { Browser } from 'playwright-core';

import { launchChromium, loginThroughForm, newContext } from './harness/browser';
import { createAdminWithCommand } from './harness/session';

const ROOT = path.join(__dirname, '..');

/**
 * What a built app serves: the shell's files by name and content, a remote's build folders and the
 * build its dist/LATEST names — to prove which apps a redeploy touched.
 */
function snapshotDist(app: string): Map<string, string> {
  const dir = path.join(ROOT, app, 'dist');
  return new Map(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.name !== '.stamp')
      .map((entry) => [
        entry.name,
        entry.isDirectory() ? 'build' : fs.readFileSync(path.join(dir, entry.name), 'latin1'),
      ]),
  );
}

const REPORTS_DIST = path.join(ROOT, 'mfe-reports', 'dist');
const LATEST_FILE = path.join(REPORTS_DIST, 'LATEST');

describe('redeploying one remote', () => {
  let browser: Browser;
  const admin = createAdminWithCommand('redeploy-admin', 'redeploy-password-1');
  const buildId = `redeploy-${Date.now()}`;
  let latestBefore: string;

  beforeAll(async () => {
    latestBefore = fs.readFileSync(LATEST_FILE, 'utf8');
    browser = await launchChromium();
  });
  // The working tree serves what it served before: the test's build goes, LATEST names the build it named.
  afterAll(async () => {
    await browser.close();
    fs.writeFileSync(LATEST_FILE, latestBefore);
    fs.rmSync(path.join(REPORTS_DIST, buildId), { recursive: true, force: true });
  });

  it('changes what users see after `npm run build -w mfe-reports`, without rebuilding the shell or other remotes', async () => {
    const page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, admin.username, admin.password);
    await page.goto('/metrics/');
    const footer = page.locator('[data-testid="mfe-build"][data-remote="reports"]');
    const before = await footer.innerText();

    const untouched = ['shell', 'mfe-catalog', 'mfe-workspace', 'mfe-admin'];
    const snapshots = untouched.map(snapshotDist);
    execFileSync('npm', ['run', '--silent', 'build', '-w', 'mfe-reports'], {
      cwd: ROOT,
      env: { ...process.env, BUILD_ID: buildId },
      stdio: 'ignore',
    });

    await page.reload();
    await footer.waitFor();
    expect(before).not.toContain(buildId);
    expect(await footer.innerText()).toBe(`reports build ${buildId}`);
    untouched.forEach((app, i) => expect(snapshotDist(app)).toEqual(snapshots[i]));
  }, 120000);
});
