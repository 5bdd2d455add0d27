// Screens that teams deploy, and that fail, on their own: each build here is made the way one team
// ships its screen (a checkout of its own, `npm run build` of that screen alone, the build folder
// deployed beside the others), and an operator chooses what serves by editing the remote map.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { launchChromium, loginThroughForm, navLink } from './harness/browser';
import {
  buildScreenVariant,
  deployedBuildDir,
  latestBuildId,
  replaceInFile,
  writeRemoteMap,
} from './harness/screen-builds';
import { createAdminWithCommand } from './harness/session';
import { openWorkspace, seekTo, waitForToast } from './harness/workspace-page';
import { importCatalog, synthesiseTrackOnce, uniqueAudioId } from './harness/workspace-seed';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startApi } = require('./harness/api-process.cjs');

const ROOT = path.join(__dirname, '..');
const STAMP = Date.now().toString(36);
const NEW_MESSAGE = 'Pick a beat before adding offsets';
const NEW_MARGIN_S = 2;

/** name → content of every file of the shell's build, to prove that no step rebuilt it. */
function snapshotShell(): Map<string, string> {
  const dir = path.join(ROOT, 'shell', 'dist');
  return new Map(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'latin1')]));
}

function screenFailure(page: Page) {
  return page.getByTestId('screen-failure');
}

