// The request mix of the load test and the load benchmark (issue 8): REST search, REST record
// reads, and /mcp tool calls (search and fetch), each with a bearer token, classified as they
// come back: admitted, refused by the limits (HTTP 429, or an MCP isError with code
// rate_limited) or anything else. Loopback only; autocannon bounds each run by count or time.
import autocannon from 'autocannon';

export interface Outcomes {
  admitted: number;
  limited: number;
  /**
   * Units the admitted answers disclosed (docs/limits.md: one per search result, one per record,
   * plus one per 16 KiB of answer — these answers are smaller, which `oversized` confirms).
   */
  units: number;
  oversized: number;
  /** Anything else, with a sample of what came back (must stay empty). */
  other: number;
  samples: string[];
}

export const newOutcomes = (): Outcomes => ({ admitted: 0, limited: 0, units: 0, oversized: 0, other: 0, samples: [] });

const QUERIES = ['microscope', 'scanning electron', 'model 7', 'test series', 'electron microscope model'];

function admit(out: Outcomes, kind: 'rest' | 'mcp', body: string) {
  out.admitted++;
  if (Buffer.byteLength(body) >= 16384) out.oversized++;
  const json = JSON.parse(body);
  const payload = kind === 'rest' ? json : json.result.structuredContent;
  out.units += Array.isArray(payload.results) ? payload.results.length : 1;
}

function classify(out: Outcomes, kind: 'rest' | 'mcp', status: number, body: string) {
  if (status === 429 && kind === 'rest') out.limited++;
  else if (status === 200 && kind === 'rest') admit(out, kind, body);
  else if (status === 200 && kind === 'mcp' && body.includes('"rate_limited"') && body.includes('"isError":true')) out.limited++;
  else if (status === 200 && kind === 'mcp' && !body.includes('"isError":true') && body.includes('"result"')) admit(out, kind, body);
  else {
    out.other++;
    if (out.samples.length < 5) out.samples.push(`${kind} ${status} ${body.slice(0, 200)}`);
  }
}

/**
 * The four requests of the mix, in rotation on every connection. `token()` is asked before each
 * request, so one autocannon instance can spread over many accounts (the benchmark) or stay
 * with one (the test, which counts outcomes per account).
 */
export function mixRequests(token: () => string, recordIds: readonly string[], out: Outcomes): autocannon.Request[] {
  let n = 0;
  const pick = <T>(list: readonly T[]) => list[n++ % list.length]!;
  const auth = (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${token()}` } });
  const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
  const toolCall = (name: string, args: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name, arguments: args } });
  return [
    {
      method: 'GET',
      setupRequest: (req) => auth({ ...req, path: `/api/agent/catalog/search?query=${encodeURIComponent(pick(QUERIES))}` }),
      onResponse: (status, body) => classify(out, 'rest', status, body),
    },
    {
      method: 'GET',
      setupRequest: (req) => auth({ ...req, path: `/api/agent/catalog/record?id=${encodeURIComponent(pick(recordIds))}` }),
      onResponse: (status, body) => classify(out, 'rest', status, body),
    },
    {
      method: 'POST',
      path: '/mcp',
      setupRequest: (req) => auth({ ...req, headers: mcpHeaders, body: toolCall('search', { query: pick(QUERIES) }) }),
      onResponse: (status, body) => classify(out, 'mcp', status, body),
    },
    {
      method: 'POST',
      path: '/mcp',
      setupRequest: (req) => auth({ ...req, headers: mcpHeaders, body: toolCall('fetch', { id: pick(recordIds) }) }),
      onResponse: (status, body) => classify(out, 'mcp', status, body),
    },
  ];
}

export function runAutocannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Samples a process's resident set size (from /proc) until stopped; returns the samples in MiB. */
export function sampleRss(pid: number, everyMs = 250): { stop(): number[] } {
  const samples: number[] = [];
  const read = async () => {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    if (kb) samples.push(Number(kb) / 1024);
  };
  void read();
  const timer = setInterval(() => void read(), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}
