// vitest `sequence.sequencer`: the slowest test files start first, so the two workers finish
// together instead of one running a long file alone at the end. vitest orders by the durations
// of the previous run on this machine (node_modules/.vite/vitest), and a fresh clone has none: it
// then starts the largest files first, which put the two golden search files (45 s and 28 s of
// CPU, and among the smallest sources) last, with one worker idle behind them. Files without a
// previous run here are ordered by the seconds below (measured on a quiet 2-core machine from a
// fresh clone); a file in neither starts after every one that is. Refresh the table when the
// slow files change: the seconds each file took, from `npx vitest run` on a quiet machine (this
// table: the fresh-clone `.ci/run` of 2026-11-28, main 54554fc, load ~3, two workers).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per test file (files under one second are left out). */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  'test/search-ranking-golden-tenfold.test.ts': 56,
  'test/search-ranking-golden.test.ts': 42,
  'test/catalogue-index-cache.test.ts': 31,
  'test/browser/web-pages.browser.test.ts': 25,
  'test/browser/accessibility.browser.test.ts': 24,
  'test/package-install.test.ts': 23,
  'test/catalogue-memory.test.ts': 22,
  'test/ops-shutdown.test.ts': 18,
  'test/durability-kill.test.ts': 17,
  'test/demo-start.test.ts': 13,
  'test/admin-account-maintenance.test.ts': 12,
  'test/store-contract/postgres.test.ts': 12,
  'test/browser/new-user-pages.browser.test.ts': 11,
  'test/postgres-migrate-store.test.ts': 11,
  'test/admin-commands.test.ts': 10,
  'test/catalogue-import-index.test.ts': 10,
  'test/cli-keyring.test.ts': 10,
  'test/postgres-multi-host.test.ts': 10,
  'test/browser/agent-connections-lookalikes.browser.test.ts': 9,
  'test/security-cross-site-forms.browser.test.ts': 9,
  'test/store-json-durability.test.ts': 9,
  'test/bridge-stdio.test.ts': 8,
  'test/oauth-token-throttle.test.ts': 8,
  'test/browser/web-search-results.browser.test.ts': 7,
  'test/cli-login.browser.test.ts': 6,
  'test/fuzz-cli.test.ts': 6,
  'test/limits-usage-sync.test.ts': 6,
  'test/mcp-conformance.test.ts': 6,
  'test/postgres-failover.test.ts': 6,
  'test/postgres-migrations.test.ts': 6,
  'test/browser/oauth-connection.browser.test.ts': 5,
  'test/load-mixed.test.ts': 5,
  'test/oauth-consent.browser.test.ts': 5,
  'test/postgres-account-maintenance.test.ts': 5,
  'test/postgres-admin-exit-codes.test.ts': 5,
  'test/browser/rate-limit-page.browser.test.ts': 4,
  'test/catalogue-merged-terms.test.ts': 4,
  'test/cli-login-browser.test.ts': 4,
  'test/web-sign-in-throttle-store.test.ts': 4,
  'test/admin-exit-codes.test.ts': 3,
  'test/bench-relevance.test.ts': 3,
  'test/bridge-failures.test.ts': 3,
  'test/bridge.test.ts': 3,
  'test/cli-credentials.test.ts': 3,
  'test/cli-help-pages.test.ts': 3,
  'test/limits-cli.test.ts': 3,
  'test/limits-minute.test.ts': 3,
  'test/ops-server.test.ts': 3,
  'test/postgres-processes-limits.test.ts': 3,
  'test/security-oauth-binding.test.ts': 3,
  'test/bridge-fast-start.test.ts': 2,
  'test/bridge-network.test.ts': 2,
  'test/catalogue-import.test.ts': 2,
  'test/catalogue-merged-records.test.ts': 2,
  'test/catalogue-record-check.test.ts': 2,
  'test/cli-catalogue.test.ts': 2,
  'test/cli-exit-codes.test.ts': 2,
  'test/cli-mcp-tools.test.ts': 2,
  'test/cli-network.test.ts': 2,
  'test/cli-redaction.test.ts': 2,
  'test/fuzz-mcp.test.ts': 2,
  'test/fuzz-pages.test.ts': 2,
  'test/web-sign-in.test.ts': 2,
  'test/cli-credentials-symlink.test.ts': 1,
  'test/durability-disk.test.ts': 1,
  'test/fuzz-oauth.test.ts': 1,
  'test/fuzz-rest.test.ts': 1,
  'test/limits-outage.test.ts': 1,
  'test/limits-units.test.ts': 1,
  'test/mcp-admin-commands.test.ts': 1,
  'test/mcp-direct.test.ts': 1,
  'test/mcp-endpoint.test.ts': 1,
  'test/mcp-limits.test.ts': 1,
  'test/mcp-tools.test.ts': 1,
  'test/oauth-robustness.test.ts': 1,
  'test/oauth-tokens.test.ts': 1,
  'test/passwords.test.ts': 1,
  'test/postgres-one-round-trip.test.ts': 1,
  'test/rate-limit-words.test.ts': 1,
  'test/search-cross-compounds.test.ts': 1,
  'test/search-edit-distance.test.ts': 1,
  'test/security-json-line-separators.test.ts': 1,
  'test/security-registration.test.ts': 1,
  'test/store-contract/json.test.ts': 1,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const seconds = (spec: TestSpecification): number => {
      const rel = spec.moduleId.slice(this.ctx.config.root.length + 1).split('\\').join('/');
      const previous = cache.getFileTestResults(`${spec.project.name}:${rel}`);
      return previous ? previous.duration / 1000 : (EXPECTED_SECONDS[rel] ?? 0);
    };
    const order = new Map(files.map((spec) => [spec, seconds(spec)]));
    return [...files].sort((a, b) => order.get(b)! - order.get(a)!);
  }
}
