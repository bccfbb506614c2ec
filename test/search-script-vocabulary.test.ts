// More generic and subject words of other scripts read in English: Greek (museum, foundation,
// forest, health, marine, agriculture, studies, sciences; ./src/server/catalogue/script-words.ts,
// by the word's Latin reading), Hindi and the other Indian scripts (disease, information;
// script-lexicon.ts), Korean (world, tuberculosis; hangul-words.ts) and Chinese and Japanese
// (aerodynamics, not "air dynamics"; han-fields.ts). Searches of a small catalogue through
// SearchIndex in which each query's record has a look-alike sharing one of its words.
import { describe, expect, it } from 'vitest';
import { cjkReading } from '../src/server/catalogue/cjk-reading.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, city: string, country: string) => ({ kind: 'laboratory' as const, label, city, country });
const { first } = searchOver([
  lab('Forest Museum of Thessaly', 'Larissa', 'Greece'),
  lab('Forest Research Institute', 'Thessaloniki', 'Greece'),
  lab('Museum of Byzantine Culture', 'Thessaloniki', 'Greece'),
  lab('Foundation for Marine Studies', 'Piraeus', 'Greece'),
  lab('Marine Biology Station', 'Heraklion', 'Greece'),
  lab('Plant Disease Research Institute', 'Pune', 'India'),
  lab('Soil Research Institute', 'Bhopal', 'India'),
  lab('Centre for Information Science', 'Mysuru', 'India'),
  lab('Centre for Materials Science', 'Chennai', 'India'),
  lab('Tuberculosis Research Institute', 'Cheongju', 'South Korea'),
  lab('Cancer Research Institute', 'Goyang', 'South Korea'),
  lab('Institute for World Culture', 'Seoul', 'South Korea'),
  lab('Culture Research Institute', 'Busan', 'South Korea'),
  lab('Institute of Aerodynamics', 'Mianyang', 'China'),
  lab('Institute of Earthquake Dynamics', 'Beijing', 'China'),
  lab('Air Quality Research Institute', 'Nanjing', 'China'),
]);

describe('more words of other scripts in English', () => {
  it('reads Greek generic and subject words by their Latin reading', () => {
    expect(first('Μουσείο Δάσους')).toBe('Forest Museum of Thessaly');
    expect(first('Ίδρυμα Θαλάσσιων Μελετών')).toBe('Foundation for Marine Studies');
  });

  it('reads disease and information in Hindi', () => {
    expect(first('रोग अनुसंधान संस्थान')).toBe('Plant Disease Research Institute');
    expect(first('सूचना विज्ञान केंद्र')).toBe('Centre for Information Science');
  });

  it('reads world and tuberculosis in Korean', () => {
    expect(first('결핵연구원')).toBe('Tuberculosis Research Institute');
    expect(first('세계문화연구소')).toBe('Institute for World Culture');
  });

  it('reads 空气动力学 as aerodynamics, not air and dynamics', () => {
    expect(cjkReading('空气动力学研究所')?.english).toBe('aerodynamics research institute');
    expect(first('空气动力学研究所')).toBe('Institute of Aerodynamics');
  });
});
