import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A staff login. `username_key` is the lower-cased username: unique, used for every lookup. */
@Schema({ collection: 'users', versionKey: false })
export class User {
  @Prop({ type: String, required: true })
  username!: string;

  @Prop({ type: String, required: true, unique: true })
  username_key!: string;

  @Prop({ type: String, required: true })
  password_hash!: string;

  @Prop({ type: Boolean, required: true, default: false })
  admin!: boolean;

  @Prop({ type: Date, required: true, default: () => new Date() })
  created_at!: Date;
}

export const UserSchema = SchemaFactory.createForClass(User);

export type UserRecord = User;

/** The lookup key of a username: trimmed and lower-cased. */
export const toUsernameKey = (username: string) => username.trim().toLowerCase();
