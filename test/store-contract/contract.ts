// Registers every contract of the store ports for one adapter.
import { accountsContract } from './accounts.contract.js';
import { agentTokensContract } from './agent-tokens.contract.js';
import { attemptCountersContract } from './attempt-counters.contract.js';
import { domainContract } from './domain.contract.js';
import { oauthContract } from './oauth.contract.js';
import type { StoreFactory } from './harness.js';
import { type CounterFactory, limitCountersContract } from './limit-counters.contract.js';
import { serverSecretsContract } from './server-secrets.contract.js';
import { webSessionsContract } from './web-sessions.contract.js';

export function storeContract(factory: StoreFactory & CounterFactory): void {
  accountsContract(factory);
  agentTokensContract(factory);
  webSessionsContract(factory);
  domainContract(factory);
  oauthContract(factory);
  limitCountersContract(factory);
  attemptCountersContract(factory);
  serverSecretsContract(factory);
}
