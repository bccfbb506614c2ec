// The host side of the bridge: messages from the screened stdin (./host-input.ts), messages to
// stdout as newline-delimited JSON. The same contract as the SDK's StdioServerTransport
// (start, send resolving once written or drained, close), without loading the SDK.
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export class HostChannel {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly ondata = (message: JSONRPCMessage) => this.onmessage?.(message);
  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.ondata);
    this.input.on('error', this.onStreamError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.input.off('data', this.ondata);
    this.input.off('error', this.onStreamError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.onclose?.();
  }
}
