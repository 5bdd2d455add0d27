import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One failed login, recorded once per throttle key (`user:<key>` and `ip:<address>`). */
@Schema({ collection: 'login_attempts', versionKey: false })
export class LoginAttempt {
  @Prop({ type: String, required: true })
  key!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const LoginAttemptSchema = SchemaFactory.createForClass(LoginAttempt);
LoginAttemptSchema.index({ key: 1, at: 1 });
LoginAttemptSchema.index({ at: 1 });