describe('screens shipped and failing on their own', () => {
  let browser: Browser;
  let page: Page;
  let api: { baseUrl: string; stop: () => Promise<void> };
  const remotesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'curator-remotes-')), 'remotes.json');
  const admin = createAdminWithCommand('screens-admin', 'screens-password-1');
  const musicId = uniqueAudioId('screens');
  const builds = {
    workspace: `ws-next-${STAMP}`,
    reportsThrowing: `reports-throws-${STAMP}`,
    adminNewerKernel: `admin-kernel-${STAMP}`,
  };
  const restored = `reports-restored-${STAMP}`;
  let entries: Record<string, string> = {};
  let shellBefore: Map<string, string>;
  const previousWorkspace = latestBuildId('mfe-workspace');

  /** Writes the remote map an operator would, and opens `route` afresh (the next navigation). */
  async function deploy(changes: Record<string, string>, route: string) {
    writeRemoteMap(remotesFile, changes);
    await page.goto(route);
  }

  beforeAll(async () => {
    shellBefore = snapshotShell();
    const track = synthesiseTrackOnce('screens-100bpm-60s', 60, 100);
    importCatalog([
      {
        music_canonical_id: musicId,
        audio_name: 'Screens deploy',
        is_original_sound: false,
        media: track.path,
        highlight_start_times_in_ms: [1000],
        eps: [],
      },
    ]);
    // Two builds at a time, as the suite's own build does on two cores.
    const [workspace, reportsThrowing] = await Promise.all([
      buildScreenVariant('mfe-workspace', builds.workspace, (checkout) => {
        replaceInFile(
          path.join(checkout, 'shared/src/domain/rule-messages.ts'),
          "'Please select a beat first'",
          `'${NEW_MESSAGE}'`,
        );
        replaceInFile(
          path.join(checkout, 'shared/src/domain/constants.ts'),
          'ENDING_POINT_MARGIN_S = 0.5',
          `ENDING_POINT_MARGIN_S = ${NEW_MARGIN_S}`,
        );
      }),
      buildScreenVariant('mfe-reports', builds.reportsThrowing, (checkout) =>
        replaceInFile(
          path.join(checkout, 'mfe-reports/src/features/metrics/metrics-screen.tsx'),
          'export function MetricsScreen() {',
          "export function MetricsScreen() {\n  if (Date.now() > 0) throw new Error('The metrics table broke');",
        ),
      ),
    ]);
    // A kernel with an addition the page's kernel lacks: same major, a later minor.
    const adminNewerKernel = await buildScreenVariant('mfe-admin', builds.adminNewerKernel, (checkout) => {
      const file = path.join(checkout, 'shared/src/kernel/kernel.json');
      const kernel = JSON.parse(fs.readFileSync(file, 'utf8'));
      fs.writeFileSync(file, JSON.stringify({ ...kernel, version: `${kernel.version.split('.')[0]}.99.0` }));
    });
    entries = { workspace, reportsThrowing, adminNewerKernel };
    writeRemoteMap(remotesFile);
    api = await startApi({
      mongodbUri: process.env.E2E_MONGODB_URI,
      env: { MFE_REMOTES_FILE: remotesFile },
      withWorker: false,
    });
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: api.baseUrl, viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    await loginThroughForm(page, admin.username, admin.password);
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    for (const [app, id] of [
      ['mfe-workspace', builds.workspace],
      ['mfe-reports', builds.reportsThrowing],
      ['mfe-reports', restored],
      ['mfe-admin', builds.adminNewerKernel],
    ])
      fs.rmSync(deployedBuildDir(app, id), { recursive: true, force: true });
  });

  it('lists every screen with the build it serves on the Screens page', async () => {
    await deploy({}, '/screens/');
    const table = page.getByTestId('screen-list');
    for (const [screen, app] of [
      ['catalog', 'mfe-catalog'],
      ['workspace', 'mfe-workspace'],
      ['reports', 'mfe-reports'],
      ['admin', 'mfe-admin'],
    ]) {
      const row = table.locator('tr[data-row-key]', { has: page.getByText(screen, { exact: true }) });
      await row.getByText(latestBuildId(app), { exact: true }).waitFor();
    }
    await table.locator('tr[data-row-key="admin"]').getByText('loaded').waitFor();
  }, 60_000);

  it('shows a shared message and rule changed in a workspace build shipped alone, and the other screens go on', async () => {
    await deploy({ workspace: entries.workspace }, `/beats/${musicId}/`);
    await openWorkspace(page, musicId);
    await page.getByTestId('mfe-build').filter({ hasText: builds.workspace }).waitFor();
    await page.keyboard.press('b');
    await waitForToast(page, NEW_MESSAGE);
    // The new rule: ending points at least 2 s apart (the shell and the API still say 0.5 s).
    await seekTo(page, 10);
    await page.keyboard.press('e');
    await seekTo(page, 11);
    await page.keyboard.press('e');
    await waitForToast(page, `Ending points must be at least ${NEW_MARGIN_S} s apart`);
    await navLink(page, 'Audios').click();
    await page.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();
    await navLink(page, 'Metrics').click();
    await page.getByTestId('metrics-table').getByText('audios', { exact: true }).waitFor();
    expect(snapshotShell()).toEqual(shellBefore);
  }, 120_000);

  it('serves the previous build again when the remote map is rolled back, with no rebuild', async () => {
    await deploy({ workspace: `/mfe/workspace/${previousWorkspace}/mf-manifest.json` }, `/beats/${musicId}/`);
    await openWorkspace(page, musicId);
    await page.getByTestId('mfe-build').filter({ hasText: previousWorkspace }).waitFor();
    await page.keyboard.press('b');
    await waitForToast(page, 'Please select a beat first');
  }, 60_000);

  it('shows a screen whose files are missing in its place with Retry, which works once the files are back', async () => {
    const entry = `/mfe/reports/${restored}/mf-manifest.json`;
    const reported = page.waitForRequest(
      (r) => r.url().endsWith('/api/screen-failures/') && r.postDataJSON()?.entry === entry,
    );
    await deploy({ reports: entry }, '/metrics/');
    await screenFailure(page).getByText('The reports screen could not be loaded').waitFor();
    expect((await reported).postDataJSON()).toMatchObject({ screen: 'reports', kind: 'load', entry });
    // The navigation, the user menu and the other screens go on working.
    await navLink(page, 'Audios').click();
    await page.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByText('Sign out').waitFor();
    await page.keyboard.press('Escape');
    await navLink(page, 'Metrics').click();
    await screenFailure(page).waitFor();
    // The operator puts the files back; Retry loads them without a reload of the page.
    fs.cpSync(
      deployedBuildDir('mfe-reports', latestBuildId('mfe-reports')),
      deployedBuildDir('mfe-reports', restored),
      {
        recursive: true,
      },
    );
    await screenFailure(page).getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('metrics-table').getByText('audios', { exact: true }).waitFor();
    await screenFailure(page).waitFor({ state: 'detached' });
  }, 120_000);

  it('catches a screen that throws while rendering in its own place, and the suite stays usable', async () => {
    const reported = page.waitForRequest(
      (r) => r.url().endsWith('/api/screen-failures/') && r.postDataJSON()?.kind === 'render',
    );
    await deploy({ reports: entries.reportsThrowing }, '/metrics/');
    await screenFailure(page).getByText('The reports screen stopped working').waitFor();
    await screenFailure(page).getByText('The metrics table broke').waitFor();
    expect((await reported).postDataJSON()).toMatchObject({ screen: 'reports', error: 'The metrics table broke' });
    await navLink(page, 'Approvals').click();
    await screenFailure(page).getByText('The reports screen stopped working').waitFor();
    await navLink(page, 'Tags').click();
    await page.getByTestId('tag-list').waitFor();
  }, 60_000);

  it('refuses a screen built against a kernel the page cannot satisfy, naming the screen and both versions', async () => {
    await deploy({ admin: entries.adminNewerKernel }, '/tags/');
    const failure = screenFailure(page);
    await failure.getByText('The admin screen could not be loaded').waitFor();
    const pageKernel: string = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'shared/src/kernel/kernel.json'), 'utf8'),
    ).version;
    const detail = await failure.getByTestId('screen-failure-detail').innerText();
    expect(detail).toContain(`The admin screen was built for @curator/shared/kernel ^${pageKernel.split('.')[0]}.99.0`);
    expect(detail).toContain(`but this page runs @curator/shared/kernel ${pageKernel}`);
    expect(await page.getByTestId('tag-list').count()).toBe(0);
    await navLink(page, 'Audios').click();
    await page.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();
  }, 60_000);
});
