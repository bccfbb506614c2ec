// Counters and histograms for the per-request metrics, kept as plain numbers and handed to
// prom-client's Registry, which formats them like its own (`registry.registerMetric`; the
// registry reads a metric through `get()`). prom-client's own Counter and Histogram validate
// and hash the label object on every update: about 0.6 µs each on a small server, several
// times per request. Here an update is one Map lookup by a key the caller already holds (a
// number or its label values joined) and an addition; the label object is built only when a
// series is first seen. Label values still come only from fixed sets.
import type { Registry } from 'prom-client';

type Labels = Readonly<Record<string, string>>;

interface ExportedValue {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

interface Exported {
  name: string;
  help: string;
  type: string;
  aggregator: 'sum';
  values: ExportedValue[];
}

/** What prom-client's Registry reads from a metric. */
interface RegistryMetric {
  name: string;
  help: string;
  type: string;
  aggregator: 'sum';
  get(): Promise<Exported>;
}

function register(registry: Registry, metric: RegistryMetric): void {
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}

export class TallyCounter implements RegistryMetric {
  readonly type = 'counter';
  readonly aggregator = 'sum' as const;
  private readonly series = new Map<string | number, { labels: Labels; value: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    register(registry, this);
  }

  /**
   * Adds to the series `key` names (any value that stands for its labels: a number or their
   * values joined); false when there is no such series yet: then call `add` with its labels.
   * Two steps, so the hot path allocates no label object.
   */
  inc(key: string | number, by = 1): boolean {
    const series = this.series.get(key);
    if (series === undefined) return false;
    series.value += by;
    return true;
  }

  add(key: string | number, labels: Labels, by = 1): void {
    if (!this.inc(key, by)) this.series.set(key, { labels, value: by });
  }

  async get(): Promise<Exported> {
    const values = [...this.series.values()].map((s) => ({ value: s.value, labels: { ...s.labels } }));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

interface HistogramSeries {
  labels: Labels;
  /** Observations per bucket (not cumulative), the last one above every bound (+Inf). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

export class TallyHistogram implements RegistryMetric {
  readonly type = 'histogram';
  readonly aggregator = 'sum' as const;
  private readonly series = new Map<string | number, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    register(registry, this);
  }

  /** Creates a series with no observations yet (so a scrape shows it at 0 from the start). */
  seed(key: string | number, labels: Labels): void {
    if (!this.series.has(key)) this.series.set(key, { labels, buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 });
  }

  /** Records `value` in the series `key` names; false when there is none yet (`seed` it, then observe). */
  observe(key: string | number, value: number): boolean {
    const series = this.series.get(key);
    if (series === undefined) return false;
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    series.buckets[i]!++;
    series.sum += value;
    series.count++;
    return true;
  }

  async get(): Promise<Exported> {
    const values: ExportedValue[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += s.buckets[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: bound, ...s.labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...s.labels }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: { ...s.labels }, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...s.labels }, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
