// Builds data/catalogue.jsonl from the source snapshots in ../shared/data/catalogue/.
//
//   npm run build:catalogue [-- SOURCE_FOLDER [OUTPUT_FOLDER]]
//
// SOURCE_FOLDER holds techniques.jsonl, equipment.jsonl, laboratories.jsonl and SOURCES.md;
// OUTPUT_FOLDER (default data/) receives catalogue.jsonl and SOURCES.md. The output is the
// documented import format with a stable `id` on every line; terms that define one concept in
// two vocabularies become one record (src/server/catalogue/concept-merge.ts), whose merged terms
// keep their IDs as retired IDs. Run it again and every ID stays the same.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MergeGroup, mergeConcepts, vocabularyOf } from '../src/server/catalogue/concept-merge.js';
import { parseCatalogueLines, type SourceRecord, storedLine } from '../src/server/catalogue/source-record.js';
import { repairTexts } from './source-repairs.js';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const sourceDir = path.resolve(process.argv[2] ?? path.join(root, '../shared/data/catalogue'));
const outDir = path.resolve(process.argv[3] ?? path.join(root, 'data'));
const files = ['techniques.jsonl', 'equipment.jsonl', 'laboratories.jsonl'];

// Which term of a merged group keeps its ID (docs/catalogue-format.md, "Merged terms"): CHMO
// describes the instrument or method itself and carries the most alternative names; PSI-MS is
// the specialist vocabulary for mass spectrometry; OBI describes devices and assays as parts of
// biomedical investigations. Ties (and other vocabularies) go by sourceId.
const PRECEDENCE = ['CHMO', 'MS', 'OBI', 'OBCS'];

/** Source IDs of the records whose text the build repaired (./source-repairs.ts). */
const repaired: string[] = [];

function readSources(): SourceRecord[] | null {
  const records: SourceRecord[] = [];
  let failed = false;
  for (const name of files) {
    const { entries, issues } = parseCatalogueLines(readFileSync(path.join(sourceDir, name), 'utf8'));
    for (const issue of issues) console.error(`${name}:${issue.line}: ${issue.message}`);
    if (issues.length) failed = true;
    for (const e of entries) {
      const line = storedLine(e);
      const record = repairTexts(JSON.parse(line) as SourceRecord);
      if (JSON.stringify(record) !== line) repaired.push(record.sourceId);
      records.push(record);
    }
    console.error(`${name}: ${entries.length} records`);
  }
  return failed ? null : records;
}

function describeGroup(g: MergeGroup): string {
  const terms = [g.survivor, ...g.merged].map((r) => `${r.sourceId} (${vocabularyOf(r)})`).join(', ');
  return `| ${g.kind} | ${g.survivor.label.replace(/\|/g, '\\|')} | ${terms} | ${g.reasons.join('; ')} |`;
}

function mergedSection(groups: readonly MergeGroup[]): string {
  const retired = groups.reduce((n, g) => n + g.merged.length, 0);
  return `
## Merged concepts (added by the catalogue build)

Some concepts are defined in two vocabularies (for example CHMO and OBI both define "confocal
microscope"; CHMO also carries copies of OBI and PSI-MS terms under their own identifiers). The
build (\`npm run build:catalogue\`) makes one record of each such concept: the record keeps the
surviving term's fields and lists the other terms, with their own identifiers, names,
definitions, links and dates, under \`mergedTerms\`. Names and links of every term are searchable
and shown; each definition is quoted with the vocabulary it comes from. Two terms of one kind
are merged when they come from different vocabularies (the identifier's prefix) and their labels
are identical ignoring case, accents, punctuation and spacing, or one names the other (its
identifier or address), or one lists the other's label as an alternative name (unless one label
is the other with words added). The term from the first of CHMO, PSI-MS, OBI (then by
identifier) keeps its rcat ID; the others' IDs are retired and answer with the merged record.

${groups.length} records combine ${groups.length + retired} terms (${retired} IDs retired):

| kind | label | terms (surviving first) | why |
|---|---|---|---|
${groups.map(describeGroup).join('\n')}
`;
}

function repairSection(): string {
  if (!repaired.length) return '';
  return `
## Repaired text (by the catalogue build)

Some source terms have "μ" (the micro sign) where the letters "mu" belong, a conversion error
("aziμthal", "imμnoaffinity", "μst"). The build writes "mu" where the sign stands between Latin
lower-case letters or starts a word of Latin lower-case letters that is not a unit (μm, μL, μmol
and Greek words are kept). Terms repaired: ${repaired.join(', ')}.
`;
}

function build(): boolean {
  const records = readSources();
  if (!records) return false;
  const { records: merged, groups, skippedLinks } = mergeConcepts(records, PRECEDENCE);
  const { entries, issues } = parseCatalogueLines(merged.map((r) => JSON.stringify(r)).join('\n'));
  for (const issue of issues) console.error(`merged catalogue line ${issue.line}: ${issue.message}`);
  if (issues.length) return false;
  writeFileSync(path.join(outDir, 'catalogue.jsonl'), `${entries.map(storedLine).join('\n')}\n`);
  const sources = readFileSync(path.join(sourceDir, 'SOURCES.md'), 'utf8').replace(/\n*$/, '\n');
  writeFileSync(path.join(outDir, 'SOURCES.md'), sources + mergedSection(groups) + repairSection());
  console.error(`merged ${groups.length} concepts (${records.length - merged.length} terms folded in; ${skippedLinks} links skipped that would join two terms of one vocabulary)`);
  console.error(`wrote ${path.join(outDir, 'catalogue.jsonl')} (${entries.length} records) and SOURCES.md`);
  return true;
}

if (!build()) {
  console.error('Not written: fix the lines above.');
  process.exitCode = 1;
}
