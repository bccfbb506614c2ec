// The indexer child processes of ./catalogue-build.ts (./index-worker.ts) and how a large file
// is built in parts: one child per part, side by side; as each part is built, the child says
// so and waits; every one but the last to finish writes its part to a file, and the last
// merges those files with its own part into the index of the whole. The merge costs no process
// start of its own, and the part built last (the one the server waits for) is neither written
// nor read back before it is merged.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ParseIssue } from './source-record.js';

/** What an indexer child answers (the index itself is in the file it was given). */
export interface IndexerAnswer {
  ok: boolean;
  /** Valid records read. */
  count: number;
  issues?: ParseIssue[];
  /** The parts use one ID twice: one build over the whole file reports where. */
  clash?: boolean;
  /** Something other than the catalogue's content went wrong. */
  failure?: string;
  /** A part is built and its child waits for an order (IndexerOrder). */
  built?: boolean;
}

/** What a part's child is told once every part is built: write its part to its file, or merge all of them. */
export interface IndexerOrder {
  merge?: {
    /** The parts in order: the other parts' files, null for the child's own part. */
    parts: (string | null)[];
    /** Where the merged index goes. */
    out: string;
  };
}

const here = fileURLToPath(import.meta.url);
// Run from the TypeScript sources (tests), the child loads them the same way.
const fromSources = here.endsWith('.ts');
const indexerFile = here.replace(/part-builds\.(ts|js)$/, 'index-worker.$1');

/** One indexer child: its answers in order, and orders to it. */
class Indexer {
  private readonly child: ChildProcess;
  private readonly answers: IndexerAnswer[] = [];
  private waiting: { resolve: (a: IndexerAnswer) => void; reject: (e: Error) => void } | null = null;
  private ended: Error | null = null;
  private stderr = '';
  /** It gave its last answer and was let go (it ends by itself). */
  private released = false;

  constructor(args: string[]) {
    this.child = fork(indexerFile, args, { execArgv: fromSources ? ['--import', 'tsx'] : [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      if (this.stderr.length < 4000) this.stderr += text;
    });
    this.child.on('message', (message: IndexerAnswer) => {
      if (!this.waiting) return void this.answers.push(message);
      this.waiting.resolve(message);
      this.waiting = null;
    });
    this.child.once('error', (error) => this.end(error));
    this.child.once('exit', (code, signal) => {
      const said = this.stderr.trim() ? `: ${this.stderr.trim().split('\n').slice(-3).join(' ')}` : '';
      this.end(new Error(`the catalogue indexer stopped (${signal ?? `exit code ${code}`})${said}`));
    });
  }

  private end(error: Error): void {
    this.ended ??= error;
    this.waiting?.reject(this.ended);
    this.waiting = null;
  }

  /** Its next answer; rejects if it ended without one. */
  answer(): Promise<IndexerAnswer> {
    const next = this.answers.shift();
    if (next) return Promise.resolve(next);
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  order(order: IndexerOrder): void {
    this.child.send(order);
  }

  /**
   * Its last answer (its file is whole by then); the child is let go and ends by itself, not
   * waited for: the server reads the index while the child's memory is being freed.
   */
  async last(): Promise<IndexerAnswer> {
    const answer = await this.answer();
    this.released = true;
    if (this.child.connected) this.child.disconnect();
    return answer;
  }

  stop(): void {
    if (!this.released && this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }
}

/** A whole file indexed in one child (`final`: priors worked out) into `out`. */
export function buildWhole(out: string, file: string, size: number): Promise<IndexerAnswer> {
  return new Indexer(['build', out, file, '0', String(size), 'final']).last();
}

/**
 * Builds a file in `partFiles.length` parts (lines starting in [bounds[k], bounds[k + 1])) and
 * merges them into `out`; the answer, or null when one build over the whole file must say what
 * is wrong with it (a part with invalid lines, no records or too many, or an ID in two parts).
 * `accept`: whether the parts' records, counted, may be merged.
 */
export async function buildInParts(file: string, bounds: number[], partFiles: string[], out: string, accept: (records: number) => boolean): Promise<IndexerAnswer | null> {
  const children = partFiles.map((f, k) => new Indexer(['part', f, file, String(bounds[k]), String(bounds[k + 1])]));
  const state = { left: children.length, records: 0, invalid: false, last: -1 };
  const written: Promise<IndexerAnswer>[] = [];
  try {
    await Promise.all(
      children.map(async (child, k) => {
        const answer = await child.answer().catch((error: Error) => {
          if (state.invalid) return null; // stopped: another part was invalid
          throw error;
        });
        if (!answer) return;
        if (answer.failure) throw new Error(`cannot index ${file}: ${answer.failure}`);
        state.records += answer.count;
        if (!answer.ok) {
          state.invalid = true;
          for (const c of children) c.stop();
        } else if (--state.left > 0) {
          child.order({});
          const done = child.last();
          done.catch(() => {}); // awaited below, unless the build is given up first
          written.push(done);
        } else state.last = k;
      }),
    );
    if (state.invalid || !accept(state.records)) return null;
    for (const answer of await Promise.all(written)) if (answer.failure) throw new Error(`cannot index ${file}: ${answer.failure}`);
    const merger = children[state.last]!;
    merger.order({ merge: { parts: partFiles.map((f, k) => (k === state.last ? null : f)), out } });
    const merged = await merger.last();
    if (merged.failure) throw new Error(`cannot index ${file}: ${merged.failure}`);
    return merged.clash ? null : merged;
  } finally {
    for (const c of children) c.stop();
  }
}
