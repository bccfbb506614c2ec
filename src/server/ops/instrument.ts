// Decorators that time the limiter, the catalogue search and the state store for the metrics
// (./metrics.ts), applied once by the composition root when metrics are on, so no service
// knows about Prometheus. Each returns an object whose prototype is the original (instanceof,
// fields and other methods are the original's) with the timed methods as own properties that
// call the original with the original as `this` (its internal calls are not counted twice).
import type { ServerMetrics } from './metrics.js';

interface ChargingLimiter {
  charge(...args: never[]): Promise<{ allowed: boolean; blockedBy?: string }>;
  /** Optional: a charge that re-checks a bearer credential (null: not made, the caller charges again). */
  chargeChecked?(...args: never[]): Promise<{ allowed: boolean; blockedBy?: string } | null>;
}

/** Counts every charge's decision: allowed, limited by which window (429), or unavailable (503). */
export function instrumentLimiter<L extends ChargingLimiter>(limiter: L, metrics: ServerMetrics): L {
  const timed = Object.create(limiter) as L;
  const counted =
    <D extends { allowed: boolean; blockedBy?: string } | null>(method: (...args: never[]) => Promise<D>) =>
    (...args: never[]) =>
      method.apply(limiter, args).then(
        (decision) => {
          if (decision) metrics.limiterDecision(decision.allowed ? { allowed: true } : { allowed: false, window: decision.blockedBy ?? 'unknown' });
          return decision;
        },
        (error: unknown) => {
          metrics.limiterDecision({ unavailable: true });
          throw error;
        },
      );
  timed.charge = counted(limiter.charge) as L['charge'];
  if (limiter.chargeChecked) timed.chargeChecked = counted(limiter.chargeChecked) as L['chargeChecked'];
  return timed;
}

interface SearchingCatalogue {
  searchAnswer(query: string): { response: { results: readonly unknown[] } };
}

/** Times every catalogue search and records how many results it answered. */
export function instrumentCatalogue<C extends SearchingCatalogue>(catalogue: C, metrics: ServerMetrics): C {
  const timed = Object.create(catalogue) as C;
  const searchAnswer = catalogue.searchAnswer;
  timed.searchAnswer = ((query: string) => {
    const started = performance.now();
    const answer = searchAnswer.call(catalogue, query);
    metrics.search(answer.response.results.length, (performance.now() - started) / 1000);
    return answer;
  }) as C['searchAnswer'];
  return timed;
}

/**
 * The ports of the state store (src/server/store/ports.ts) whose operations are timed. A list,
 * not every property: an adapter also holds its connection pool, which must stay untouched.
 */
export const STORE_PORTS = [
  'accounts',
  'agentTokens',
  'oauth',
  'webSessions',
  'projects',
  'collections',
  'shortlist',
  'inquiryDrafts',
  'attemptCounters',
  'limitCounters',
] as const;

/** Methods that describe or close a port rather than operate on state. */
const NOT_OPERATIONS = new Set(['constructor', 'describe', 'close']);

/**
 * Times every operation of every store port as `<port>.<method>` (e.g. `accounts.getById`),
 * labelled with the adapter (`json`, `postgres`), and counts the ones that fail (a store that
 * cannot be read or written, not a conflict the store refuses by design).
 */
export function instrumentStore<S extends object>(store: S, adapter: string, metrics: ServerMetrics): S {
  const timed = Object.create(store) as Record<string, unknown>;
  for (const name of STORE_PORTS) {
    const port = (store as Record<string, unknown>)[name];
    if (typeof port === 'object' && port !== null) timed[name] = instrumentPort(port, name, adapter, metrics);
  }
  return timed as S;
}

function instrumentPort(port: object, portName: string, adapter: string, metrics: ServerMetrics): object {
  const timed = Object.create(port) as Record<string, unknown>;
  for (const method of methodNames(port)) {
    const original = (port as Record<string, unknown>)[method] as (...args: unknown[]) => unknown;
    const operation = `${portName}.${method}`;
    timed[method] = (...args: unknown[]) => {
      const started = performance.now();
      const done = (failed: boolean) => metrics.storeOperation(adapter, operation, (performance.now() - started) / 1000, failed);
      let result: unknown;
      try {
        result = original.apply(port, args);
      } catch (error) {
        done(isStoreFailure(error));
        throw error;
      }
      if (!isPromise(result)) {
        done(false);
        return result;
      }
      return result.then(
        (value) => {
          done(false);
          return value;
        },
        (error: unknown) => {
          done(isStoreFailure(error));
          throw error;
        },
      );
    };
  }
  return timed;
}

/** Every method of an object and its classes (not Object's own). */
function methodNames(target: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = target; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (NOT_OPERATIONS.has(name) || name.startsWith('_')) continue;
      const descriptor = Object.getOwnPropertyDescriptor(o, name);
      if (descriptor && typeof descriptor.value === 'function') names.add(name);
    }
  }
  return [...names];
}

/**
 * A failure of the store itself, not a refusal it was asked to make: an adapter answers a
 * conflict (an e-mail taken, a project's last owner) with an error carrying a 4xx status.
 */
function isStoreFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return !(typeof status === 'number' && status >= 400 && status < 500);
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
