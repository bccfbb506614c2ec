// The store contract against the JSON-file adapter (the embedded default) and its usage journal.
import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { JournalCounterStore } from '../../src/server/limits/journal-counter-store.js';
import type { LimitCounterStore } from '../../src/server/store/ports/limit-counters.js';
import { JsonStore } from '../../src/server/store/json/index.js';
import type { Store } from '../../src/server/store/ports/index.js';
import { tempDir } from '../support/server.js';
import { storeContract } from './contract.js';

const opened: { store: Store | LimitCounterStore; dir: string }[] = [];

afterAll(async () => {
  for (const { store, dir } of opened) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

storeContract({
  async open() {
    const dir = tempDir('rcat-contract-');
    const store = await JsonStore.open(dir);
    opened.push({ store, dir });
    return store;
  },
  // The JSON deployment's limit counters: the usage journal in the data dir.
  async openCounters() {
    const dir = tempDir('rcat-contract-usage-');
    const counters = await JournalCounterStore.open(dir);
    opened.push({ store: counters, dir });
    return counters;
  },
});
