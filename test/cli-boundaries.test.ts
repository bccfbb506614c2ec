// The CLI and the server share only src/shared: src/cli never imports src/server (it would drag
// Express and the store into a researcher's terminal), src/server never imports src/cli, and
// src/shared imports neither (nor Express or the keychain).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './cli-support.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Every module specifier: static imports/exports, `import type`, and dynamic import(). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const re of [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s+['"]([^'"]+)['"]/gm]) {
    for (const m of text.matchAll(re)) found.push(m[1]!);
  }
  return found;
}

function violations(area: string, forbidden: (resolved: string, spec: string) => boolean): string[] {
  const root = path.join(REPO, 'src', area);
  const bad: string[] = [];
  for (const file of sourceFiles(root)) {
    for (const spec of specifiers(file)) {
      const resolved = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec;
      if (forbidden(resolved, spec)) bad.push(`${path.relative(REPO, file)} imports ${spec}`);
    }
  }
  return bad;
}

const under = (resolved: string, area: string) => resolved.startsWith(path.join(REPO, 'src', area) + path.sep);

describe('module boundaries', () => {
  it('src/cli imports nothing from src/server', () => {
    expect(sourceFiles(path.join(REPO, 'src', 'cli')).length).toBeGreaterThan(5);
    expect(violations('cli', (r) => under(r, 'server'))).toEqual([]);
  });

  it('src/server imports nothing from src/cli', () => {
    expect(violations('server', (r) => under(r, 'cli'))).toEqual([]);
  });

  it('src/shared imports neither side, nor Express or the keychain', () => {
    expect(violations('shared', (r, spec) => under(r, 'server') || under(r, 'cli') || /^(express|@napi-rs\/keyring)/.test(spec))).toEqual([]);
  });

  it('the checker sees a forbidden import when there is one', () => {
    // Guard against a checker that can never fail: a server file really does import express.
    expect(violations('server', (_r, spec) => spec === 'express').length).toBeGreaterThan(0);
  });
});
