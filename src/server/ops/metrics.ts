// Prometheus metrics (text exposition format, prom-client), served at GET /metrics when the
// operator turns them on (`--metrics`, `--metrics-port`; docs/operations.md lists every family).
// Labels come from fixed sets only (route family, method, status class, limit window, store
// adapter and operation names from the code): never a query, a token, an e-mail or an account
// id, so a scrape discloses nothing about who asked what, and the series count stays bounded.
import { createRequire } from 'node:module';
import type { Registry } from 'prom-client';
import { methodIndex, methodLabel, type RouteFamily, statusClass } from './request-facts.js';
import { TallyCounter, TallyHistogram } from './tally.js';

/** Request latency buckets (seconds): a cached search answers in well under a millisecond. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A search answers at most 20 results (spec 4.1). */
const RESULT_BUCKETS = [0, 1, 2, 5, 10, 15, 20];

/** How a limiter charge ended, as `rcat_limiter_decisions_total` counts it. */
export type LimiterOutcome = { allowed: true } | { allowed: false; window: string } | { unavailable: true };

/** Values read only when Prometheus scrapes (so they cost nothing per request). */
export interface ScrapeTimeValues {
  /** Requests received and not yet answered. */
  inFlight(): number;
  /** Open TCP connections of the main listener. */
  openConnections(): Promise<number>;
  /** 1 when the server is ready (the /readyz check, reused for a second), 0 otherwise. */
  ready(): Promise<number>;
}

const FAMILY_INDEX: Readonly<Record<RouteFamily, number>> = { rest: 0, mcp: 1, oauth: 2, web: 3, ops: 4 };

/** prom-client, loaded when metrics are first built: a server without metrics never loads it (~5 MB resident). */
let promClient: typeof import('prom-client') | null = null;
const prom = () => (promClient ??= createRequire(import.meta.url)('prom-client') as typeof import('prom-client'));

let processRegistry: Registry | null = null;

/** Process metrics (CPU, memory, event loop lag, GC), registered once per process: they describe the process, not one server. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new (prom().Registry)();
    prom().collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export class ServerMetrics {
  readonly registry: Registry = new (prom().Registry)();
  private readonly requests: TallyCounter;
  private readonly requestSeconds: TallyHistogram;
  private readonly limiterDecisions: TallyCounter;
  private readonly searchSeconds: TallyHistogram;
  private readonly searchResults: TallyHistogram;
  private readonly storeSeconds: TallyHistogram;
  private readonly storeErrors: TallyCounter;

  constructor(version: string, values: ScrapeTimeValues) {
    const { Gauge } = prom();
    const registers = [this.registry];
    const registry = this.registry;
    this.requests = new TallyCounter('rcat_http_requests_total', 'HTTP requests answered, by route family, method and status class', registry);
    this.requestSeconds = new TallyHistogram('rcat_http_request_duration_seconds', 'Time from request to the end of its answer, by route family', LATENCY_BUCKETS, registry);
    new Gauge({ name: 'rcat_http_requests_in_flight', help: 'Requests received and not yet answered', registers, collect() { this.set(values.inFlight()); } });
    new Gauge({ name: 'rcat_http_open_connections', help: 'Open TCP connections of the main listener', registers, async collect() { this.set(await values.openConnections()); } });
    this.limiterDecisions = new TallyCounter('rcat_limiter_decisions_total', 'Limiter charges: allowed, limited (429, by the window that refused) or unavailable (503)', registry);
    this.searchSeconds = new TallyHistogram('rcat_search_duration_seconds', 'Time to answer a catalogue search (answer cache included)', LATENCY_BUCKETS, registry);
    this.searchSeconds.seed('', {});
    this.searchResults = new TallyHistogram('rcat_search_results', 'Results per catalogue search answer', RESULT_BUCKETS, registry);
    this.searchResults.seed('', {});
    this.storeSeconds = new TallyHistogram('rcat_store_operation_duration_seconds', 'State store operations, by adapter and operation', LATENCY_BUCKETS, registry);
    this.storeErrors = new TallyCounter('rcat_store_operation_errors_total', 'State store operations that failed, by adapter and operation', registry);
    new Gauge({ name: 'rcat_ready', help: '1 when the server is ready (GET /readyz answers 200), 0 otherwise', registers, async collect() { this.set(await values.ready()); } });
    new Gauge({ name: 'rcat_build_info', help: 'The rcat version serving (always 1)', labelNames: ['version'], registers }).set({ version }, 1);
  }

  request(family: RouteFamily, method: string | undefined, status: number, seconds: number): void {
    // One number per (family, method, status class): no string is built per request.
    const key = FAMILY_INDEX[family] * 1000 + methodIndex(method) * 10 + Math.min(Math.floor(status / 100), 9);
    if (!this.requests.inc(key)) this.requests.add(key, { family, method: methodLabel(method), status_class: statusClass(status) });
    if (!this.requestSeconds.observe(family, seconds)) {
      this.requestSeconds.seed(family, { family });
      this.requestSeconds.observe(family, seconds);
    }
  }

  limiterDecision(outcome: LimiterOutcome): void {
    if ('unavailable' in outcome) this.limiterDecisions.add('unavailable', { decision: 'unavailable' });
    else if (outcome.allowed) {
      if (!this.limiterDecisions.inc('allowed')) this.limiterDecisions.add('allowed', { decision: 'allowed' });
    } else this.limiterDecisions.add(`limited ${outcome.window}`, { decision: 'limited', window: outcome.window });
  }

  search(results: number, seconds: number): void {
    this.searchSeconds.observe('', seconds);
    this.searchResults.observe('', results);
  }

  storeOperation(adapter: string, operation: string, seconds: number, failed: boolean): void {
    // `operation` is one of a fixed set of strings (src/server/ops/instrument.ts), the adapter one per server.
    if (!this.storeSeconds.observe(operation, seconds)) {
      this.storeSeconds.seed(operation, { adapter, operation });
      this.storeSeconds.observe(operation, seconds);
    }
    if (failed) this.storeErrors.add(operation, { adapter, operation });
  }

  /** The scrape: this server's metrics, then the process's. */
  async render(): Promise<string> {
    return `${await this.registry.metrics()}\n${await processMetrics().metrics()}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
