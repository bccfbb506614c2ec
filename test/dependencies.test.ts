// Runtime dependencies are the ones the programs use: every package in package.json
// "dependencies" is imported somewhere in src/ (an unused one is dead weight in every install and
// a supply-chain risk for nothing), and src/ imports no package that is not one of them (a
// devDependency is absent from a production install).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, REPO } from './support/source-imports.js';

const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier));

describe('runtime dependencies', () => {
  const imported = new Set(
    importEdges('src')
      .map((e) => e.to)
      .filter((to) => !to.startsWith('src/') && !isBuiltin(to))
      .map(packageOf),
  );

  it('every package in "dependencies" is imported by src/', () => {
    expect(imported.size).toBeGreaterThan(5);
    expect(Object.keys(pkg.dependencies).filter((name) => !imported.has(name))).toEqual([]);
  });

  it('src/ imports only packages in "dependencies"', () => {
    expect([...imported].filter((name) => !Object.hasOwn(pkg.dependencies, name))).toEqual([]);
  });

  it('names the package of a specifier as npm does', () => {
    expect(packageOf('@modelcontextprotocol/sdk/server/mcp.js')).toBe('@modelcontextprotocol/sdk');
    expect(packageOf('zod')).toBe('zod');
    expect(packageOf('lowdb/node')).toBe('lowdb');
    expect(isBuiltin('node:fs')).toBe(true);
    expect(isBuiltin('express')).toBe(false);
  });
});
