import { z } from 'zod';

/** One screen as remotes.json deploys it: its name, the manifest of the build it serves, its routes. */
export const RemoteMapEntrySchema = z.strictObject({
  name: z.string().min(1),
  entry: z.string().min(1),
  routes: z.array(z.string()),
});
/** remotes.json: which build of each screen the suite serves. */
export const RemoteMapFileSchema = z.array(RemoteMapEntrySchema);
export type RemoteMapEntry = z.infer<typeof RemoteMapEntrySchema>;

/** What a build of a screen records of itself (build.json beside its files). */
export const ScreenBuildSchema = z.object({
  buildId: z.string(),
  builtAt: z.string(),
  kernel: z.string(),
});
export type ScreenBuild = z.infer<typeof ScreenBuildSchema>;

/** GET /api/mfe-config/: each screen with `latest` resolved to a build id, and that build's record (null if missing). */
export type RemoteDefinition = RemoteMapEntry & { build: ScreenBuild | null };

export const SCREEN_FAILURE_KINDS = ['load', 'incompatible', 'start', 'render'] as const;
export const SCREEN_FAILURE_TEXT_MAX = 2000;

/** POST /api/screen-failures/: a screen failed in a browser; the API logs it for the operator. */
export const ScreenFailureReportSchema = z.strictObject({
  screen: z.string().min(1).max(64),
  entry: z.string().max(SCREEN_FAILURE_TEXT_MAX),
  kind: z.enum(SCREEN_FAILURE_KINDS),
  error: z.string().max(SCREEN_FAILURE_TEXT_MAX),
});
export type ScreenFailureReport = z.infer<typeof ScreenFailureReportSchema>;
