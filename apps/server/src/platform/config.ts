import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { S3Settings } from './s3-file-store.js';
import pkg from '../../../../package.json' with { type: 'json' };

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /** A streaming replica for heavy reads (exports, reports, the dashboard, the archive); only with DATABASE_URL. */
  DATABASE_READ_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: bool.optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(1200),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(20),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
  SYSTEM_URL: z.string().optional(),
  /** false: this process serves requests but runs no scheduled jobs (another process does). */
  SCHEDULER: bool.default(true),
  SCHEDULER_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** Server processes with DATABASE_URL (0 or unset = one per core); the embedded database is always one. */
  WORKERS: z.coerce.number().int().min(0).max(256).default(0),
  /** Connections of this process's PostgreSQL pool (a cluster's primary sets it for each worker). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Where uploaded bytes go: `db` (the default with DATABASE_URL), `disk` (DATA_DIR/files, the embedded default) or
   * `s3://<bucket>[/<folder>]`, an S3-compatible store (platform/s3-file-store.ts).
   */
  FILE_STORE: z
    .string()
    .regex(
      /^(db|disk|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[\w!.*'()/-]*)?)$/,
      'db, disk or s3://<bucket>[/<folder>]',
    )
    .optional(),
  /** An S3-compatible server instead of Amazon's (MinIO, Ceph, ...), e.g. http://10.0.0.5:9000. */
  S3_ENDPOINT: z.url().optional(),
  /** Bucket in the path (`<endpoint>/<bucket>/<key>`), as most S3-compatible servers want: on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  // Amazon's own variables; without keys the SDK's usual chain applies (~/.aws profile, an instance's role).
  AWS_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
});

/** FILE_STORE=s3://bucket/folder and the S3 variables as the store's settings. */
function s3SettingsOf(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(e.FILE_STORE ?? '');
  if (!match) return undefined;
  const folder = match[2]!.replace(/^\/+|\/+$/g, '');
  return {
    bucket: match[1]!,
    prefix: folder ? `${folder}/` : '',
    endpoint: e.S3_ENDPOINT,
    // S3-compatible servers mostly ignore the region, but the SDK signs with one.
    region: e.AWS_REGION || 'us-east-1',
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** A streaming replica of `databaseUrl` for heavy reads (platform/read-replica.ts). */
  databaseReadUrl?: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Seed demo data into an empty database: on by default for the embedded database only. */
  demoData: boolean;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  /** Requests per minute per IP across the API; 0 turns the limit off (benchmarks). */
  rateLimitMax: number;
  /** Sign-in attempts per minute per IP and per user name; 0 turns the limit off. */
  loginRateLimitMax: number;
  trustProxy: boolean;
  webDist: string | undefined;
  systemUrl: string | undefined;
  version: string;
  /** Seconds an Auth-Token header stays valid, and so how long its nonce is remembered. */
  authTokenWindowSeconds: number;
  /** Whether this process runs scheduled jobs (main.ts starts the scheduler after listen). */
  scheduler: boolean;
  /** How often the scheduler looks for due jobs. */
  schedulerTickMs: number;
  /** A run whose process stopped renewing it for this long is declared interrupted. */
  jobLeaseSeconds: number;
  /** Server processes to run: one per core by default with DATABASE_URL, always 1 on the embedded database. */
  workers: number;
  databasePoolSize: number;
  /** FILE_STORE when set; unset: the database with DATABASE_URL, disk on the embedded database (platform/file-store.ts). */
  fileStore?: 'db' | 'disk' | 's3' | undefined;
  /** The bucket and how to reach it, with FILE_STORE=s3://… (platform/s3-file-store.ts). */
  s3?: S3Settings | undefined;
};

export const appVersion: string = pkg.version;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReadUrl: (e.DATABASE_URL && e.DATABASE_READ_URL) || undefined,
    dataDir: e.DATA_DIR,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    rateLimitMax: e.RATE_LIMIT_MAX,
    loginRateLimitMax: e.LOGIN_RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    systemUrl: e.SYSTEM_URL,
    version: appVersion,
    authTokenWindowSeconds: 300,
    scheduler: e.SCHEDULER,
    schedulerTickMs: e.SCHEDULER_TICK_MS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    workers: e.DATABASE_URL ? e.WORKERS || availableParallelism() : 1,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    fileStore: e.FILE_STORE?.startsWith('s3://') ? 's3' : (e.FILE_STORE as 'db' | 'disk' | undefined),
    s3: s3SettingsOf(e),
  };
}
