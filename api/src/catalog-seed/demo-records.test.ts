import { isAvailable } from '../audios/catalog-counters';
import type { DemoMedia } from './demo-media';
import { generateDemoChunk } from './demo-records';

const beats = Array.from({ length: 120 }, (_, i) => Math.round(i * 0.5 * 100) / 100);
const media: DemoMedia[] = [
  {
    url: '/media/aa/a.mp3',
    hash: 'a',
    truthPath: 'aa/a.beats.json',
    isOriginalSound: false,
    durationMs: 60_000,
    beatsS: beats,
  },
  {
    url: '/media/bb/b.mp3',
    hash: 'b',
    truthPath: 'bb/b.beats.json',
    isOriginalSound: true,
    durationMs: 40_000,
    beatsS: [],
  },
];
const now = new Date('2024-06-01T00:00:00Z');

describe('demo catalog records', () => {
  const chunk = generateDemoChunk(0, 200, { media, seed: 7, now, withRelated: true });

  it('is deterministic and independent of chunking', () => {
    const again = [
      ...generateDemoChunk(0, 120, { media, seed: 7, now, withRelated: true }).audios,
      ...generateDemoChunk(120, 80, { media, seed: 7, now, withRelated: true }).audios,
    ];
    expect(again.map((a) => [a.audio_name, a.reel_count, a.tags])).toEqual(
      chunk.audios.map((a) => [a.audio_name, a.reel_count, a.tags]),
    );
  });

  it('keeps every list figure consistent with the templates and reels it generated', () => {
    for (const audio of chunk.audios) {
      const templates = chunk.templates.filter((t) => t.music_canonical_id === audio.music_canonical_id);
      const reels = chunk.reels.filter((r) => r.music_canonical_id === audio.music_canonical_id);
      const available = templates.filter((t) => isAvailable(t, audio.highlight_start_times_in_ms));
      expect(audio.reel_count).toBe(reels.length);
      // Growth counts whole hours: the current one and the 167 before it.
      const windowStartMs = (Math.floor(now.getTime() / 3_600_000) - 167) * 3_600_000;
      expect(audio.growth).toBe(reels.filter((r) => r.taken_at.getTime() >= windowStartMs && r.taken_at <= now).length);
      expect(audio.template_count_available).toBe(available.length);
      expect(audio.beat_and_template_approved).toBe(templates.filter((t) => t.approved === true).length);
      expect(audio.is_original_sound).toBe(audio.media_url === media[1].url);
    }
  });

  it('gives every filter something to show', () => {
    const a = chunk.audios;
    expect(a.filter((x) => x.is_original_sound).length).toBeGreaterThan(50);
    expect(a.filter((x) => x.eps.length > 0).length).toBeGreaterThan(20);
    expect(new Set(a.map((x) => x.trendlist))).toEqual(new Set(['trending', 'emerging', 'hyper', null]));
    for (const tag of ['bad', 'inside app', 'discovery app'])
      expect(a.filter((x) => x.tags.includes(tag)).length).toBeGreaterThan(3);
    expect(a.filter((x) => x.template_count_available > 0).length).toBeGreaterThan(50);
    const t = chunk.templates;
    expect(t.every((x) => x.segments_count >= 2 && x.segments_count <= 12 && x.segments_length_ms <= 30_000)).toBe(
      true,
    );
    expect(t.every((x) => x.clips_count >= 1 && x.clips_count <= 20)).toBe(true);
    expect(new Set(t.map((x) => x.approved))).toEqual(new Set([true, false, null]));
    expect(chunk.reels.every((r) => now.getTime() - r.taken_at.getTime() <= 60 * 86_400_000)).toBe(true);
  });
});
