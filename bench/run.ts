// `npm run bench`: runs every bench/*.bench.ts one after another (never in parallel, so they do
// not disturb each other's figures) and prints their markdown sections to stdout.
//   --write    also records each section in docs/benchmarks.md, between the markers
//              <!-- bench:NAME --> and <!-- /bench:NAME --> (appended when missing), leaving
//              every other line of the file as it is
//   NAME…      run only these benchmarks (e.g. `npm run bench -- search`)
// A benchmark's own options are written --option=value, so they are not read as names
// (e.g. `npm run bench -- relevance --json=relevance.json`; see the top of each bench file).
// A benchmark module exports `default async function (): Promise<string>`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = path.join(ROOT, 'docs/benchmarks.md');

function recordSection(doc: string, name: string, section: string): string {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${section.trimEnd()}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) return doc.slice(0, from) + block + doc.slice(to + end.length);
  return `${doc.trimEnd()}\n\n${block}\n`;
}

const args = process.argv.slice(2);
const write = args.includes('--write');
const only = args.filter((a) => !a.startsWith('--'));
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();
if (files.length === 0) {
  process.stderr.write(`no benchmark matches ${only.join(', ')}\n`);
  process.exitCode = 2;
}

let failed = 0;
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  process.stderr.write(`--- ${name}\n`);
  try {
    const mod = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as { default: () => Promise<string> };
    const section = await mod.default();
    process.stdout.write(`${section.trimEnd()}\n\n`);
    if (write) writeFileSync(DOC, recordSection(readFileSync(DOC, 'utf8'), name, section));
  } catch (error) {
    failed++;
    process.stderr.write(`${name} failed: ${(error as Error).stack ?? String(error)}\n`);
  }
}
if (failed > 0) process.exitCode = 1;
