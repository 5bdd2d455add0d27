import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One claim of one job: `_id` is `<job id>:<claim number>`. Inserting it is the claim itself, since
 * only one insert of an _id can succeed; FerretDB v1 does not run findAndModify atomically.
 */
@Schema({ collection: 'analysis_job_claims', versionKey: false })
export class AnalysisJobClaim {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  worker_id!: string;

  @Prop({ type: Date, required: true })
  created_at!: Date;
}

export const AnalysisJobClaimSchema = SchemaFactory.createForClass(AnalysisJobClaim);
