import { isAbsolute, join, resolve } from 'node:path';

import { z } from 'zod';

import { parseSeparatorCommand } from './separator-config';

/** Repository root: api/src/config or api/dist/config, three levels up. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

const DAY_S = 24 * 60 * 60;

/**
 * Express `trust proxy`: off, the number of proxies in front of the API, or the proxies' addresses
 * or subnets. Never `true`: that trusts every `X-Forwarded-For` entry a client sends, so the
 * client picks its own address (and its own login throttle key).
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .refine((v) => v !== 'true', {
    message: 'must be the number of proxies in front of the API (e.g. 1) or their addresses, not `true`',
  })
  .transform((v): false | number | string => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  MONGODB_URI: z
    .string({ error: 'is required (a mongodb:// connection string)' })
    .trim()
    .min(1, 'is required (a mongodb:// connection string)'),
  MEDIA_DIR: z.string().default('./data/media'),
  WEB_ROOT: z.string().default(REPO_ROOT),
  /** JSON file with the run-time remote map; defaults to <WEB_ROOT>/remotes.json. */
  MFE_REMOTES_FILE: z.string().optional(),
  /** A session ends this many seconds after its last request (idle limit). */
  SESSION_IDLE_TIMEOUT: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * DAY_S),
  /** A session ends this many seconds after its login, however active (absolute limit). */
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * DAY_S),
  TRUST_PROXY: trustProxy,
  /**
   * Comma-separated origins (`https://host[:port]`) allowed to send writes besides the API's own
   * host; needed only when a proxy changes the Host header.
   */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be origins like https://host[:port]' }))),
  /** `1`: serve the front ends' source maps (`*.map`, the full source of every screen); by default nobody gets them. */
  SERVE_SOURCE_MAPS: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /**
   * Processes serving the one port (Node's cluster: the first process hands each new connection to
   * the next worker). Each worker is a whole API on the same database; the start-up recounts run in
   * the first only. One worker that stops for good stops them all, so a supervisor restarts the API.
   */
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Seconds the database may stay unreachable before the API exits non-zero (0: never). */
  DB_DOWN_EXIT_AFTER: z.coerce.number().int().min(0).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.string().default('1mb'),
  /**
   * Where the audio list, the approvals page and the reports' catalog figures are filtered, sorted
   * and added up, and where a request's session is looked up: `database`, `memory` (a per-process
   * copy of the rows kept current through a change feed), or `auto`: memory on the embedded
   * FerretDB, whose SQLite backend scans the whole collection for every filter, sort and count.
   */
  AUDIO_LIST_INDEX: z.enum(['auto', 'memory', 'database']).default('auto'),
  /** `1`: every answer carries `x-db-commands`, the database commands it cost (for the load benchmark). */
  DB_COMMAND_COUNT: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /** Analysis job lease, ms: a job whose worker sent no heartbeat for this long is retried elsewhere. */
  ANALYSIS_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Back-off before a failed attempt is retried, ms, multiplied by the attempts so far. */
  ANALYSIS_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(5_000),
  /** External stem separator as JSON {command, args, stemTypes, extension?, timeoutMs?}; unset = built-in HPSS. */
  STEM_SEPARATOR_COMMAND: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .superRefine((v, ctx) => {
      if (!v) return;
      try {
        parseSeparatorCommand(v);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `is not a valid separator config: ${(error as Error).message}` });
      }
    }),
});

export type AppConfig = z.infer<typeof EnvSchema> & {
  /** WEB_ROOT, MEDIA_DIR and MFE_REMOTES_FILE as absolute paths. */
  remotesFile: string;
  isProduction: boolean;
};

const absolute = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const WEB_ROOT = absolute(c.WEB_ROOT);
  return {
    ...c,
    WEB_ROOT,
    MEDIA_DIR: absolute(c.MEDIA_DIR),
    remotesFile: c.MFE_REMOTES_FILE ? absolute(c.MFE_REMOTES_FILE) : join(WEB_ROOT, 'remotes.json'),
    isProduction: c.NODE_ENV === 'production',
  };
}
