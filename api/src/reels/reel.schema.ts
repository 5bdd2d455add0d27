import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A short-video reel that used an audio: one usage event at `taken_at`. */
@Schema({ collection: 'reels', versionKey: false })
export class Reel {
  @Prop({ type: String, required: true, unique: true })
  code!: string;

  @Prop({ type: String, required: true, index: true })
  music_canonical_id!: string;

  @Prop({ type: Date, required: true, index: true })
  taken_at!: Date;
}

export const ReelSchema = SchemaFactory.createForClass(Reel);

export type ReelRecord = Reel;
