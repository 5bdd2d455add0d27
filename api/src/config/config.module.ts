import { DynamicModule, Global, Module } from '@nestjs/common';

import { AppConfig, loadConfig } from './env.schema';

/** Injection token of the validated `AppConfig`: `@Inject(APP_CONFIG) config: AppConfig`. */
export const APP_CONFIG = 'APP_CONFIG';

@Global()
@Module({})
export class ConfigModule {
  /** Without an argument the environment is read (and validated) when the app boots. */
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [{ provide: APP_CONFIG, useFactory: () => config ?? loadConfig(process.env) }],
      exports: [APP_CONFIG],
    };
  }
}
