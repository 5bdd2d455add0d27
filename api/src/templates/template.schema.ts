import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ _id: false, versionKey: false })
export class SegmentInfoRecord {
  @Prop({ type: Number, required: true })
  duration_in_ms!: number;
}

/** A video template made from a reel that uses the audio. */
@Schema({ collection: 'templates', versionKey: false })
export class Template {
  @Prop({ type: String, required: true, unique: true })
  template_clips_media_id!: string;

  @Prop({ type: String, required: true, index: true })
  music_canonical_id!: string;

  /** Reel code, for the link to the short-video reel. */
  @Prop({ type: String, required: true })
  code!: string;

  @Prop({ type: Number, required: true })
  clips_count!: number;

  @Prop({ type: [SegmentInfoRecord], default: [] })
  segments_info!: SegmentInfoRecord[];

  @Prop({ type: Number, required: true })
  segments_count!: number;

  @Prop({ type: Number, required: true })
  segments_length_ms!: number;

  @Prop({ type: Number, default: null })
  audio_asset_start_time_in_ms!: number | null;

  /** Its start is one of the audio's highlight times (recomputed with the audio's counters). */
  @Prop({ type: Boolean, default: false })
  started_at_highlight!: boolean;

  /** true approved, false disapproved, null undecided. */
  @Prop({ type: Boolean, default: null })
  approved!: boolean | null;

  @Prop({ type: Date, default: null })
  approved_at!: Date | null;

  @Prop({ type: String, default: null })
  approved_by!: string | null;

  @Prop({ type: Date, required: true, default: () => new Date() })
  created_at!: Date;
}

export const TemplateSchema = SchemaFactory.createForClass(Template);

export type TemplateRecord = Template;
