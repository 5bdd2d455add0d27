import { Injectable } from '@nestjs/common';

import { ReelsRepository } from '../reels/reels.repository';
import { TemplatesRepository } from '../templates/templates.repository';
import { AudiosRepository, type CounterInputs, UNCOUNTED_FILTER } from './audios.repository';
import { computeAudioCounters, isStartedAtHighlight } from './catalog-counters';
import { CatalogFiguresRepository } from './catalog-figures.repository';

const CHUNK = 500;
/** Recounts of one audio whose done-beat count keeps moving under it, before leaving it to the next write. */
const RECOUNT_TRIES = 5;

const inputsKey = (a: CounterInputs) => `${a.beats_done_count ?? 0}/${a.recount_writes ?? 0}`;

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/**
 * Recomputes the denormalised figures of the audio list (reel count, growth, available templates
 * and their clips counts, approvals) from the templates and reels, and each template's
 * started-at-highlight flag from its audio's highlight times.
 */
@Injectable()
export class CatalogCountersService {
  constructor(
    private readonly audios: AudiosRepository,
    private readonly figures: CatalogFiguresRepository,
    private readonly templates: TemplatesRepository,
    private readonly reels: ReelsRepository,
  ) {}

  async recount(musicCanonicalIds: Iterable<string>, now = new Date()): Promise<void> {
    const ids = [...new Set(musicCanonicalIds)];
    for (let i = 0; i < ids.length; i += CHUNK) await this.recountChunk(ids.slice(i, i + CHUNK), now);
  }

  /**
   * Recounts the audios stored before their counted templates and start times were kept (or written around the
   * API); run once at start-up. Returns how many were recounted.
   */
  async recountUncounted(now = new Date()): Promise<number> {
    const ids = [...(await this.audios.list.matching(UNCOUNTED_FILTER))].map((row) => row.music_canonical_id);
    await this.recount(ids, now);
    return ids.length;
  }

  /** Recounts the audios, again for those whose done-beat count moved while they were counted. */
  private async recountChunk(ids: string[], now: Date): Promise<void> {
    for (let pending = ids, tries = 0; pending.length > 0 && tries < RECOUNT_TRIES; tries++) {
      const used = await this.recountOnce(pending, now);
      const stored = await this.figures.findCounterInputs(pending);
      pending = stored.filter((a) => inputsKey(a) !== used.get(a.music_canonical_id)).map((a) => a.music_canonical_id);
    }
  }

  /** One recount; answers the inputs (done beats, recounting writes) each audio's figures were computed from. */
  private async recountOnce(ids: string[], now: Date): Promise<Map<string, string>> {
    const [audios, templateRows, reelRows] = await Promise.all([
      this.figures.findCounterInputs(ids),
      this.templates.findCounterRows(ids),
      this.reels.findCounterRows(ids),
    ]);
    const templatesByAudio = groupBy(templateRows, (t) => t.music_canonical_id);
    const reelsByAudio = groupBy(reelRows, (r) => r.music_canonical_id);
    const flagChanges: Array<{ templateClipsMediaId: string; value: boolean }> = [];
    const counters = audios.map((audio) => {
      const templates = templatesByAudio.get(audio.music_canonical_id) ?? [];
      for (const t of templates) {
        const value = isStartedAtHighlight(t.audio_asset_start_time_in_ms, audio.highlight_start_times_in_ms ?? []);
        if (value !== t.started_at_highlight)
          flagChanges.push({ templateClipsMediaId: t.template_clips_media_id, value });
      }
      const reelTimes = (reelsByAudio.get(audio.music_canonical_id) ?? []).map((r) => r.taken_at);
      return { inputs: audio, counters: computeAudioCounters(audio, templates, reelTimes, now) };
    });
    await this.templates.setStartedAtHighlight(flagChanges);
    await this.figures.setCounters(counters);
    return new Map(counters.map((c) => [c.inputs.music_canonical_id, inputsKey(c.inputs)]));
  }
}
