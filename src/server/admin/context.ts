// Shared by every operator command: where the data dir is and how to open its store.
import type { Store } from '../store/ports/index.js';
import type { AdminIO } from './io.js';

export interface AdminContext {
  io: AdminIO;
  dataDir(): string;
  /** Opens the store of the selected data dir once per command (works beside a running server). */
  openStore(): Promise<Store>;
}
