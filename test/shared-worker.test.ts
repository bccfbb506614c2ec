// Test files share their worker process and its module cache (vitest.config.ts: `isolate:
// false`), so a file must leave the process as it found it. This checks the test sources for
// what would leak into the files that run after it in the same worker: module mocks, stubbed
// globals or environment, fake timers, a changed working directory, assignments to process.env.
// What every file needs of the process is set once in test/support/setup.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, sourceFiles } from './support/source-imports.js';

const LEAKS: readonly [RegExp, string][] = [
  [/\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|useFakeTimers|mocked)\b/, 'vi mocks, stubs and fake timers outlive the file'],
  [/\bprocess\.chdir\s*\(/, 'the working directory is the whole worker’s'],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\+=|\?\?=|\|\|=)/, 'process.env is the whole worker’s: pass an env to the code under test'],
  [/\bdelete\s+process\.env\b/, 'process.env is the whole worker’s: pass an env to the code under test'],
  [/\bObject\.assign\(\s*process\.env\b/, 'process.env is the whole worker’s: pass an env to the code under test'],
  [/\bprocess\.(on|once|addListener|prependListener)\(\s*['"](exit|SIG\w+|uncaughtException|unhandledRejection)['"]/, 'a process handler stays for every later file'],
];

/** A spy is allowed when the file puts the method back when it ends. */
const SPY = /\b(const|let)\s+(\w+)\s*=\s*vi\.spyOn\(/;
const SPY_ANYWHERE = /\bvi\.spyOn\b/;

function unrestoredSpies(text: string, rel: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*\/\//.test(line) || !SPY_ANYWHERE.test(line)) return;
    const name = SPY.exec(line)?.[2];
    const restored = name !== undefined && new RegExp(`afterAll\\([^]*\\b${name}\\.mockRestore\\(\\)`).test(text);
    if (!restored) found.push(`${rel}:${i + 1}: ${line.trim()} (a spy outlives the file unless afterAll calls its mockRestore())`);
  });
  return found;
}

/** test/support/setup.ts is the one place allowed to set up the shared process (and global-setup.ts, which runs before the workers exist). */
const ALLOWED = new Set(['test/support/setup.ts', 'test/shared-worker.test.ts', 'test/support/global-setup.ts']);

describe('test files leave the shared worker process as they found it', () => {
  it('no test source mocks modules, stubs globals, fakes timers, changes the working directory or writes process.env', () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(REPO, 'test'))) {
      const rel = path.relative(REPO, file).split(path.sep).join('/');
      if (ALLOWED.has(rel)) continue;
      const text = readFileSync(file, 'utf8');
      found.push(...unrestoredSpies(text, rel));
      text
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*\/\//.test(line)) return;
          for (const [re, why] of LEAKS) if (re.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()} (${why})`);
        });
    }
    expect(found).toEqual([]);
  });

  it('the check finds what it looks for', () => {
    const samples = ["vi.mock('../src/x.js')", 'process.env.RCAT_PORT = "1"', "process.env['X'] ??= 'y'", 'delete process.env.HOME', "process.on('SIGTERM', stop)", 'process.chdir(dir)'];
    for (const sample of samples) expect(LEAKS.some(([re]) => re.test(sample)), sample).toBe(true);
    expect(unrestoredSpies("const spy = vi.spyOn(console, 'log');\n", 'a.ts')).toHaveLength(1);
    expect(unrestoredSpies("vi.spyOn(console, 'log');\nafterAll(() => vi.restoreAllMocks());\n", 'a.ts')).toHaveLength(1);
    expect(unrestoredSpies("const spy = vi.spyOn(console, 'log');\nafterAll(() => {\n  spy.mockRestore();\n});\n", 'a.ts')).toEqual([]);
    for (const fine of ['const env = { ...process.env, HOME: home }', "if (process.env.RCAT_STRESS === '1')", "child.on('exit', done)"]) {
      expect(LEAKS.some(([re]) => re.test(fine)), fine).toBe(false);
    }
  });
});
