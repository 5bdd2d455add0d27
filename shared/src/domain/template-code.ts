import { type AudioType, deriveAudioType } from './constants';
import type { SegmentInfo } from './segments';

export type TemplateCodeAudio = {
  /** Canonical music id (the workspace route id). */
  id: string;
  audio_id: string;
  audio_name: string;
  artist_name: string;
  is_original_sound: boolean;
};

export type TemplateCodeSource = {
  segments_info: readonly SegmentInfo[];
  audio_asset_start_time_in_ms: number | null;
  template_clips_media_id: string | null;
};

export type TemplateCode = {
  audio_id: string;
  audio_type: AudioType;
  audio_name: string;
  audio_artist_name: string;
  audio_canonical_id: string;
  music_canonical_id: string;
  segments_info: SegmentInfo[];
  audio_asset_start_time_in_ms: number | null;
  template_clips_media_id: string | null;
  segments_count: number;
  segments_length_ms: number;
};

/** The copyable template code of the contract in shared/src/contract for a template or a beat of an audio. */
export function buildTemplateCode(audio: TemplateCodeAudio, source: TemplateCodeSource): TemplateCode {
  const segmentsInfo = source.segments_info.map((s) => ({ duration_in_ms: s.duration_in_ms }));
  return {
    audio_id: audio.audio_id,
    audio_type: deriveAudioType(audio.is_original_sound),
    audio_name: audio.audio_name,
    audio_artist_name: audio.artist_name,
    audio_canonical_id: audio.id,
    music_canonical_id: audio.id,
    segments_info: segmentsInfo,
    audio_asset_start_time_in_ms: source.audio_asset_start_time_in_ms,
    template_clips_media_id: source.template_clips_media_id,
    segments_count: segmentsInfo.length,
    segments_length_ms: segmentsInfo.reduce((total, s) => total + s.duration_in_ms, 0),
  };
}

/** The text put on the clipboard: the template code as indented JSON. */
export function serializeTemplateCode(code: TemplateCode): string {
  return JSON.stringify(code, null, 2);
}
