import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';

import { AnalysisModule } from './analysis/analysis.module';
import { ApprovalsModule } from './approvals/approvals.module';
import { AudiosModule } from './audios/audios.module';
import { AuthModule } from './auth/auth.module';
import { SessionGuard } from './auth/session.guard';
import { BeatImagesModule } from './beat-images/beat-images.module';
import { BeatsModule } from './beats/beats.module';
import { ConfigModule } from './config/config.module';
import { HealthModule } from './health/health.module';
import { HlPointsModule } from './hlpoints/hlpoints.module';
import { LocksModule } from './locks/locks.module';
import { MediaModule } from './media/media.module';
import { MetricsModule } from './metrics/metrics.module';
import { MfeConfigModule } from './mfe-config/mfe-config.module';
import { DatabaseModule } from './persistence/database.module';
import { ReconciliationModule } from './reconciliation/reconciliation.module';
import { SegmentsModule } from './segments/segments.module';
import { SessionsModule } from './sessions/sessions.module';
import { TagsModule } from './tags/tags.module';
import { TemplateApprovalsModule } from './template-approvals/template-approvals.module';
import { TemplatesModule } from './templates/templates.module';
import { UsageModule } from './usage/usage.module';
import { UsersModule } from './users/users.module';

@Module({
  imports: [
    ConfigModule.forRoot(),
    DatabaseModule,
    EventEmitterModule.forRoot(),
    SessionsModule,
    UsersModule,
    AuthModule,
    HealthModule,
    MfeConfigModule,
    AudiosModule,
    TemplatesModule,
    TagsModule,
    MediaModule,
    AnalysisModule,
    LocksModule,
    BeatsModule,
    TemplateApprovalsModule,
    ReconciliationModule,
    ApprovalsModule,
    HlPointsModule,
    BeatImagesModule,
    UsageModule,
    SegmentsModule,
    MetricsModule,
  ],
  providers: [{ provide: APP_GUARD, useClass: SessionGuard }],
})
export class AppModule {}
