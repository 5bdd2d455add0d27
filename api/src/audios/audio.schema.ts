import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** When the audio was first seen on the platform; `created_at` of the list's sort and filter. */
@Schema({ _id: false, versionKey: false })
export class TrackMeta {
  @Prop({ type: Date, default: null })
  first_seen_at!: Date | null;
}

@Schema({ _id: false, versionKey: false })
export class StemTrackRecord {
  @Prop({ type: String, required: true })
  type!: string;

  @Prop({ type: String, required: true })
  url!: string;

  /** Waveform peaks JSON of the stem under /media/. */
  @Prop({ type: String, default: null })
  peaks_url?: string | null;
}

/** A template of the audio that is available, approved or both, as the segment statistics count it. */
@Schema({ _id: false, versionKey: false })
export class CountedTemplateRecord {
  @Prop({ type: Number, required: true })
  segments_count!: number;

  @Prop({ type: Number, required: true })
  clips_count!: number;

  @Prop({ type: Boolean, required: true })
  available!: boolean;

  @Prop({ type: Boolean, required: true })
  approved!: boolean;
}

/** Reels of the audio taken in one hour (hours since the epoch, UTC), for Growth. */
@Schema({ _id: false, versionKey: false })
export class ReelHourRecord {
  @Prop({ type: Number, required: true })
  hour!: number;

  @Prop({ type: Number, required: true })
  count!: number;
}

/** How many of the audio's templates start at one time, for the HL points. */
@Schema({ _id: false, versionKey: false })
export class StartTimeRecord {
  @Prop({ type: Number, required: true })
  start_ms!: number;

  @Prop({ type: Number, required: true })
  count!: number;

  @Prop({ type: Date, default: null })
  newest_created_at!: Date | null;
}

/**
 * One audio (music or original sound), denormalised so the list reads one document per row:
 * the counters are recomputed from templates and reels whenever those change.
 */
@Schema({ collection: 'audios', versionKey: false })
export class Audio {
  /**
   * The music id: audios are read and written by `_id`, which MongoDB always indexes and the
   * embedded FerretDB can look up without scanning the collection.
   */
  @Prop({ type: String })
  _id!: string;

  /** The `id` of the wire and of /beats/{id}/ (equal to `_id`). */
  @Prop({ type: String, required: true })
  music_canonical_id!: string;

  @Prop({ type: String, required: true })
  audio_id!: string;

  @Prop({ type: String, required: true })
  audio_name!: string;

  @Prop({ type: String, required: true })
  artist_name!: string;

  /** `audio_name \n artist_name`, lower-cased: the name search runs an escaped regex on it. */
  @Prop({ type: String, required: true })
  search_key!: string;

  /** Public path of the media under /media/, or null when none was downloaded. */
  @Prop({ type: String, default: null })
  media_url!: string | null;

  /** SHA-256 of the media file's bytes (its name in the store). */
  @Prop({ type: String, default: null })
  media_hash!: string | null;

  /** Media length in ms; null when unknown. */
  @Prop({ type: Number, default: null, index: true })
  duration_ms!: number | null;

  /** Path in the media store of the JSON with the true beat times (synthesised demo media only). */
  @Prop({ type: String, default: null })
  media_truth_path!: string | null;

  /** Public path of the media's waveform peaks JSON, set by the analysis worker; null until computed. */
  @Prop({ type: String, default: null })
  peaks_url?: string | null;

  @Prop({ type: Boolean, required: true, index: true })
  is_original_sound!: boolean;

  @Prop({ type: String, default: null, index: true })
  trendlist!: string | null;

  @Prop({ type: TrackMeta, default: () => ({ first_seen_at: null }) })
  track_meta!: TrackMeta;

  /** Reels taken in the 7 days before now, to the hour (kept by the recount and the hourly growth refresh). */
  @Prop({ type: Number, default: 0 })
  growth!: number;

