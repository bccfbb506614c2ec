// Builds data/catalogue.jsonl from the source snapshots in ../shared/data/catalogue/ (or a
// folder given as the first argument). The output is the documented import format with a
// stable `id` on every line; run it again and every ID stays the same.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCatalogueLines } from '../src/server/catalogue/source-record.js';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const sourceDir = path.resolve(process.argv[2] ?? path.join(root, '../shared/data/catalogue'));
const files = ['techniques.jsonl', 'equipment.jsonl', 'laboratories.jsonl'];

const out: string[] = [];
let failed = false;
for (const name of files) {
  const file = path.join(sourceDir, name);
  const { entries, issues } = parseCatalogueLines(readFileSync(file, 'utf8'));
  for (const issue of issues) console.error(`${name}:${issue.line}: ${issue.message}`);
  if (issues.length) failed = true;
  for (const e of entries) {
    const { type: _t, uuid: _u, id, ...line } = e;
    out.push(JSON.stringify({ id, ...line }));
  }
  console.error(`${name}: ${entries.length} records`);
}
if (failed) {
  console.error('Not written: fix the lines above.');
  process.exit(1);
}
writeFileSync(path.join(root, 'data/catalogue.jsonl'), `${out.join('\n')}\n`);
writeFileSync(path.join(root, 'data/SOURCES.md'), readFileSync(path.join(sourceDir, 'SOURCES.md')));
console.error(`wrote data/catalogue.jsonl (${out.length} records) and data/SOURCES.md`);
