import type {
  ApprovalDetail,
  ApprovalPage,
  AudioDetail,
  AudioListItem,
  AudioListPage,
  Template,
} from '@curator/shared';
import { deriveApprovalMarkers } from '@curator/shared/domain';
import type { APIRequestContext, Browser, Page } from 'playwright-core';

import { launchChromium, loginThroughForm, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';

type Api = APIRequestContext & { csrf: string };

async function getJson<T>(api: Api, url: string): Promise<T> {
  const res = await api.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function postJson<T>(api: Api, url: string, data: unknown): Promise<T> {
  const res = await api.post(url, { data, headers: { 'X-CSRFToken': api.csrf } });
  if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Approves the first undecided template of `audio` through the workspace's own call. */
async function approveTemplate(api: Api, audio: AudioListItem): Promise<Template> {
  const templates = await getJson<Template[]>(
    api,
    `/api/templates/?music_canonical_id=${audio.id}&exclude_disapproved=true`,
  );
  const t = templates.find((x) => x.template_meta.approved === null && x.template_info.segments_info.length >= 2)!;
  const segments = t.template_info.segments_info;
  await postJson(api, '/api/template-toggle-approval/', {
    template_clips_media_id: t.template_info.template_clips_media_id,
    music_canonical_id: audio.id,
    audio_id: audio.audio_id,
    segments_count: segments.length,
    segments_length_ms: segments.reduce((n, s) => n + s.duration_in_ms, 0),
    segments_info: segments,
    audio_asset_start_time_in_ms: t.audio_asset_start_time_in_ms,
    approved: true,
  });
  return t;
}

/** A done beat of three short segments right after the audio's first highlight. */
async function approveBeat(api: Api, audio: AudioListItem): Promise<string> {
  const detail = await getJson<AudioDetail>(api, `/api/audio/${audio.id}/`);
  const startS = (detail.highlight_start_times_in_ms[0] ?? 0) / 1000;
  const beat = await postJson<{ id: string }>(api, '/api/beats/', {
    name: 'reports e2e beat',
    music_canonical_id: audio.id,
    audio_type: 'music',
    offsets: [startS + 0.8, startS + 1.6, startS + 2.4],
  });
  await postJson(api, `/api/beats/${beat.id}/toggle_beats_done/`, { done: true });
  return beat.id;
}

describe('reports: the approvals review in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let audios: AudioListItem[];
  let beatId: string;
  let template: Template;
  let secondTemplate: Template;
  const admin = createAdminWithCommand('approvals-admin', 'approvals-password-1');

  beforeAll(async () => {
    api = await apiSession(admin);
    const page1 = await getJson<AudioListPage>(api, '/api/audio/?audio_type=music&available_templates_min=3');
    audios = page1.results.filter((a) => a.media && !a.locked).slice(0, 3);
    template = await approveTemplate(api, audios[0]);
    secondTemplate = await approveTemplate(api, audios[1]);
    beatId = await approveBeat(api, audios[2]);
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') console.log('browser error', message.text().slice(0, 1500));
    });
    await loginThroughForm(page, admin.username, admin.password);
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await api?.dispose();
  });

  const rowKeys = (p: Page) =>
    p
      .locator('[data-testid="approvals-table"] tr[data-row-key]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
  const row = (key: string) => page.locator(`[data-testid="approvals-table"] tr[data-row-key="${key}"]`);

  it('lists approvals newest first with the Total, as the API pages them', async () => {
    const first = await getJson<ApprovalPage>(api, '/api/approvals/');
    await page.goto('/approvals/');
    await page
      .getByTestId('total')
      .filter({ hasText: new RegExp(`^Total: ${first.total}$`) })
      .waitFor();
    expect(await rowKeys(page)).toEqual(first.results.map((r) => `${r.src}:${r.id}`));
    expect(first.results[0]).toMatchObject({ src: 'beat', id: beatId, approval_by: admin.username });
    const cells = await row(`beat:${beatId}`).locator('td').allInnerTexts();
    expect(cells.slice(0, 5)).toEqual([
      audios[2].audio_name,
      audios[2].artist_name,
      '3',
      String(first.results[0].segments_length_ms),
      'beat',
    ]);
  });

  it('filters by tag through the URL', async () => {
    const tag = 'reports e2e';
    await postJson(api, `/api/audio/${audios[1].id}/taggify/`, { tags: [...audios[1].tags, tag] });
    await page.goto(`/approvals/?tags=${encodeURIComponent(tag)}`);
    const filtered = await getJson<ApprovalPage>(api, `/api/approvals/?tags=${encodeURIComponent(tag)}`);
    // Other files of the run may have approved more of this audio: every row is its, ours among them.
    expect(new Set(filtered.results.map((r) => r.music_canonical_id))).toEqual(new Set([audios[1].id]));
    expect(filtered.results.map((r) => `${r.src}:${r.id}`)).toContain(
      `template:${secondTemplate.template_info.template_clips_media_id}`,
    );
    expect(filtered.total).toBeLessThan((await getJson<ApprovalPage>(api, '/api/approvals/')).total);
    await page
      .getByTestId('total')
      .filter({ hasText: new RegExp(`^Total: ${filtered.total}$`) })
      .waitFor();
    expect(await rowKeys(page)).toEqual(filtered.results.map((r) => `${r.src}:${r.id}`));
  });

  it('loads a clicked row with S, B1…, E markers and Space plays from S and stops at E', async () => {
    const detail = await getJson<ApprovalDetail>(api, `/api/approvals/beat/${beatId}/`);
    const markers = deriveApprovalMarkers({
      startMs: detail.audio_asset_start_time_in_ms,
      segmentDurationsMs: detail.segments_info.map((s) => s.duration_in_ms),
    });
    expect(markers.map((m) => m.label)).toEqual(['S', 'B1', 'B2', 'E']);
    await page.goto('/approvals/');
    await row(`beat:${beatId}`).locator('td').first().click();
    await page
      .locator('[data-testid="approval-player"][data-ready="true"]')
      .waitFor({ timeout: 60_000 })
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/reports-approvals-not-ready.png' });
        throw error;
      });
    const overlay = page.getByTestId('marker-overlay');
    await overlay.waitFor();
    const shown = await overlay
      .locator('[data-marker]')
      .evaluateAll((els) => els.map((el) => [el.textContent, Number(el.getAttribute('data-time-s'))]));
    expect(shown).toEqual(markers.map((m) => [m.label, m.timeS]));
    // The markers are 0.8 s apart on a long track: each label can still be read, none covers another.
    const boxes = await overlay
      .locator('.marker-label')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    const overlapping = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        .map(() => i),
    );
    expect(overlapping).toEqual([]);
    await page.screenshot({ path: '/tmp/reports-approvals.png' });

    await page.getByRole('heading', { name: 'Approvals' }).click();
    await page.keyboard.press('Space');
    const S = markers[0].timeS;
    const E = markers[markers.length - 1].timeS;
    const time = async () => Number(await page.getByTestId('player-time').getAttribute('data-time-s'));
    await page.waitForFunction(
      (s) => Number(document.querySelector('[data-testid="player-time"]')?.getAttribute('data-time-s')) > s + 0.2,
      S,
    );
    const during = await time();
    expect(during).toBeGreaterThanOrEqual(S);
    expect(during).toBeLessThan(E);
    await page.getByRole('button', { name: 'Play S to E' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(400);
    const stopped = await time();
    expect(Math.abs(stopped - E)).toBeLessThan(0.25);
  }, 120_000);

  it('▶ on another row while one plays: plays the pressed row from its S to its E, and the clock follows it', async () => {
    const templateKey = `template:${secondTemplate.template_info.template_clips_media_id}`;
    const rangeOf = async (src: string, id: string) => {
      const detail = await getJson<ApprovalDetail>(api, `/api/approvals/${src}/${id}/`);
      const markers = deriveApprovalMarkers({
        startMs: detail.audio_asset_start_time_in_ms,
        segmentDurationsMs: detail.segments_info.map((s) => s.duration_in_ms),
      });
      return { S: markers[0].timeS, E: markers[markers.length - 1].timeS };
    };
    const first = await rangeOf('beat', beatId);
    const second = await rangeOf('template', secondTemplate.template_info.template_clips_media_id);
    const clockAbove = (s: number) =>
      page.waitForFunction(
        (t) => Number(document.querySelector('[data-testid="player-time"]')?.getAttribute('data-time-s')) > t,
        s,
        { timeout: 60_000 },
      );
    const time = async () => Number(await page.getByTestId('player-time').getAttribute('data-time-s'));

    await page.goto('/approvals/');
    await row(`beat:${beatId}`)
      .getByRole('button', { name: `Play ${audios[2].audio_name}` })
      .click();
    await clockAbove(first.S + 0.3);
    expect(await time()).toBeLessThan(first.E);

    await row(templateKey)
      .getByRole('button', { name: `Play ${audios[1].audio_name}` })
      .click();
    await page.getByTestId('player-title').filter({ hasText: audios[1].audio_name }).waitFor();
    await page.getByRole('button', { name: 'Pause' }).waitFor({ timeout: 60_000 });
    await clockAbove(second.S + 0.3);
    const playing = await time();
    expect(playing).toBeGreaterThanOrEqual(second.S);
    expect(playing).toBeLessThan(second.E);
    await page.waitForTimeout(500);
    expect(await time()).toBeGreaterThan(playing);
    await page.getByRole('button', { name: 'Pause' }).click();
  }, 120_000);

  it('unapproves a template: the row leaves the list and the audio approved count drops on /audios/', async () => {
    const key = `template:${template.template_info.template_clips_media_id}`;
    const listed = await getJson<AudioListPage>(api, `/api/audio/?q=${encodeURIComponent(audios[0].audio_name)}`);
    const before = listed.results.find((a) => a.id === audios[0].id)!;
    const total = (await getJson<ApprovalPage>(api, '/api/approvals/')).total;
    await page.goto('/approvals/');
    await row(key).waitFor();
    await row(key)
      .getByRole('button', { name: `Unapprove ${audios[0].audio_name}` })
      .click();
    await row(key).waitFor({ state: 'detached' });
    await page
      .getByTestId('total')
      .filter({ hasText: new RegExp(`^Total: ${total - 1}$`) })
      .waitFor();
    const templates = await getJson<Template[]>(api, `/api/templates/?music_canonical_id=${audios[0].id}`);
    expect(
      templates.find((x) => x.template_info.template_clips_media_id === template.template_info.template_clips_media_id)!
        .template_meta.approved,
    ).toBeNull();

    await page.goto(`/audios/?q=${encodeURIComponent(audios[0].audio_name)}`);
    const audioRow = page.locator(`[data-testid="audio-table"] tr[data-row-key="${audios[0].id}"]`);
    await audioRow.waitFor();
    const approvedCell = await page
      .locator('[data-testid="audio-table"] thead th')
      .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === 'Approved count'));
    expect(approvedCell).toBeGreaterThanOrEqual(0);
    await audioRow
      .locator('td')
      .nth(approvedCell)
      .filter({ hasText: new RegExp(`^${before.beat_and_template_approved - 1}$`) })
      .waitFor();
  });
});
