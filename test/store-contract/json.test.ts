// The store contract against the JSON-file adapter (the embedded default).
import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { JsonStore } from '../../src/server/store/json/index.js';
import type { Store } from '../../src/server/store/ports.js';
import { tempDir } from '../support/server.js';
import { storeContract } from './contract.js';

const opened: { store: Store; dir: string }[] = [];

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
});
