import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { DatabaseModule } from './common/database.module';
import { SessionGuard } from './common/session.guard';
import { ConfigModule } from './config/config.module';
import { HealthModule } from './health/health.module';
import { MfeConfigModule } from './mfe-config/mfe-config.module';
import { SessionsModule } from './sessions/sessions.module';
import { UsersModule } from './users/users.module';

@Module({
  imports: [
    ConfigModule.forRoot(),
    DatabaseModule,
    SessionsModule,
    UsersModule,
    AuthModule,
    HealthModule,
    MfeConfigModule,
  ],
  providers: [{ provide: APP_GUARD, useClass: SessionGuard }],
})
export class AppModule {}
