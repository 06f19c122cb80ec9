import type { PgSequence, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from './access-token.js';
import type { RouteRecord } from './access.js';
import type { Config } from './config.js';
import type { Db, Tx } from './db.js';
import type { DictionaryItemsReader } from './dictionary-words.js';
import type { DirectoryPasswordCheck } from './directory-password.js';
import type { DomainEventHandler } from './events.js';
import type { DefaultJob, JobHandler } from './jobs/job-handler.js';
import type { JobRegistry } from './jobs/registry.js';
import type { Scheduler } from './jobs/scheduler.js';
import type { LiveHub } from './live.js';
import type { PersonalDataHolder } from './personal-data.js';
import type { RecordReference } from './references.js';
import type { UserDirectory } from './user-directory.js';
import type { WorkflowBusinessType } from './workflow-types.js';

/** What the app hands every module when it registers its routes. */
export type ModuleContext = {
  db: Db;
  config: Config;
  accessTokens: AccessTokens;
  /** The Auth-Token RSA public key the web client encrypts with. */
  authTokenPublicKey: string;
  /** Every route registered so far (filled as routes are added; the web-API module lists them). */
  routes: RouteRecord[];
  /** The job handlers of every manifest and the scheduler that runs them (the ScheduleJob module's calls). */
  jobs: { registry: JobRegistry; scheduler: Scheduler };
  /** Pushes to open streams of signed-in users, fanned out across instances (platform/live.ts). */
  live: LiveHub;
};

/** Work a module keeps running in a process beside the scheduler (a sender woken by a NOTIFY). */
export type BackgroundWork = { start(): void; stop(): Promise<void> };

export type SystemSeedOptions = { adminPassword: string | undefined };
/** The demo password's hash, computed once before the demo transaction. */
export type DemoSeedContext = { passwordHash: string };

/**
 * A module as the app, the seeds and the tests see it: exported as `<name>Module` from
 * `modules/<name>/index.ts` and listed once in `modules/index.ts`.
 */
export type ModuleManifest = {
  name: string;
  /** The Drizzle tables the module owns (drizzle-kit finds them by the `*.table.ts` glob). */
  tables: Record<string, PgTable | PgSequence>;
  /** Registers the module's routes; each route declares its permission and schemas. */
  register?: (app: FastifyInstance, ctx: ModuleContext) => void | Promise<void>;
  /** Job handlers the scheduler offers (contract section 12), and the jobs every database gets. */
  jobs?: { handlers: JobHandler[]; defaults?: DefaultJob[] };
  /**
   * Work started and stopped with the scheduler (main.ts starts it after listen, not when SCHEDULER=false), in each
   * process: e.g. the webhook sender woken by its outbox's NOTIFY, so a delivery leaves within milliseconds.
   */
  background?: (app: FastifyInstance, ctx: ModuleContext) => BackgroundWork;
  /** What the module does when another module's record changes (inside that change's transaction). */
  events?: DomainEventHandler[];
  /** Record types this module lets run through approval workflows (platform/workflow-types.ts). */
  workflowTypes?: WorkflowBusinessType[];
  /** What this module holds of other modules' records, asked before those go (platform/references.ts). */
  references?: RecordReference[];
  /** What this module holds about a person: exported and erased with them (platform/personal-data.ts). */
  personalData?: PersonalDataHolder;
  /** The user module's lists of users for the modules below it (platform/user-directory.ts). */
  userDirectory?: UserDirectory;
  /** The dictionary module's items by dictionary code, for exports that word stored values (platform/dictionary-words.ts). */
  dictionaryItems?: DictionaryItemsReader;
  /** The directory module's check of a synced user's password (platform/directory-password.ts). */
  directoryPassword?: DirectoryPasswordCheck;
  seed?: {
    /** What every database needs, at each start, safe to repeat; runs in list order. */
    system?: (db: Db, options: SystemSeedOptions) => Promise<void>;
    /** Demo rows for the quick start, inside one transaction, in list order; runs once on an empty database. */
    demo?: (tx: Tx, ctx: DemoSeedContext) => Promise<void>;
  };
};

/** Identity, for the type check and for one way of writing a manifest. */
export const defineModule = (manifest: ModuleManifest): ModuleManifest => manifest;
