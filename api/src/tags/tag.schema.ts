import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A manual tag. `text_key` (trimmed, lower-cased) makes it unique case-insensitively. */
@Schema({ collection: 'tags', versionKey: false })
export class Tag {
  @Prop({ type: String, required: true })
  text!: string;

  @Prop({ type: String, required: true, unique: true })
  text_key!: string;

  /** Number of audios carrying the tag. */
  @Prop({ type: Number, required: true, default: 0 })
  used_count!: number;

  @Prop({ type: Date, default: null })
  count_updated_at!: Date | null;

  @Prop({ type: Date, required: true, default: () => new Date() })
  created_at!: Date;

  /** Set while the tag is being deleted (until then): taggify leaves it off the audio (TagsService.delete). */
  @Prop({ type: Date, default: null })
  deleting_until?: Date | null;
}

export const TagSchema = SchemaFactory.createForClass(Tag);

export type TagRecord = Tag;
