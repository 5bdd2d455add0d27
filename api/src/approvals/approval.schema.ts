import type { ApprovalSource } from '@curator/shared/contract';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * Read model of /api/approvals/: one row per approved template or done beat, written with every
 * approve / unapprove / done toggle and kept in step with the audio's tags. FerretDB has no
 * $lookup or $unionWith, so the page reads this one collection with one indexed sort.
 */
@Schema({ collection: 'approvals', versionKey: false })
export class Approval {
  /** `{src}:{ref_id}` */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  src!: ApprovalSource;

  /** Beat id, or the template's clips media id. */
  @Prop({ type: String, required: true })
  ref_id!: string;

  @Prop({ type: String, required: true, index: true })
  music_canonical_id!: string;

  @Prop({ type: String, default: null })
  template_clips_media_id!: string | null;

  @Prop({ type: String, required: true })
  audio_name!: string;

  @Prop({ type: String, required: true })
  artist_name!: string;

  /** The audio's lower-cased tags, for the tag filter. */
  @Prop({ type: [String], default: [] })
  tag_keys!: string[];

  @Prop({ type: Number, required: true })
  segments_count!: number;

  @Prop({ type: Number, required: true })
  segments_length_ms!: number;

  /** The version of the beat the row shows (absent on template rows): an older write never overwrites it. */
  @Prop({ type: Number, default: undefined })
  source_version?: number;

  /**
   * Set when the source stopped being approved (or done): the row stays, in no page or count,
   * holding the version that removed it, so an older write that lands later cannot bring it back.
   */
  @Prop({ type: Boolean, default: undefined })
  removed?: boolean;

  @Prop({ type: Date, default: null })
  approval_date!: Date | null;

  @Prop({ type: String, default: null })
  approval_by!: string | null;
}

export const ApprovalSchema = SchemaFactory.createForClass(Approval);
ApprovalSchema.index({ approval_date: -1, _id: -1 });
ApprovalSchema.index({ tag_keys: 1, approval_date: -1, _id: -1 });

export type ApprovalRecord = Approval;

/** The documents that are rows of the approvals page (the others hold a removed row's version). */
export const SHOWN_ROWS = { removed: { $ne: true } };

export function approvalRowId(src: ApprovalSource, refId: string): string {
  return `${src}:${refId}`;
}
