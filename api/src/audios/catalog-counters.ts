import type { AudioCounters, CounterInputs } from './audios.repository';

/** Growth counts the reels of this many days before the recount. */
export const GROWTH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type TemplateFacts = {
  template_clips_media_id: string;
  clips_count: number;
  segments_count: number;
  approved: boolean | null;
  audio_asset_start_time_in_ms: number | null;
  created_at: Date | null;
};

/** A template starts at a highlight when its start is one of the audio's highlight times. */
export function isStartedAtHighlight(startMs: number | null, highlightsMs: readonly number[]): boolean {
  return startMs !== null && startMs !== undefined && highlightsMs.includes(startMs);
}

/** Available = not disapproved and started at a highlight (docs/rules.md "Catalog figures"). */
export function isAvailable(t: TemplateFacts, highlightsMs: readonly number[]): boolean {
  return t.approved !== false && isStartedAtHighlight(t.audio_asset_start_time_in_ms, highlightsMs);
}

/** One template the segment statistics count: available, approved or both. */
export type CountedTemplate = { segments_count: number; clips_count: number; available: boolean; approved: boolean };

/** How many of the audio's templates start at one time, and when the newest of them was imported. */
export type StartTimeCount = { start_ms: number; count: number; newest_created_at: Date | null };

/** Start-time counts merged per start time (counts add up, the newest import wins), ascending. */
export function mergeStartTimes(entries: Iterable<StartTimeCount>): StartTimeCount[] {
  const byStart = new Map<number, StartTimeCount>();
  for (const entry of entries) {
    const merged = byStart.get(entry.start_ms);
    if (!merged) byStart.set(entry.start_ms, { ...entry });
    else {
      merged.count += entry.count;
      if (entry.newest_created_at && (!merged.newest_created_at || entry.newest_created_at > merged.newest_created_at))
        merged.newest_created_at = entry.newest_created_at;
    }
  }
  return [...byStart.values()].sort((a, b) => a.start_ms - b.start_ms);
}

/** The audio's template start times (for the HL points), ascending. */
function countStartTimes(templates: readonly TemplateFacts[]): StartTimeCount[] {
  return mergeStartTimes(
    templates
      .filter((t) => t.audio_asset_start_time_in_ms !== null && t.audio_asset_start_time_in_ms !== undefined)
      .map((t) => ({ start_ms: t.audio_asset_start_time_in_ms!, count: 1, newest_created_at: t.created_at ?? null })),
  );
}

/** The list counters of one audio from its templates and the taken_at of its reels. */
export function computeAudioCounters(
  audio: Pick<CounterInputs, 'highlight_start_times_in_ms' | 'beats_done_count'>,
  templates: readonly TemplateFacts[],
  reelTimes: readonly Date[],
  now: Date,
): AudioCounters {
  const highlights = audio.highlight_start_times_in_ms ?? [];
  const available = templates.filter((t) => isAvailable(t, highlights));
  const approved = templates.filter((t) => t.approved === true).length;
  const counted = templates
    .map((t) => ({
      segments_count: t.segments_count,
      clips_count: t.clips_count,
      available: isAvailable(t, highlights),
      approved: t.approved === true,
    }))
    .filter((t) => t.available || t.approved);
  const since = now.getTime() - GROWTH_WINDOW_MS;
  return {
    reel_count: reelTimes.length,
    growth: reelTimes.filter((t) => t.getTime() >= since && t.getTime() <= now.getTime()).length,
    template_count_available: available.length,
    available_clips_counts: [...new Set(available.map((t) => t.clips_count))].sort((a, b) => a - b),
    templates_approved_count: approved,
    template_count: templates.length,
    templates_off_highlight_count: templates.filter(
      (t) => !isStartedAtHighlight(t.audio_asset_start_time_in_ms, highlights),
    ).length,
    beat_and_template_approved: approved + (audio.beats_done_count ?? 0),
    counted_templates: counted,
    start_times: countStartTimes(templates),
  };
}
