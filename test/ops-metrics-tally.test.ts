// The per-request counters and histograms (src/server/ops/tally.ts) must expose exactly what
// prom-client's own Counter and Histogram would for the same updates: checked line by line on
// random observations, through prom-client's Registry (the text Prometheus scrapes).
import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TallyCounter, TallyHistogram } from '../src/server/ops/tally.js';

const BOUNDS = [0.001, 0.01, 0.1, 1, 10];

/** Exposition lines with the labels inside each `{…}` sorted, so label order does not matter. */
function normalised(text: string): string[] {
  return text
    .trim()
    .split('\n')
    .map((line) => line.replace(/\{([^}]*)\}/, (_m, inner: string) => `{${inner.split(',').sort().join(',')}}`))
    .sort();
}

const family = fc.constantFrom('rest', 'mcp', 'oauth', 'web');

describe('TallyHistogram and TallyCounter', () => {
  it('expose what prom-client exposes for the same observations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(family, fc.oneof(fc.double({ min: 0, max: 50, noNaN: true }), fc.constantFrom(0, ...BOUNDS))), { maxLength: 60 }), async (observations) => {
        const theirs = new Registry();
        const ours = new Registry();
        const h = new Histogram({ name: 'x_seconds', help: 'h', labelNames: ['family'], buckets: BOUNDS, registers: [theirs] });
        const c = new Counter({ name: 'x_total', help: 'c', labelNames: ['family'], registers: [theirs] });
        const th = new TallyHistogram('x_seconds', 'h', BOUNDS, ours);
        const tc = new TallyCounter('x_total', 'c', ours);
        for (const [f, v] of observations) {
          h.observe({ family: f }, v);
          c.inc({ family: f });
          if (!th.observe(f, v)) {
            th.seed(f, { family: f });
            th.observe(f, v);
          }
          tc.add(f, { family: f });
        }
        expect(normalised(await ours.metrics())).toEqual(normalised(await theirs.metrics()));
      }),
      { numRuns: 200 },
    );
  });

  it('a seeded histogram without labels shows zero counts before the first observation, as prom-client does', async () => {
    const theirs = new Registry();
    const ours = new Registry();
    new Histogram({ name: 'y', help: 'h', buckets: BOUNDS, registers: [theirs] });
    new TallyHistogram('y', 'h', BOUNDS, ours).seed('', {});
    expect(normalised(await ours.metrics())).toEqual(normalised(await theirs.metrics()));
  });
});
