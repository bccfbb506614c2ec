// The house plan of src/server, as data, checked against the imports of every file (the CLI side
// of the boundary is test/cli-boundaries.test.ts). Each top-level folder or file of src/server
// (a "room") sits in one layer; a room may import rooms of the layers below its own, never one
// above, and never a sibling of its own layer: the four interfaces and the operator commands know
// nothing of each other, and meet only in the composition (app/) above them and the seam
// (deps.ts) below them. docs/ARCHITECTURE.md draws the same plan.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importEdges, packagesLoadedBy, REPO, sourceFiles } from './support/source-imports.js';

/** Top to bottom. */
const LAYERS: readonly (readonly string[])[] = [
  ['app'], // composition: main, startServer, the request listener that mounts the interfaces
  ['admin', 'http', 'mcp', 'oauth', 'web'], // the interfaces: operator commands, REST, /mcp, OAuth endpoints, pages
  ['deps.ts'], // the seam: what the composition builds and the interfaces use
  ['auth'], // who is calling, and the one gate (authenticate, scope, charge)
  ['domain'], // projects, collections, shortlist, inquiry drafts
  ['services'], // the rules of everything else: tokens, sessions, OAuth, throttling, catalogue reads
  ['ops'], // health endpoints, metrics, access log, graceful stop: imports nothing of src/server; the composition wires it
  ['limits'], // the limits service and its journal
  ['store'], // ports (store/ports/) and adapters (store/json/, store/postgres/)
  ['catalogue', 'util', 'error-answers.ts'], // error-answers.ts: how each interface answers an AppError
  ['config.ts', 'errors.ts', 'paths.ts'],
];

const SERVER = 'src/server/';

function roomOf(file: string): string | null {
  if (!file.startsWith(SERVER)) return null;
  return file.slice(SERVER.length).split('/')[0]!;
}

function layerOf(room: string): number {
  return LAYERS.findIndex((layer) => layer.includes(room));
}

/** The imports that break the plan, as "from imports to (why)". */
function layerViolations(edges: readonly ImportEdge[]): string[] {
  const bad: string[] = [];
  for (const { from, to } of edges) {
    const a = roomOf(from);
    const b = roomOf(to);
    if (a === null || b === null || a === b) continue;
    const [la, lb] = [layerOf(a), layerOf(b)];
    if (la < 0) bad.push(`${from}: ${a} is in no layer (add it to LAYERS)`);
    else if (lb < 0) bad.push(`${from} imports ${to}: ${b} is in no layer (add it to LAYERS)`);
    else if (la === lb) bad.push(`${from} imports ${to} (siblings: ${a} and ${b})`);
    else if (la > lb) bad.push(`${from} imports ${to} (${a} is below ${b})`);
  }
  return bad;
}

/** Storage ports never depend on an adapter, and one adapter never on another. */
function storeViolations(edges: readonly ImportEdge[]): string[] {
  const part = (file: string) => /^src\/server\/store\/(ports|json|postgres)\//.exec(file)?.[1] ?? null;
  return edges
    .filter(({ from, to }) => {
      const [a, b] = [part(from), part(to)];
      return a !== null && b !== null && a !== b && b !== 'ports';
    })
    .map(({ from, to }) => `${from} imports ${to}`);
}

/**
 * Import cycles between files of src/server (each cycle once, as a path). Type-only imports are
 * erased when compiled, so a loop through one is no cycle of modules (two files that share types
 * both ways are still worth a look: docs/ARCHITECTURE.md names any).
 */
function importCycles(edges: readonly ImportEdge[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to, typeOnly } of edges) {
    if (typeOnly || !from.startsWith(SERVER) || !to.startsWith(SERVER)) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, trail: string[]) => {
    state.set(file, 'open');
    for (const to of next.get(file) ?? []) {
      if (state.get(to) === 'open') cycles.push([...trail.slice(trail.indexOf(to)), to].join(' -> '));
      else if (!state.has(to)) visit(to, [...trail, to]);
    }
    state.set(file, 'done');
  };
  for (const file of next.keys()) if (!state.has(file)) visit(file, [file]);
  return cycles;
}

/** The house plan's size rule for a source file (issue 15). */
const MAX_FILE_LINES = 300;

describe('the layers of src/server', () => {
  const edges = importEdges('src/server');

  it('every top-level folder and file of src/server has a layer, and no file imports upwards or sideways', () => {
    expect(edges.length).toBeGreaterThan(300);
    const rooms = new Set(edges.map((e) => roomOf(e.from)!));
    expect([...rooms].filter((room) => layerOf(room) < 0)).toEqual([]);
    expect(layerViolations(edges)).toEqual([]);
  });

  it('storage ports import no adapter, and the JSON and PostgreSQL adapters import each other not at all', () => {
    expect(storeViolations(edges)).toEqual([]);
  });

  it('the interfaces call services, never the store (they may name its record types)', () => {
    const interfaces = ['http', 'mcp', 'oauth', 'web'].flatMap((dir) => sourceFiles(path.join(REPO, SERVER, dir)));
    expect(interfaces.length).toBeGreaterThan(40);
    const touching = interfaces.filter((file) => /\bdeps\.store\b|\bstore\.(accounts|agentTokens|oauth|webSessions|attemptCounters)\b/.test(readFileSync(file, 'utf8')));
    expect(touching.map((file) => path.relative(REPO, file))).toEqual([]);
    const adapters = edges.filter((e) => /^src\/server\/(http|mcp|oauth|web)\//.test(e.from) && /^src\/server\/store\/(json|postgres)\//.test(e.to));
    expect(adapters).toEqual([]);
  });

  it('no import cycle between files (of modules: type-only imports are erased)', () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it('no source file (src/, both programs) is over 300 lines', () => {
    const long = sourceFiles(path.join(REPO, 'src'))
      .map((f) => ({ file: path.relative(REPO, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it('a server on the JSON store without metrics or text logs loads neither the PostgreSQL client, prom-client nor pino-pretty', () => {
    // They are loaded when asked for (store/open-store.ts, ops/metrics.ts, ops/access-log.ts):
    // together several MB resident on every host that does not use them (issue 19).
    const loaded = packagesLoadedBy('src/server/app/server.ts');
    expect([...loaded].filter(([pkg]) => ['pg', 'prom-client', 'pino-pretty'].includes(pkg))).toEqual([]);
    expect(loaded.has('pino')).toBe(true); // the walk does see the packages the start does load
  });

  it('the checks see a violation when there is one', () => {
    // Guard against checks that cannot fail: an interface importing a sibling, a store importing
    // a service, a port importing an adapter, and a loop of two files.
    const fake: ImportEdge[] = [
      { from: 'src/server/web/router.ts', to: 'src/server/http/rest.ts', typeOnly: false },
      { from: 'src/server/store/json/accounts.ts', to: 'src/server/services/passwords.ts', typeOnly: true },
      { from: 'src/server/store/ports/index.ts', to: 'src/server/store/json/index.ts', typeOnly: false },
      { from: 'src/server/limits/a.ts', to: 'src/server/limits/b.ts', typeOnly: false },
      { from: 'src/server/limits/b.ts', to: 'src/server/limits/a.ts', typeOnly: false },
      { from: 'src/server/limits/c.ts', to: 'src/server/limits/d.ts', typeOnly: true },
      { from: 'src/server/limits/d.ts', to: 'src/server/limits/c.ts', typeOnly: false },
    ];
    expect(layerViolations(fake)).toHaveLength(2);
    expect(storeViolations(fake)).toHaveLength(1);
    expect(importCycles(fake)).toHaveLength(1);
  });
});
