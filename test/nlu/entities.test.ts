import { describe, expect, it } from 'vitest';
import { extractEntities } from '../../server/nlu/index.ts';
import type { EntityDefinition } from '../../server/nlu/index.ts';

function dictionary(overrides: Partial<EntityDefinition>): EntityDefinition {
  return {
    id: 1,
    name: 'city',
    type: 'dictionary',
    match: 'exact',
    occurrence: 'multiple',
    case_insensitive: true,
    values: 'Prague, New York\nBrno',
    __is_system__: false,
    ...overrides,
  };
}

const values = (text: string, entity: EntityDefinition, language = 'en') =>
  extractEntities(text, [entity], language).map((e) => e.value);

describe('dictionary entities', () => {
  it('exact: matches whole tokens, multi-word values, with offsets', () => {
    const text = 'From Prague to New York';
    const found = extractEntities(text, [dictionary({})], 'en');
    expect(found.map((e) => [e.value, e.text])).toEqual([
      ['Prague', 'Prague'],
      ['New York', 'New York'],
    ]);
    for (const e of found) expect(text.slice(e.start, e.end)).toBe(e.text);
    expect(values('Praguex is not a city', dictionary({}))).toEqual([]);
  });

  it('exact: case-insensitive or case-sensitive', () => {
    expect(values('to prague', dictionary({ case_insensitive: true }))).toEqual(['Prague']);
    expect(values('to prague', dictionary({ case_insensitive: false }))).toEqual([]);
    expect(values('to Prague', dictionary({ case_insensitive: false }))).toEqual(['Prague']);
  });

  it('exact: does not fold diacritics', () => {
    const entity = dictionary({ values: 'Plzeň' });
    expect(values('jedu do Plzeň', entity, 'cs')).toEqual(['Plzeň']);
    expect(values('jedu do Plzen', entity, 'cs')).toEqual([]);
  });

  it('lemmatized: matches inflected forms by stem, with or without diacritics', () => {
    const entity = dictionary({ match: 'lemmatized', values: 'faktura, objednávka' });
    expect(values('kde je moje faktury a objednávku', entity, 'cs')).toEqual(['faktura', 'objednávka']);
    expect(values('zaplatit fakturou', entity, 'cs')).toEqual(['faktura']);
    expect(values('stav objednavky', entity, 'cs')).toEqual(['objednávka']);
    expect(values('two invoices', dictionary({ match: 'lemmatized', values: 'invoice' }))).toEqual(['invoice']);
  });

  it('lemmatized and case-sensitive: the initial letter case must agree', () => {
    const entity = dictionary({ match: 'lemmatized', case_insensitive: false, values: 'Apple' });
    expect(values('I like Apples', entity)).toEqual(['Apple']);
    expect(values('I like apples', entity)).toEqual([]);
  });

  it('fuzzy: tolerates a bounded number of typos', () => {
    const entity = dictionary({ match: 'fuzzy', values: 'Ostrava, Brno, Olomouc' });
    expect(values('jedu do ostrvy', entity, 'cs')).toEqual(['Ostrava']); // two edits on seven letters
    expect(values('jedu do astrvy', entity, 'cs')).toEqual([]); // three edits: too far
    expect(values('jedu do Ostrav', entity, 'cs')).toEqual(['Ostrava']);
    expect(values('jedu do Olomuc', entity, 'cs')).toEqual(['Olomouc']);
    expect(values('jedu do Brna', entity, 'cs')).toEqual(['Brno']);
    expect(values('jedu do Bratislavy', entity, 'cs')).toEqual([]);
  });

  it('fuzzy: short values must match exactly', () => {
    const entity = dictionary({ match: 'fuzzy', values: 'USA' });
    expect(values('fly to usa', entity)).toEqual(['USA']);
    expect(values('fly to usb', entity)).toEqual([]);
  });

  it('single occurrence keeps the first match, multiple keeps all', () => {
    expect(values('Brno, Prague and Brno', dictionary({ occurrence: 'single' }))).toEqual(['Brno']);
    expect(values('Brno, Prague and Brno', dictionary({ occurrence: 'multiple' }))).toEqual(['Brno', 'Prague', 'Brno']);
  });

  it('aliases report their canonical value', () => {
    const entity = dictionary({ values: 'euro: eur | eura\ndollar: usd' });
    expect(values('100 eur or 20 USD', entity)).toEqual(['euro', 'dollar']);
  });

  it('prefers the longest match', () => {
    const entity = dictionary({ values: 'New, New York' });
    expect(values('in New York', entity)).toEqual(['New York']);
  });
});
