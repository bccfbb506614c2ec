// A bare node:http server for bench/mcp.bench.ts that answers each request with bytes the real
// rcat server sent for the same request, captured once beforehand: REST search by query, and
// /mcp initialize, notifications (202) and tools/call search by query with the caller's
// JSON-RPC id. It does no work of its own beyond parsing the JSON-RPC message, so a client timed
// against it measures the client's own cost (and node:http's): the floor under each path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CannedAnswers {
  /** REST search body by query. */
  rest: Map<string, Buffer>;
  /** The JSON text of tools/call search's `result` by query. */
  search: Map<string, string>;
  /** The JSON text of initialize's `result`. */
  initialize: string;
}

export interface CannedServer {
  url: string;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: string | Buffer, type: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function answerMcp(answers: CannedAnswers, body: string, res: http.ServerResponse): void {
  const message = JSON.parse(body) as { id?: unknown; method?: string; params?: { arguments?: { query?: string } } };
  if (message.id === undefined) {
    res.writeHead(202, { 'content-length': 0 });
    res.end();
    return;
  }
  const result = message.method === 'initialize' ? answers.initialize : answers.search.get(message.params?.arguments?.query ?? '');
  if (result === undefined) return send(res, 404, '{}', 'application/json');
  send(res, 200, `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(message.id)}}`, 'application/json');
}

export async function startCannedServer(answers: CannedAnswers): Promise<CannedServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET') {
      const body = answers.rest.get(url.searchParams.get('query') ?? '');
      if (body) send(res, 200, body, 'application/json; charset=utf-8');
      else send(res, 404, '{}', 'application/json');
      return;
    }
    // node:http pushes a body that came with the headers just after the 'request' event: a
    // microtask later it is taken as buffered, as the real server does (src/server/util/
    // request-body.ts), so this floor does not pay for stream events the server does not.
    queueMicrotask(() => {
      if (req.readableLength === Number(req.headers['content-length']) && req.readableFlowing === null) {
        return answerMcp(answers, String(req.read() ?? ''), res);
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => answerMcp(answers, Buffer.concat(chunks).toString('utf8'), res));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
