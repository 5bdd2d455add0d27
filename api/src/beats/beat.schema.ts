import type { AudioType, BeatType } from '@curator/shared/domain';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

import { SegmentInfoRecord } from '../templates/template.schema';

/** A named set of offsets on one audio; the derived fields are recomputed by the server on every write. */
@Schema({ collection: 'beats', versionKey: false })
export class Beat {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  music_canonical_id!: string;

  @Prop({ type: String, required: true })
  name!: string;

  /**
   * `<audio>/<name>` on a beat the server named beat#N, until the beat is renamed: unique, so two parallel creates
   * that picked the same N cannot both be written (see BEAT_NAME_CLAIM_INDEX). Never sent to clients.
   */
  @Prop({ type: String, required: false })
  name_claim?: string;

  /** From the audio's is_original_sound, not from the client. */
  @Prop({ type: String, required: true })
  audio_type!: AudioType;

  @Prop({ type: String, required: true })
  type!: BeatType;

  @Prop({ type: Boolean, default: false, index: true })
  done!: boolean;

  @Prop({ type: Date, default: null })
  done_at!: Date | null;

  @Prop({ type: String, default: null })
  done_by!: string | null;

  /** Seconds, sorted, unique, 2 decimals. */
  @Prop({ type: [Number], default: [] })
  offsets!: number[];

  @Prop({ type: [SegmentInfoRecord], default: [] })
  segments_info!: SegmentInfoRecord[];

  @Prop({ type: Number, default: null })
  starting_point_in_ms!: number | null;

  @Prop({ type: Number, default: null })
  audio_asset_start_time_in_ms!: number | null;

  /** Set on clones: the template the offsets came from. */
  @Prop({ type: String, default: null })
  template_clips_media_id!: string | null;

  /** Raised by every write; a PUT must name the version it read. */
  @Prop({ type: Number, default: 0 })
  version!: number;

  @Prop({ type: String, required: true })
  created_by!: string;

  @Prop({ type: Date, required: true })
  created_at!: Date;

  @Prop({ type: Date, required: true })
  updated_at!: Date;
}

export const BeatSchema = SchemaFactory.createForClass(Beat);
BeatSchema.index({ music_canonical_id: 1, created_at: 1, _id: 1 });
BeatSchema.index({ music_canonical_id: 1, type: 1 });
/**
 * Unique among the beats that have a claim: sparse for MongoDB; FerretDB's SQLite index ignores the option, and
 * a missing field is NULL there, which a unique index lets repeat.
 */
export const BEAT_NAME_CLAIM_INDEX = { name_claim: 1 } as const;
BeatSchema.index(BEAT_NAME_CLAIM_INDEX, { unique: true, sparse: true });

export type BeatRecord = Beat;
