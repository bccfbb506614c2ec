// The OAuth port is optional on Store only until every adapter implements it (the PostgreSQL
// adapter may not yet): without it OAuth answers 503 "unavailable" (fail closed), never 500.
import { StoreUnavailableError } from '../errors.js';
import type { Store } from '../store/ports.js';
import type { OAuthStore } from './records.js';

export function oauthStoreOf(store: Store): OAuthStore {
  if (!store.oauth) throw new StoreUnavailableError(`OAuth is not available with ${store.describe()} yet.`);
  return store.oauth;
}
