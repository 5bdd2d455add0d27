import type { AudioCounters, CounterInputs } from './audios.repository';

const HOUR_MS = 60 * 60 * 1000;
/** Growth counts the reels of the seven days before now, by whole hours. */
export const GROWTH_WINDOW_HOURS = 7 * 24;
/** Hours of reels each audio keeps per hour: the window and a day more, so hourly refreshes can slide it. */
export const GROWTH_BUCKET_HOURS = GROWTH_WINDOW_HOURS + 24;

export type ReelHour = { hour: number; count: number };

const hourOf = (at: Date) => Math.floor(at.getTime() / HOUR_MS);

/** Reels per hour over the last GROWTH_BUCKET_HOURS hours before `now`, oldest first. */
export function bucketReelHours(reelTimes: readonly Date[], now: Date): ReelHour[] {
  const nowHour = hourOf(now);
  const counts = new Map<number, number>();
  for (const at of reelTimes) {
    const hour = hourOf(at);
    if (hour <= nowHour && hour > nowHour - GROWTH_BUCKET_HOURS) counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a - b).map(([hour, count]) => ({ hour, count }));
}

/** Growth as of `now`: reels of the current hour and the GROWTH_WINDOW_HOURS − 1 before it. */
export function growthAt(reelHours: readonly ReelHour[], now: Date): number {
  const nowHour = hourOf(now);
  return reelHours.reduce((n, b) => (b.hour <= nowHour && b.hour > nowHour - GROWTH_WINDOW_HOURS ? n + b.count : n), 0);
}

/** The buckets still inside GROWTH_BUCKET_HOURS before `now`. */
export function keepRecentReelHours(reelHours: readonly ReelHour[], now: Date): ReelHour[] {
  const nowHour = hourOf(now);
  return reelHours.filter((b) => b.hour > nowHour - GROWTH_BUCKET_HOURS);
}

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
  const reelHours = bucketReelHours(reelTimes, now);
  return {
    reel_count: reelTimes.length,
    growth: growthAt(reelHours, now),
    reel_hours: reelHours,
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
