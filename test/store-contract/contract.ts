// Registers every contract of the store ports for one adapter.
import { accountsContract } from './accounts.contract.js';
import { agentTokensContract } from './agent-tokens.contract.js';
import type { StoreFactory } from './harness.js';
import { webSessionsContract } from './web-sessions.contract.js';

export function storeContract(factory: StoreFactory): void {
  accountsContract(factory);
  agentTokensContract(factory);
  webSessionsContract(factory);
}
