import { describe, expect, it } from 'vitest';
import { extractEntities } from '../../server/nlu/index.ts';
import { numberEntity } from './entity-fixtures.ts';

const numbers = (text: string, language: string) => extractEntities(text, [numberEntity], language).map((e) => e.value);

describe('number entities', () => {
  it.each([
    ['I need 42 tickets', [42]],
    ['pay 3.5 or 7', [3.5, 7]],
    ['twenty one', [21]],
    ['one hundred and five', [105]],
    ['a hundred people', [100]],
    ['two thousand five hundred', [2500]],
    ['5 thousand', [5000]],
    ['seventeen', [17]],
    ['one two three', [1, 2, 3]],
    ['a cat', []],
    ['nineteen ninety', [19, 90]],
  ])('English: %s', (text, expected) => {
    expect(numbers(text, 'en')).toEqual(expected);
  });

  it.each([
    ['chci 3 lístky', [3]],
    ['cena 12,5 eura', [12.5]],
    ['dvacet jedna', [21]],
    ['dvě stě padesát', [250]],
    ['pět set korun', [500]],
    ['tři tisíce', [3000]],
    ['sto dvacet', [120]],
    ['tisíc', [1000]],
    ['pro dva lidi', [2]],
    ['pro dve osoby', [2]],
    ['ve třech', [3]],
    ['dva tisíce pět set', [2500]],
  ])('Czech: %s', (text, expected) => {
    expect(numbers(text, 'cs')).toEqual(expected);
  });

  it('reports offsets and the text as written', () => {
    const [found] = extractEntities('Chci dvacet jedna kusů', [numberEntity], 'cs');
    expect(found).toMatchObject({ name: 'number', value: 21, text: 'dvacet jedna', start: 5, end: 17 });
  });
});
