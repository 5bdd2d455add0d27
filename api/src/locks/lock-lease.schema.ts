import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One generation of an audio's lock. Every take, refresh and unlock inserts the next generation
 * under `_id = {music_canonical_id}#{gen}`: the unique _id lets exactly one of two racing writers
 * move the lock on, on MongoDB and on FerretDB alike (FerretDB v1 runs a conditional update as a
 * read then a write, so it cannot arbitrate a race).
 */
@Schema({ collection: 'lock_leases', versionKey: false })
export class LockLease {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  music_canonical_id!: string;

  @Prop({ type: Number, required: true })
  gen!: number;

  /** null once unlocked. */
  @Prop({ type: String, default: null })
  holder!: string | null;

  /** The lock is live while this is in the future. */
  @Prop({ type: Date, default: null })
  expires_at!: Date | null;

  @Prop({ type: Date, required: true })
  created_at!: Date;
}

export const LockLeaseSchema = SchemaFactory.createForClass(LockLease);
LockLeaseSchema.index({ music_canonical_id: 1, gen: -1 });

export type LockLeaseRecord = LockLease;

export function leaseId(musicCanonicalId: string, gen: number): string {
  return `${musicCanonicalId}#${gen}`;
}
