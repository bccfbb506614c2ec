// Query words in other alphabets read in Latin letters (src/server/catalogue/transliterate.ts),
// and generic words of other alphabets read as the English words they mean
// (script-words.ts, script-readings.ts): unit tests of the readings, then searches of a
// small catalogue whose records are named in Latin letters only, with look-alike records.
import { describe, expect, it } from 'vitest';
import { fold } from '../src/server/catalogue/search-text.js';
import { searchOver } from './support/small-catalogue.js';
import { latinReadings } from '../src/server/catalogue/transliterate.js';

const readings = (word: string) => latinReadings(fold(word)).map((r) => (r.beginning ? `${r.word}…` : r.word));

describe('Latin readings of a word in another alphabet', () => {
  it('reads Cyrillic by BGN/PCGN, an adjective in its masculine singular, and a loan as English writes it', () => {
    expect(readings('технической')).toEqual(['tekhnicheskii', 'technical']);
    expect(readings('физики')).toEqual(['fiziki', 'physics']);
    expect(readings('Математический')).toEqual(['matematicheskii', 'mathematical']);
    expect(readings('лаборатория')).toEqual(['laboratoriya', 'laboratory']);
    expect(readings('информации')).toEqual(['informatsii', 'information']);
    expect(readings('национальный')).toEqual(['natsionalnyi', 'national']);
    expect(readings('центр')).toEqual(['tsentr', 'center']);
    expect(readings('гидрологии')).toEqual(['gidrologii', 'hydrology']);
    expect(readings('научного')[0]).toBe('nauchnyi');
    expect(readings('атомной')).toEqual(['atomnyi', 'atomic']);
    expect(readings('информационных')).toEqual(['informatsionnyi', 'information']);
    expect(readings('химический')).toEqual(['khimicheskii', 'chemical']);
  });

  it('reads a name in a case ending and a place-name adjective', () => {
    expect(readings('Соболева')).toEqual(['soboleva', 'sobolev']);
    expect(readings('Доллежаля')).toEqual(['dollezhalya', 'dollezhal']);
    expect(readings('Карельский')).toEqual(['karelskii', 'karelian', 'karel…']);
  });

  it('reads Ukrainian by its own scheme', () => {
    expect(readings('Український')).toEqual(['ukrainskyy', 'ukrainian', 'ukrain…']);
    expect(readings('Кундієва')[0]).toBe('kundiieva');
  });

  it('reads Greek as English borrowed it, Armenian and Georgian by their usual schemes', () => {
    expect(readings('Φυσικής')).toEqual(['physikes']);
    expect(readings('Ινστιτούτο')).toEqual(['instituto']);
    expect(readings('Ինստիտուտ')).toEqual(['institut']);
    expect(readings('Ֆիզիկայի')).toEqual(['fizikayi', 'physikayi']);
    expect(readings('ინსტიტუტი')).toEqual(['instituti']);
    expect(readings('სახელმწიფო')[0]).toBe('sakhelmtsipho');
    expect(readings('мемлекеттік')[0]).toBe('memlekettik');
  });

  it('reads no word of Latin, CJK, Devanagari or Arabic script', () => {
    for (const w of ['institute', 'institut', '研究所', 'संस्थान', 'معهد', 'מכון', 'UMR8223']) expect(readings(w)).toEqual([]);
  });
});

const lab = (label: string, synonyms: string[] = []) => ({ kind: 'laboratory' as const, label, synonyms });
const RECORDS = [
  lab('Karelian Research Centre'),
  lab('Kola Science Centre'),
  lab('Federal Rostov Agrarian Research Centre'),
  lab('All-Russian Scientific Research Institute of Technical Physics'),
  lab('All-Russian Scientific Research Institute of Canned Food Technology'),
  lab('Institute of Technical Chemistry'),
  lab('Sobolev Institute of Mathematics'),
  lab('Steklov Mathematical Institute'),
  lab('Institute of Mathematics and Informatics'),
  lab('Institute of Physics'),
  lab('Institute of Chemistry'),
  lab('National Centre for Scientific Research Demokritos'),
  lab('National Centre for Marine Research'),
  lab('Central Research Institute for Dryland Agriculture'),
  lab('Central Library of Agriculture'),
  lab('National Research Institute of Astronomy and Geophysics'),
  lab('National Museum of Geophysics'),
  lab('Институт технической химии'),
  lab('NIKIMT-Atomstroy'),
  lab('Research Institute of Assembly Technology'),
  lab('All-Russian Research Institute of Oil Crops', ['VNIIMK']),
  lab('All-Russian Research Institute of Vegetable Crops'),
  lab('Weizmann Institute of Science'),
  lab('Weizmann Art Collection'),
];
const { first } = searchOver(RECORDS);

describe('searching Latin names in another alphabet', () => {
  it('finds a Russian name through its readings and the generic words', () => {
    expect(first('Карельский научный центр')).toBe('Karelian Research Centre');
    expect(first('Всероссийский научно-исследовательский институт технической физики')).toBe('All-Russian Scientific Research Institute of Technical Physics');
    expect(first('Институт математики Соболева')).toBe('Sobolev Institute of Mathematics');
    expect(first('Математический институт Стеклова')).toBe('Steklov Mathematical Institute');
  });

  it('keeps a record named in the alphabet typed first', () => {
    expect(first('Институт технической химии')).toBe('Институт технической химии');
  });

  it('reads an acronym in capitals and the initials of a long name in Latin letters', () => {
    expect(first('ВНИИМК')).toBe('All-Russian Research Institute of Oil Crops');
    expect(first('Научно-исследовательский и конструкторский институт монтажной технологии')).toBe('NIKIMT-Atomstroy');
  });

  it('finds Greek, Armenian and Georgian names', () => {
    expect(first('Εθνικό Κέντρο Έρευνας Δημόκριτος')).toBe('National Centre for Scientific Research Demokritos');
    expect(first('Ֆիզիկայի Ինստիտուտ')).toBe('Institute of Physics');
    expect(first('ფიზიკის ინსტიტუტი')).toBe('Institute of Physics');
  });

  it('reads generic words of Devanagari, Arabic script and Hebrew', () => {
    expect(first('מכון ויצמן למדע')).toBe('Weizmann Institute of Science');
    expect(first('केंद्रीय शुष्क भूमि कृषि अनुसंधान संस्थान')).toBe('Central Research Institute for Dryland Agriculture');
    expect(first('المعهد القومي لبحوث الفلك والجيوفيزيقا')).toBe('National Research Institute of Astronomy and Geophysics');
  });
});
