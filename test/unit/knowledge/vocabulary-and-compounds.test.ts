import { describe, expect, it } from 'vitest';
import { compoundParts } from '../../../server/knowledge/compounds.ts';
import { buildKnowledgeIndex } from '../../../server/knowledge/index.ts';
import { knowledgeAnalyzer } from '../../../server/knowledge/language.ts';
import { Vocabulary } from '../../../server/knowledge/vocabulary.ts';

describe('Vocabulary', () => {
  const vocabulary = Vocabulary.fromCounts(
    new Map([
      ['govern', 3],
      ['government', 7],
      ['governor', 2],
      ['gov', 1],
      ['grain', 4],
      ['constructor', 1],
    ]),
  );

  it('gives document frequencies, 0 for unknown terms and inherited object keys', () => {
    expect(vocabulary.frequency('government')).toBe(7);
    expect(vocabulary.frequency('governments')).toBe(0);
    expect(vocabulary.frequency('toString')).toBe(0);
    expect(vocabulary.frequency('constructor')).toBe(1);
  });

  it('lists the longer terms a prefix begins, in order, up to a limit', () => {
    expect(vocabulary.extensions('govern', 10)).toEqual(['government', 'governor']);
    expect(vocabulary.extensions('govern', 1)).toEqual(['government']);
    expect(vocabulary.extensions('gra', 10)).toEqual(['grain']);
    expect(vocabulary.extensions('zzz', 10)).toEqual([]);
  });

  it('survives JSON and refuses a broken one', () => {
    const loaded = Vocabulary.load(JSON.parse(JSON.stringify(vocabulary.toJSON())));
    expect(loaded.frequency('grain')).toBe(4);
    expect(loaded.size).toBe(6);
    expect(() => Vocabulary.load({ terms: ['a'], passages: [] })).toThrow(/incomplete/);
  });
});

describe('compoundParts', () => {
  const german = knowledgeAnalyzer('de');
  const vocabulary = Vocabulary.fromCounts(
    new Map(['wiking', 'siedl', 'bevolkerung', 'gross', 'haus'].map((t) => [german.term(t) ?? t, 1])),
  );

  it('reads an unknown long word as two known ones, dropping a linking s', () => {
    expect(compoundParts('wikingersiedl', vocabulary, german)).toEqual(['wiking', 'siedl']);
    expect(compoundParts('bevolkerungsgross', vocabulary, german)).toEqual([german.term('bevolkerung'), 'gross']);
  });

  it('leaves known, short and unsplittable words alone', () => {
    expect(compoundParts('wiking', vocabulary, german)).toBeUndefined();
    expect(compoundParts('haustur', vocabulary, german)).toBeUndefined(); // shorter than 8
    expect(compoundParts('wikingerschiff', vocabulary, german)).toBeUndefined(); // "schiff" unknown
  });

  it('lets a German question with a compound find the passage that spells it out', () => {
    const index = buildKnowledgeIndex(
      [
        {
          id: 1,
          link: '',
          title: '',
          text: 'Die Siedler kamen aus Norwegen. Die Wikinger gründeten dort Dörfer.',
          questions: [],
        },
        { id: 2, link: '', title: '', text: 'Die Normannen eroberten England im Jahr 1066.', questions: [] },
        { id: 3, link: '', title: '', text: 'Die Dörfer in Norwegen liegen am Meer.', questions: [] },
      ],
      'de',
    );
    expect(index.search('Wer waren die Wikingersiedler?')[0]?.entryId).toBe(1);
  });
});
