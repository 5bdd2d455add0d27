import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A login session. Only a SHA-256 of the cookie token is stored; expiry is checked on read. */
@Schema({ collection: 'sessions', versionKey: false })
export class Session {
  @Prop({ type: String, required: true, unique: true })
  token_hash!: string;

  /** The user's lookup key (lower-cased username). */
  @Prop({ type: String, required: true, index: true })
  username!: string;

  /**
   * The user as requests see them (username as spelled, admin flag), kept in step by the users
   * module on every change so a request reads its session and nothing else.
   */
  @Prop({ type: String })
  display_username?: string;

  @Prop({ type: Boolean })
  admin?: boolean;

  @Prop({ type: Date, required: true })
  created_at!: Date;

  @Prop({ type: Date, required: true })
  last_seen_at!: Date;

  @Prop({ type: Date, required: true, index: true })
  expires_at!: Date;
}

export const SessionSchema = SchemaFactory.createForClass(Session);
