// tools/ferretdb.cjs (the embedded database's start and supervision), typed for the API's tests.

/** A started embedded server. */
export type EmbeddedDb = { uri: string; pid: number; socket?: string; stop: () => Promise<void> };
/** A supervised one: started again after each death, so its pid moves. */
export type SupervisedDb = { uri: string; pid: () => number; stop: () => Promise<void> };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ferretDb = require('../../../tools/ferretdb.cjs') as {
  /** On a Unix socket in `dataDir`, or on a TCP `listen` address (`127.0.0.1:port`). */
  startFerretDb: (options: { dataDir: string; listen?: string }) => Promise<EmbeddedDb>;
  superviseFerretDb: (options: {
    dataDir: string;
    log: (line: string) => void;
    warn: (line: string) => void;
    onGiveUp: (error: Error) => void;
    maxAttempts?: number;
  }) => Promise<SupervisedDb>;
  recordEmbeddedServer: (dataRoot: string, db: { uri: string }) => void;
};

export const { startFerretDb, superviseFerretDb, recordEmbeddedServer } = ferretDb;
