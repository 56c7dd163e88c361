import { describe, expect, it } from 'vitest';
import { expandProjectTemplate } from '../../server/nlu/index.ts';
import type { EntityDefinition, TrainingData } from '../../server/nlu/index.ts';

const city: EntityDefinition = {
  id: 1,
  name: 'city',
  type: 'dictionary',
  match: 'exact',
  occurrence: 'single',
  case_insensitive: true,
  values: 'Prague, Brno\nOstrava',
  __is_system__: false,
};

const data: TrainingData = {
  language: 'en',
  intents: [],
  synonyms: [
    { name: 'pay', values: ['pay', 'settle'] },
    { name: 'bill', values: ['bill', 'invoice', 'statement'] },
  ],
  entities: [city],
};

describe('template expansion', () => {
  it('replaces #synonym by each of its values', () => {
    expect(expandProjectTemplate(data, 'I want to #pay my bill').map((e) => e.text)).toEqual([
      'I want to pay my bill',
      'I want to settle my bill',
    ]);
  });

  it('takes the cartesian product of several references', () => {
    const texts = expandProjectTemplate(data, '#pay the #bill').map((e) => e.text);
    expect(texts).toHaveLength(6);
    expect(new Set(texts)).toEqual(
      new Set([
        'pay the bill',
        'settle the bill',
        'pay the invoice',
        'settle the invoice',
        'pay the statement',
        'settle the statement',
      ]),
    );
  });

  it('replaces @entity by its examples and marks the slot', () => {
    const expanded = expandProjectTemplate(data, 'flights to @city.');
    expect(expanded.map((e) => e.text)).toEqual(['flights to Prague.', 'flights to Brno.', 'flights to Ostrava.']);
    const first = expanded[0]!;
    expect(first.slots).toEqual([{ entity: 'city', value: 'Prague', start: 11, end: 17 }]);
    expect(first.text.slice(first.slots[0]!.start, first.slots[0]!.end)).toBe('Prague');
  });

  it('leaves unknown references as written', () => {
    expect(expandProjectTemplate(data, 'call #support or @nobody').map((e) => e.text)).toEqual([
      'call #support or @nobody',
    ]);
  });

  it('caps the number of expansions with a spread of distinct combinations', () => {
    const many: TrainingData = {
      ...data,
      synonyms: [
        { name: 'a', values: Array.from({ length: 20 }, (_, i) => `a${i}`) },
        { name: 'b', values: Array.from({ length: 20 }, (_, i) => `b${i}`) },
      ],
    };
    const texts = expandProjectTemplate(many, '#a #b', 30).map((e) => e.text);
    expect(texts).toHaveLength(30);
    expect(new Set(texts).size).toBe(30);
    expect(new Set(texts.map((t) => t.split(' ')[0])).size).toBeGreaterThan(10);
  });
});
