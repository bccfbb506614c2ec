// What the pages use of the application's dependencies (src/server/deps.ts): the services, the
// limiter (record and search pages are charged like the API), the clock and the log. Never the
// store: pages call services.
import type { AppDeps } from '../deps.js';

export type WebDeps = Pick<AppDeps, 'config' | 'services' | 'limiter' | 'now' | 'log'>;
