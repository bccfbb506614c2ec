// Shared by every operator command: where the data dir is and how to open its store.
import type { Environment } from '../config.js';
import type { Store } from '../store/ports/index.js';
import type { AdminIO } from './io.js';

export interface AdminContext {
  io: AdminIO;
  /** The environment variables (src/server/config.ts), read once per run. */
  env: Environment;
  dataDir(): string;
  /** Opens the store of the selected data dir once per command (works beside a running server). */
  openStore(): Promise<Store>;
  /** Closes the store openStore opened, if any (before `start` opens its own). */
  closeStore(): Promise<void>;
  /** `--store`, else RCAT_DATABASE_URL; undefined for the data dir's JSON file. */
  storeSetting(): string | undefined;
}
