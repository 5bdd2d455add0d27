import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One login attempt under one throttle key (`pair:<user>|<address>`, `user:<user>`, `ip:<address>`).
 * Written `pending` before the password is checked (the reservation), then turned into `failed`,
 * or deleted when the attempt succeeded or was refused by the throttle itself.
 */
@Schema({ collection: 'login_attempts', versionKey: false })
export class LoginAttempt {
  @Prop({ type: String, required: true })
  key!: string;

  @Prop({ type: Date, required: true })
  at!: Date;

  /** One id for the records of one attempt (one per key). */
  @Prop({ type: String, required: true })
  attempt!: string;

  @Prop({ type: String, required: true, enum: ['pending', 'failed'] })
  state!: 'pending' | 'failed';
}

export const LoginAttemptSchema = SchemaFactory.createForClass(LoginAttempt);
LoginAttemptSchema.index({ key: 1, at: 1 });
LoginAttemptSchema.index({ attempt: 1 });
LoginAttemptSchema.index({ at: 1 });
