import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginAttempt, LoginAttemptSchema } from './login-attempt.schema';
import { LoginAttemptsRepository } from './login-attempts.repository';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: LoginAttempt.name, schema: LoginAttemptSchema }]),
    SessionsModule,
    UsersModule,
  ],
  controllers: [AuthController],
  providers: [LoginAttemptsRepository, AuthService],
  exports: [AuthService],
})
export class AuthModule {}
