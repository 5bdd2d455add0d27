import { CSRF_HEADER_NAME } from '@curator/shared/contract';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import type { AudioRecord } from '../../src/audios/audio.schema';
import { CatalogCountersService } from '../../src/audios/catalog-counters.service';
import { Template, TemplateRecord } from '../../src/templates/template.schema';
import { audioModel, buildFixtureAudios, insertAudios } from './catalog-fixture';
import type { TestApp } from './test-app';

/** Audios with no counters, locks or EPs set: the workspace writes them. */
export function buildWorkspaceAudios(count: number, seed = 11): AudioRecord[] {
  return buildFixtureAudios(count, seed).map((a) => ({
    ...a,
    highlight_start_times_in_ms: [5_000, 15_000],
    // Three minutes: room for the offsets and ending points the workspace tests write (none is past the end).
    duration_ms: 180_000,
    is_original_sound: false,
    eps: [],
    locked_by: null,
    lock_expires_at: null,
    template_count_available: 0,
    available_clips_counts: [],
    templates_approved_count: 0,
    beats_done_count: 0,
    beat_and_template_approved: 0,
    ep_template_count: 0,
  }));
}

export function buildTemplate(musicCanonicalId: string, n: number, over: Partial<TemplateRecord> = {}): TemplateRecord {
  const segments = [1000 + n * 10, 1500, 2000];
  return {
    template_clips_media_id: `${musicCanonicalId}-t${n}`,
    music_canonical_id: musicCanonicalId,
    code: `C${musicCanonicalId}${n}`,
    clips_count: 3,
    segments_info: segments.map((duration_in_ms) => ({ duration_in_ms })),
    segments_count: segments.length,
    segments_length_ms: segments.reduce((s, d) => s + d, 0),
    audio_asset_start_time_in_ms: 5_000,
    started_at_highlight: false,
    approved: null,
    approved_at: null,
    approved_by: null,
    created_at: new Date(Date.UTC(2024, 0, 1) + n * 1000),
    ...over,
  };
}

export function templateModel(t: TestApp): Model<Template> {
  return t.app.get<Model<Template>>(getModelToken(Template.name));
}

/** Inserts audios and templates the way an import leaves them: counters recounted. */
export async function seedCatalog(t: TestApp, audios: AudioRecord[], templates: TemplateRecord[]): Promise<void> {
  await insertAudios(t, audios);
  if (templates.length) await templateModel(t).insertMany(templates);
  await t.app.get(CatalogCountersService).recount(audios.map((a) => a.music_canonical_id));
}

export const writer = (t: TestApp) => ({
  post: (url: string, body: object = {}) => t.agent.post(url).set(CSRF_HEADER_NAME, t.csrf()).send(body),
  put: (url: string, body: object) => t.agent.put(url).set(CSRF_HEADER_NAME, t.csrf()).send(body),
  patch: (url: string, body: object) => t.agent.patch(url).set(CSRF_HEADER_NAME, t.csrf()).send(body),
  del: (url: string) => t.agent.delete(url).set(CSRF_HEADER_NAME, t.csrf()),
});

export async function audioFigures(t: TestApp, id: string) {
  const a = await audioModel(t).findOne({ music_canonical_id: id }).lean().exec();
  return {
    approved: a!.beat_and_template_approved,
    ep: a!.ep_template_count,
    beatsDone: a!.beats_done_count,
    templatesApproved: a!.templates_approved_count,
  };
}
