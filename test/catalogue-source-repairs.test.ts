// The catalogue build's repairs of source text (scripts/source-repairs.ts): "mu" that a conversion
// wrote as "μ" inside English words is put back; units and Greek words keep the sign. The shipped
// catalogue (data/catalogue.jsonl, built from the sources) carries no such word.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repairMicroSign, repairTexts } from '../scripts/source-repairs.js';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');

describe('repairMicroSign', () => {
  it('reads "μ" as "mu" inside a word and at the start of a word of Latin letters', () => {
    expect(repairMicroSign('aziμthal photoelectron diffraction')).toBe('azimuthal photoelectron diffraction');
    expect(repairMicroSign('imμnoaffinity; siμlated annealing; a miniμm in')).toBe('immunoaffinity; simulated annealing; a minimum in');
    expect(repairMicroSign('the angle μst be (μch cooler), μtually insoluble')).toBe('the angle must be (much cooler), mutually insoluble');
  });

  it('keeps the sign in units, symbols and Greek words', () => {
    for (const kept of ['10 μm', '5 μL', 'μPIV', 'μ-PL spectroscopy', '2 μmol', '3 μrad', 'μ', 'Ινστιτούτο μαθηματικών', 'a 10μm bead']) {
      expect(repairMicroSign(kept)).toBe(kept);
    }
  });

  it('repairs every string of a record and leaves the input unchanged', () => {
    const record = { label: 'aziμthal', synonyms: ['APD', 'imμno'], nested: { n: 3, s: 'μst' }, none: null };
    expect(repairTexts(record)).toEqual({ label: 'azimuthal', synonyms: ['APD', 'immuno'], nested: { n: 3, s: 'must' }, none: null });
    expect(record.label).toBe('aziμthal');
  });
});

describe('the shipped catalogue', () => {
  it('has no word with "μ" written for "mu"', () => {
    const text = readFileSync(path.join(ROOT, 'data/catalogue.jsonl'), 'utf8');
    expect(text.match(/[a-z]μ[a-z]|(?<![\p{L}\p{N}])μ(?:st|ch|tually)\b/gu)).toBeNull();
    expect(text).toContain('"label":"azimuthal photoelectron diffraction"');
    expect(text).toContain(' μm');
  });
});
