// `rcat mcp`: a message-level proxy between a desktop MCP host (stdio) and the remote /mcp
// endpoint (Streamable HTTP). It relays JSON-RPC messages as they are, so whatever the remote
// server offers the host sees; it adds only what a bridge must: exactly one answer per host
// request (an actionable JSON-RPC error when the remote fails), timeouts, cancellation,
// failover between hosts, and a clean exit when the host goes away.
import type { Readable, Writable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { SendOptions, Answer } from '../http-node.js';
import type { BridgeLog } from './bridge-log.js';
import { HostChannel } from './host-channel.js';
import { escapingLines } from './host-output.js';
import { redact } from '../redact.js';
import type { JsonRpcAnswer } from './exchange.js';
import { HostInputScreen } from './host-input.js';
import { ErrorCode } from './jsonrpc.js';
import { ServerRequestIds } from './server-request-ids.js';
import type { TokenSource } from './token-source.js';
import { Upstream } from './upstream.js';
import { combineFailures, UpstreamFailure } from './upstream-failure.js';

// Messages reaching these tests were validated by a transport (JSONRPCMessageSchema); the
// shape alone tells them apart, without another zod pass over possibly large results.
const isRequest = (m: JSONRPCMessage): m is JSONRPCRequest => 'method' in m && 'id' in m;
const isNotification = (m: JSONRPCMessage): m is JSONRPCNotification => 'method' in m && !('id' in m);
const isAnswer = (m: JSONRPCMessage): m is JsonRpcAnswer => !('method' in m) && ('result' in m || 'error' in m);

export interface BridgeOptions {
  /** Server origins in failover order. */
  servers: string[];
  /** Per-request timeout (`--timeout`). */
  timeoutMs: number;
  fetch: FetchLike;
  /** The same connections without the Web Response (requests answered in JSON skip it). */
  send?: (url: string, options: SendOptions) => Promise<Answer>;
  /** Requests may go through a proxy (for messages). */
  proxied?: boolean;
  tokens: TokenSource;
  log: BridgeLog;
  stdin: Readable;
  stdout: Writable;
}

/** Abort reasons: why the bridge stopped waiting for a remote answer. */
class Stopped {
  constructor(readonly why: 'timeout' | 'cancelled' | 'closing') {}
}

interface PendingRequest {
  message: JSONRPCRequest;
  controller: AbortController;
  timer: NodeJS.Timeout;
  upstream?: Upstream;
  /** Messages (progress, logging) relayed to the host while this request was in flight. */
  relayed: number;
}

export class McpBridge {
  private readonly upstreams: Upstream[];
  private readonly host: HostChannel;
  private readonly pending = new Map<RequestId, PendingRequest>();
  private readonly serverRequests = new ServerRequestIds<Upstream>();
  private readonly lifetime = new AbortController();
  private preferred = 0;
  private closing = false;
  /** stdin ended: answer what is in flight, then stop. */
  private draining = false;
  private readonly screen: HostInputScreen;
  private resolveDone!: () => void;
  /** Resolves once the bridge has shut down (stdin closed, stdout broken, or close()). */
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve));

  constructor(private readonly options: BridgeOptions) {
    if (options.servers.length === 0) throw new Error('rcat mcp needs at least one server');
    const deps = {
      fetch: options.fetch,
      send: options.send,
      proxied: options.proxied,
      tokens: options.tokens,
      lifetime: this.lifetime.signal,
      onServerMessage: (upstream: Upstream, message: JSONRPCMessage) => this.fromServer(upstream, message),
    };
    this.upstreams = options.servers.map((origin) => new Upstream(origin, deps));
    this.screen = new HostInputScreen((answer) => this.toHost(answer));
    options.stdin.pipe(this.screen);
    this.host = new HostChannel(this.screen, escapingLines(options.stdout));
  }

  async start(): Promise<void> {
    const { stdin, stdout, log } = this.options;
    this.host.onmessage = (message) => this.fromHost(message);
    this.host.onerror = (error) => log.debug(`host message dropped: ${error.message}`);
    this.host.onclose = () => void this.close('host transport closed');
    // The screen ends after the last line the host wrote has been dispatched. A host that
    // writes its requests and closes stdin still gets its answers (bounded by --timeout).
    this.screen.once('end', () => {
      this.draining = true;
      this.closeIfDrained();
    });
    stdin.on('error', (error: NodeJS.ErrnoException) => void this.close(`stdin ${error.code ?? 'error'}`));
    stdin.once('close', () =>
      setImmediate(() => {
        this.draining = true;
        this.closeIfDrained();
      }),
    );
    stdout.on('error', (error: NodeJS.ErrnoException) => void this.close(`stdout ${error.code ?? 'error'}`));
    await this.host.start();
    log.info(`bridging stdio to ${this.upstreams.map((u) => u.url.href).join(', ')}`);
  }

  private toHost(message: JSONRPCMessage): void {
    if (this.closing) return;
    // An error's message may quote what the server or a proxy echoed: no token reaches the host.
    if ('error' in message) message = { ...message, error: { ...message.error, message: redact(message.error.message) } };
    this.host.send(message).catch((error: Error) => this.options.log.debug(`cannot write to the host: ${error.message}`));
  }

  private closeIfDrained(): void {
    if (this.draining && this.pending.size === 0) void this.close('stdin closed');
  }

  private fromHost(message: JSONRPCMessage): void {
    if (this.closing) return;
    if (isRequest(message)) void this.relayRequest(message);
    else if (isNotification(message)) void this.relayNotification(message);
    else if (isAnswer(message)) void this.relayHostAnswer(message);
  }

  private async relayRequest(message: JSONRPCRequest): Promise<void> {
    const { log, timeoutMs } = this.options;
    if (this.pending.has(message.id)) {
      this.toHost({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InvalidRequest, message: `Request id ${JSON.stringify(message.id)} is already in use by a request in flight.` } });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Stopped('timeout')), timeoutMs);
    const entry: PendingRequest = { message, controller, timer, relayed: 0 };
    this.pending.set(message.id, entry);
    log.debug(`→ ${message.method} #${String(message.id)}`);
    let answer: JsonRpcAnswer;
    try {
      answer = await this.withFailover(entry);
      if (message.method === 'initialize' && 'result' in answer) this.adoptProtocolVersion(answer.result.protocolVersion);
    } catch (error) {
      answer = this.errorAnswer(entry, error);
    }
    // The SDK's Client handles notifications a microtask late but answers at once, so progress
    // read in the same chunk as the answer is dropped; a macrotask apart, the host's reader
    // usually sees them separately.
    if (entry.relayed > 0) await new Promise((resolve) => setImmediate(resolve));
    // Cancelled or shut down meanwhile: per MCP cancellation, no answer is sent.
    if (this.pending.get(message.id) !== entry) return;
    this.pending.delete(message.id);
    clearTimeout(timer);
    log.debug(`← #${String(message.id)} ${'error' in answer ? `error ${answer.error.code}` : 'ok'}`);
    this.toHost(answer);
    this.closeIfDrained();
  }

  /** Tries each server from the preferred one; only connection failures and 5xx move on. */
  private async withFailover(entry: PendingRequest): Promise<JsonRpcAnswer> {
    const failures: UpstreamFailure[] = [];
    const count = this.upstreams.length;
    for (let i = 0; i < count; i++) {
      const index = (this.preferred + i) % count;
      const upstream = this.upstreams[index]!;
      entry.upstream = upstream;
      try {
        const answer = await upstream.request(entry.message, entry.controller.signal, (m) => {
          entry.relayed++;
          // A request that reports progress is alive: --timeout counts from its last report.
          if ('method' in m && m.method === 'notifications/progress') entry.timer.refresh();
          this.fromServer(upstream, m);
        });
        if (index !== this.preferred) {
          this.options.log.info(`now using ${upstream.url.href}`);
          this.preferred = index;
        }
        return answer;
      } catch (error) {
        if (!(error instanceof UpstreamFailure) || entry.controller.signal.aborted) throw error;
        if (!error.failover) throw error;
        failures.push(error);
        const next = this.upstreams[(index + 1) % count]!;
        if (i + 1 < count) this.options.log.info(`${error.message} Trying ${next.url.href}.`);
      }
    }
    throw combineFailures(failures);
  }

  private errorAnswer(entry: PendingRequest, error: unknown): JsonRpcAnswer {
    const { id, method } = entry.message;
    const server = entry.upstream?.url.href ?? this.upstreams[0]!.url.href;
    const reason = entry.controller.signal.aborted ? entry.controller.signal.reason : undefined;
    if (reason instanceof Stopped && reason.why === 'timeout') {
      const seconds = this.options.timeoutMs / 1000;
      const failure = new UpstreamFailure(`No answer from ${server} to ${method} within ${seconds} s (rcat mcp --timeout); the server may be overloaded, retry later.`, { kind: 'timeout', server });
      this.options.log.info(failure.message);
      return failure.toJsonRpc(id);
    }
    if (error instanceof UpstreamFailure) {
      this.options.log.info(`${method} #${String(id)} failed: ${error.message}`);
      return error.toJsonRpc(id);
    }
    if (reason instanceof Stopped && reason.why === 'cancelled') {
      // Not sent: the host cancelled it (relayRequest drops the answer).
      return { jsonrpc: '2.0', id, error: { code: ErrorCode.RequestTimeout, message: 'Cancelled by the host.' } };
    }
    const message = reason instanceof Stopped ? 'rcat mcp is shutting down.' : `rcat mcp internal error: ${(error as Error)?.message ?? String(error)}`;
    this.options.log.info(message);
    return { jsonrpc: '2.0', id, error: { code: reason instanceof Stopped ? ErrorCode.ConnectionClosed : ErrorCode.InternalError, message } };
  }

  private adoptProtocolVersion(version: unknown): void {
    if (typeof version !== 'string') return;
    for (const upstream of this.upstreams) upstream.protocolVersion = version;
    this.options.log.debug(`protocol version ${version}`);
  }

  private async relayNotification(message: JSONRPCNotification): Promise<void> {
    if (message.method === 'notifications/cancelled') return this.cancel(message);
    const signal = AbortSignal.any([this.lifetime.signal, AbortSignal.timeout(this.options.timeoutMs)]);
    const failures: UpstreamFailure[] = [];
    for (let i = 0; i < this.upstreams.length; i++) {
      const upstream = this.upstreams[(this.preferred + i) % this.upstreams.length]!;
      try {
        if (message.method === 'notifications/initialized') await upstream.postInitialized(message);
        else await upstream.post(message, signal);
        return;
      } catch (error) {
        if (!(error instanceof UpstreamFailure)) return this.options.log.debug(`${message.method} not delivered: ${String(error)}`);
        failures.push(error);
        if (!error.failover) break;
      }
    }
    if (failures.length) this.options.log.info(`${message.method} not delivered: ${combineFailures(failures).message}`);
  }

  /** notifications/cancelled: abort the in-flight HTTP exchange and tell its server. */
  private async cancel(message: JSONRPCNotification): Promise<void> {
    const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
    const entry = requestId === undefined ? undefined : this.pending.get(requestId);
    if (!entry || requestId === undefined) {
      this.options.log.debug(`cancellation of unknown request ${JSON.stringify(requestId)} ignored`);
      return;
    }
    this.pending.delete(requestId);
    clearTimeout(entry.timer);
    entry.controller.abort(new Stopped('cancelled'));
    this.options.log.debug(`✗ #${String(requestId)} cancelled by the host`);
    this.closeIfDrained();
    const signal = AbortSignal.any([this.lifetime.signal, AbortSignal.timeout(this.options.timeoutMs)]);
    await entry.upstream?.post(message, signal).catch(() => {});
  }

  /** The host's answer to a request the server sent: back to that server, with its own id. */
  private async relayHostAnswer(message: JsonRpcAnswer): Promise<void> {
    const origin = message.id === undefined ? undefined : this.serverRequests.take(message.id);
    if (!origin) return this.options.log.debug(`answer to unknown server request ${JSON.stringify(message.id)} dropped`);
    const signal = AbortSignal.any([this.lifetime.signal, AbortSignal.timeout(this.options.timeoutMs)]);
    await origin.owner.post({ ...message, id: origin.id }, signal).catch((error: Error) => this.options.log.info(`answer to the server not delivered: ${error.message}`));
  }

  /** Messages from a server other than the answer awaited: requests get bridge-unique ids. */
  private fromServer(upstream: Upstream, message: JSONRPCMessage): void {
    if (isRequest(message)) {
      this.toHost({ ...message, id: this.serverRequests.issue(upstream, message.id) });
    } else if (isNotification(message)) {
      if (message.method === 'notifications/cancelled') {
        const params = message.params as { requestId?: RequestId } | undefined;
        const hostId = params?.requestId === undefined ? undefined : this.serverRequests.hostIdFor(upstream, params.requestId);
        if (hostId === undefined) return;
        this.toHost({ ...message, params: { ...params, requestId: hostId } });
      } else this.toHost(message);
    }
  }

  /** Stops: in-flight exchanges are aborted, the listening streams closed, stdin released. */
  async close(why = 'closed'): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.options.log.debug(`shutting down (${why})`);
    this.lifetime.abort(new Stopped('closing'));
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.controller.abort(new Stopped('closing'));
    }
    this.pending.clear();
    await Promise.all(this.upstreams.map((u) => u.close()));
    await this.host.close().catch(() => {});
    this.options.stdin.unpipe();
    this.options.stdin.destroy();
    this.resolveDone();
  }
}
