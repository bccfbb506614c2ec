// Everything createApp needs, built by the composition root (src/server/main.ts) or by tests.
import type { BearerVerifier } from '../auth/principal.js';
import type { ResolvedConfig } from '../config.js';
import type { Limiter } from '../limits/ports.js';
import type { CatalogueService } from '../services/catalogue-service.js';
import type { Store } from '../store/ports.js';

export interface Services {
  catalogue: CatalogueService;
}

export interface AppDeps {
  config: ResolvedConfig;
  store: Store;
  services: Services;
  limiter: Limiter;
  /** Bearer verifiers tried in order (agent tokens, OAuth access tokens). */
  verifiers: BearerVerifier[];
  now: () => Date;
  log: (line: string) => void;
}
