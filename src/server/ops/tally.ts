// Counters and histograms for the per-request metrics, kept as plain numbers and handed to
// prom-client's Registry, which formats them like its own (`registry.registerMetric`; the
// registry reads a metric through `get()`). prom-client's own Counter and Histogram validate
// and hash the label object on every update: about 0.6 µs each on a small server, several
// times per request. Here an update is one Map lookup by a key the caller already holds (its
// label values joined) and an addition. Label values still come only from fixed sets.
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
  private readonly series = new Map<string, { labels: Labels; value: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    register(registry, this);
  }

  /** `key` names the series (its label values joined); `labels` are used when it is new. */
  inc(key: string, labels: Labels, by = 1): void {
    const series = this.series.get(key);
    if (series) series.value += by;
    else this.series.set(key, { labels, value: by });
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
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    register(registry, this);
  }

  /** Creates a series with no observations yet (so a scrape shows it at 0 from the start). */
  seed(key: string, labels: Labels): void {
    if (!this.series.has(key)) this.series.set(key, { labels, buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 });
  }

  observe(key: string, labels: Labels, value: number): void {
    let series = this.series.get(key);
    if (!series) {
      this.seed(key, labels);
      series = this.series.get(key)!;
    }
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    series.buckets[i]!++;
    series.sum += value;
    series.count++;
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
