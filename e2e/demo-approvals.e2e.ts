import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { launchChromium, loginThroughForm } from './harness/browser';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startFerretDb } = require('../tools/ferretdb.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startApi } = require('./harness/api-process.cjs');

const ROOT = path.join(__dirname, '..');

/**
 * What `npm start` does on a new data directory: the API comes up on an empty database first, then
 * the demo seed writes the catalog. The demo's approved templates must show on the Approvals page
 * at once, with who approved them and when, as approvals made in the screens do.
 */
describe('the demo catalog seeded while the API runs', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'curator-e2e-demo-'));
  let db: { uri: string; stop: () => Promise<void> };
  let api: { baseUrl: string; stop: () => Promise<void> };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    db = await startFerretDb({ dataDir: path.join(dataDir, 'db') });
    const mongodbUri = `${db.uri}demo`;
    const env = { ...process.env, MONGODB_URI: mongodbUri, MEDIA_DIR: path.join(dataDir, 'media') };
    api = await startApi({ mongodbUri, env: { MEDIA_DIR: env.MEDIA_DIR }, withWorker: false });
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/seed-demo.mjs'), '--count', '60'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 300_000,
    });
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/create-admin.mjs'), '--username', 'demo-viewer'], {
      cwd: ROOT,
      env: { ...env, ADMIN_PASSWORD: 'viewing-the-demo-1' },
      stdio: 'ignore',
    });
    browser = await launchChromium();
    page = await (await browser.newContext({ baseURL: api.baseUrl, viewport: { width: 1400, height: 900 } })).newPage();
    await loginThroughForm(page, 'demo-viewer', 'viewing-the-demo-1');
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await db?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every approved template of the demo on the Approvals page, with who and when', async () => {
    const counts = await (await page.request.get('/api/templates/count/')).json();
    expect(counts.templates_approved).toBeGreaterThan(0);
    await page.goto('/approvals/');
    await page
      .getByTestId('total')
      .filter({ hasText: new RegExp(`^Total: ${counts.approved}$`) })
      .waitFor();
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    await expect(firstRow.textContent()).resolves.toContain('admin');
    const listed = (await (await page.request.get('/api/approvals/')).json()).results as Array<{
      src: string;
      id: string;
      approval_by: string | null;
      approval_date: string | null;
    }>;
    expect(listed.every((r) => r.approval_by === 'admin' && r.approval_date !== null)).toBe(true);
    expect((await page.request.get(`/api/approvals/${listed[0].src}/${listed[0].id}/`)).status()).toBe(200);
  });
});