  /** Its reels of the last GROWTH_BUCKET_HOURS hours, per hour: what Growth is refreshed from. */
  @Prop({ type: [ReelHourRecord], default: undefined })
  reel_hours?: ReelHourRecord[];

  @Prop({ type: Number, default: 0, index: true })
  reel_count!: number;

  /** Templates not disapproved and started at one of the highlight times. */
  @Prop({ type: Number, default: 0, index: true })
  template_count_available!: number;

  /** Clips counts of the available templates, for the "Template clips count" filter. */
  @Prop({ type: [Number], default: [], index: true })
  available_clips_counts!: number[];

  @Prop({ type: Number, default: 0 })
  templates_approved_count!: number;

  /** All its templates, and those not started at one of its highlight times. */
  @Prop({ type: Number, default: 0 })
  template_count?: number;

  @Prop({ type: Number, default: 0 })
  templates_off_highlight_count?: number;

  /** Its available or approved templates, for the segment statistics (absent until the first recount). */
  @Prop({ type: [CountedTemplateRecord], default: undefined })
  counted_templates?: CountedTemplateRecord[];

  /** Its templates' start times, counted (absent until the first recount). */
  @Prop({ type: [StartTimeRecord], default: undefined })
  start_times?: StartTimeRecord[];

  /** Kept by the beats module: beats marked done. */
  @Prop({ type: Number, default: 0 })
  beats_done_count!: number;

  /** Done beats + approved templates. */
  @Prop({ type: Number, default: 0, index: true })
  beat_and_template_approved!: number;

  /** Writes that changed what the catalog recount derives (template approvals): a recount stores its figures only if none ended meanwhile. */
  @Prop({ type: Number, default: 0 })
  recount_writes?: number;

  /** Kept by the beats module: beats of type `ep`. */
  @Prop({ type: Number, default: 0 })
  ep_template_count!: number;

  /** Ending points, seconds, sorted. */
  @Prop({ type: [Number], default: [] })
  eps!: number[];

  @Prop({ type: [Number], default: [] })
  highlight_start_times_in_ms!: number[];

  @Prop({ type: String, default: null, index: true })
  stem_status!: string | null;

  @Prop({ type: [StemTrackRecord], default: [] })
  stem_tracks!: StemTrackRecord[];

  @Prop({ type: String, default: null })
  locked_by!: string | null;

  /** The lock is live while this is in the future. */
  @Prop({ type: Date, default: null })
  lock_expires_at!: Date | null;

  /** Writes to the audio's beats, ending points or approvals under way (docs/rules.md "Audio lock"). */
  @Prop({ type: Number, default: 0 })
  edits_in_flight?: number;

  /** When the last of those writes began: a count older than EDIT_STALE_MS is a crashed writer's. */
  @Prop({ type: Date, default: null })
  edit_touched_at?: Date | null;

  /** Tag texts as the tag list spells them. */
  @Prop({ type: [String], default: [] })
  tags!: string[];

  /** Lower-cased `tags`, for filtering and counting. */
  @Prop({ type: [String], default: [], index: true })
  tag_keys!: string[];

  @Prop({ type: Date, required: true, default: () => new Date() })
  created_at!: Date;

  @Prop({ type: Date, required: true, default: () => new Date() })
  updated_at!: Date;
}

export const AudioSchema = SchemaFactory.createForClass(Audio);
// Documents created through the model (not upserts, which key by `_id` in their filter).
AudioSchema.pre('validate', function keyByMusicId() {
  this._id ??= this.music_canonical_id;
});
AudioSchema.index({ 'track_meta.first_seen_at': -1, music_canonical_id: -1 });
AudioSchema.index({ growth: -1, music_canonical_id: -1 });

/** An audio as its writers build it; the repository keys it by its music id. */
export type AudioRecord = Omit<Audio, '_id'>;

/** Lower-cased name and artist, the field the name search reads. */
export function deriveSearchKey(audioName: string, artistName: string): string {
  return `${audioName}\n${artistName}`.toLowerCase();
}
