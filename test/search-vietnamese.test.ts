// Vietnamese names for records whose names are in English: the reading of
// ./src/server/catalogue/vietnamese-reading.ts (syllables folded, segmented by the longest word
// of vietnamese-words.ts) and searches of a small catalogue with look-alike records through
// SearchIndex (the engine the server answers with).
import { describe, expect, it } from 'vitest';
import { foldVietnamese, vietnameseReading } from '../src/server/catalogue/vietnamese-reading.js';
import { type RecordSpec, searchOver } from './support/small-catalogue.js';

describe('the English reading of a Vietnamese query', () => {
  const english = (q: string) => vietnameseReading(q)?.english ?? null;

  it('folds tones and vowel marks, and đ to d', () => {
    expect(foldVietnamese('Nghiên')).toBe('nghien');
    expect(foldVietnamese('Đường')).toBe('duong');
    expect(foldVietnamese('Thủy')).toBe('thuy');
  });

  it('reads the longest word of the table, syllable by syllable, and keeps the rest', () => {
    expect(english('Viện Khoa học Vật liệu')).toBe('institute science materials');
    expect(english('Viện Nghiên cứu Nuôi trồng Thủy sản')).toBe('research institute aquaculture');
    expect(english('Viện Hải dương học')).toBe('institute oceanography');
    expect(english('Viện Khoa học Công nghệ Mỏ - Vinacomin')).toBe('institute science and technology mining vinacomin');
    expect(vietnameseReading('Viện Khoa học Công nghệ Mỏ - Vinacomin')?.names).toEqual(['vinacomin']);
    expect(vietnameseReading('Viện Vật lý Hà Nội')?.names).toEqual(['hanoi']);
  });

  it('reads a query typed without marks when two words of the table are in it', () => {
    expect(english('Vien Khoa hoc Vat lieu')).toBe('institute science materials');
    expect(english('Vien Toan hoc')).toBeNull();
  });

  it('does not read queries in other languages', () => {
    expect(english('Institutul de Cercetări în Transporturi')).toBeNull();
    expect(english('Instituto de Ciência dos Materiais')).toBeNull();
    expect(english('Institute of Materials Science')).toBeNull();
    expect(english('Viện')).toBeNull();
  });
});

const lab = (label: string, more: Partial<RecordSpec> = {}): RecordSpec => ({ kind: 'laboratory', label, ...more });
const RECORDS: RecordSpec[] = [
  lab('Institute of Materials Science', { country: 'Vietnam', city: 'Hanoi' }),
  lab('Institute of Materials Structure Science', { country: 'Japan' }),
  lab('Institute of Oceanography', { country: 'Vietnam', city: 'Nha Trang' }),
  lab('Research Institute for Aquaculture No1', { country: 'Vietnam' }),
  lab('Applied Biotechnology Institute', { country: 'United States' }),
  lab('Viện Khoa học Công nghệ Mỏ - Vinacomin', { country: 'Vietnam' }),
  lab('Instituto de Ciencia de Materiales de Madrid', { country: 'Spain' }),
  lab('Research Institute for Fisheries Economics', { country: 'Norway' }),
  lab('Laboratory of Organic Chemistry'),
  lab('Centre for Climate Research'),
];

describe('Vietnamese names find records named in English', () => {
  const { first, titles } = searchOver(RECORDS);

  it('finds the institute from its Vietnamese name, with or without marks', () => {
    expect(first('Viện Khoa học Vật liệu')).toBe('Institute of Materials Science');
    expect(first('Vien Khoa hoc Vat lieu')).toBe('Institute of Materials Science');
    expect(first('Viện Hải dương học')).toBe('Institute of Oceanography');
    expect(first('Viện Nghiên cứu Nuôi trồng Thủy sản I')).toBe('Research Institute for Aquaculture No1');
    expect(titles('Viện Công nghệ Sinh học Ứng dụng')).toContain('Applied Biotechnology Institute');
  });

  it('still finds a record by its Vietnamese name as written', () => {
    expect(first('Viện Khoa học Công nghệ Mỏ')).toBe('Viện Khoa học Công nghệ Mỏ - Vinacomin');
  });
});
