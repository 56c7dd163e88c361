import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildKnowledgeIndex, loadKnowledgeIndex } from '../../../server/knowledge/index.ts';
import { PASSAGE_MAX_WORDS, PASSAGE_MIN_WORDS, splitPassages } from '../../../server/knowledge/passages.ts';
import type { KnowledgeDocument } from '../../../server/knowledge/types.ts';

function entry(id: number, title: string, text: string, questions: string[] = []): KnowledgeDocument {
  return { id, link: `https://example.com/${id}`, title, text, questions };
}

const englishEntries: KnowledgeDocument[] = [
  entry(
    1,
    'Refunds',
    'Refunds are issued to the original payment card within fourteen days of the returned parcel arriving at our warehouse. ' +
      'Gift cards cannot be refunded. Shipping costs are refunded only when the goods were faulty.',
  ),
  entry(
    2,
    'Opening hours',
    'Our branches open at nine in the morning and close at six in the evening from Monday to Friday. ' +
      'On Saturdays the branches close at noon. On public holidays every branch stays closed.',
  ),
  entry(
    3,
    'Delivery',
    'Parcels are delivered by courier within two working days. Couriers call the recipient half an hour before ' +
      'they arrive. A parcel nobody collects goes back to the depot for a week.',
  ),
  entry(
    4,
    'Passwords',
    'You can reset a forgotten password from the sign-in page. The reset link we email is valid for one hour. ' +
      'Passwords must have at least twelve characters.',
  ),
];

/** n sentences of the form "Sentence k has some words in it." (7 words each). */
function sentences(n: number): string {
  return Array.from({ length: n }, (_, k) => `Sentence ${k} has some words in it.`).join(' ');
}

function words(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length;
}

describe('splitPassages', () => {
  it('cuts a long text at sentence boundaries into passages of about 80–200 words, losing nothing', () => {
    const text = sentences(100); // 700 words
    const passages = splitPassages(text, 'en');
    expect(passages.length).toBeGreaterThanOrEqual(4);
    for (const passage of passages) {
      expect(words(passage)).toBeGreaterThanOrEqual(PASSAGE_MIN_WORDS);
      expect(words(passage)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
      expect(passage).toMatch(/^Sentence \d+ .*\.$/);
    }
    expect(passages.join(' ')).toBe(text);
  });

  it('keeps a short text as one passage and cuts a sentence longer than the maximum by words', () => {
    expect(splitPassages(sentences(3), 'en')).toEqual([sentences(3)]);
    const runOn = Array.from({ length: 450 }, (_, k) => `w${k}`).join(' ');
    const passages = splitPassages(runOn, 'en');
    expect(passages.map(words)).toEqual([200, 200, 50]);
    expect(passages.join(' ')).toBe(runOn);
  });

  it('does not leave a tiny fragment at the end', () => {
    // 210 words: two passages of about 105, not 200 and 10.
    const passages = splitPassages(sentences(30), 'en');
    expect(passages.length).toBe(2);
    expect(Math.min(...passages.map(words))).toBeGreaterThanOrEqual(PASSAGE_MIN_WORDS);
  });
});

describe('buildKnowledgeIndex', () => {
  const index = buildKnowledgeIndex(englishEntries, 'en');

  it('ranks the entry that answers a differently worded question first, with its link and the matching sentence', () => {
    const [top] = index.search('How soon do I get my money back after returning a parcel?');
    expect(top?.entryId).toBe(1);
    expect(top?.link).toBe('https://example.com/1');
    expect(top?.answer).toContain('returned parcel');
    expect(top?.answer).not.toContain('Gift cards');
    expect(index.search('When does the branch close on Saturday?')[0]?.entryId).toBe(2);
    expect(index.search('I forgot my password, how do I reset it?')[0]?.entryId).toBe(4);
  });

  it('matches Czech questions typed without diacritics and in other word forms', () => {
    const czech = buildKnowledgeIndex(
      [
        entry(
          10,
          'Otevírací doba',
          'Pobočky jsou otevřené od pondělí do pátku od devíti do šesti hodin. V sobotu zavíráme v poledne.',
        ),
        entry(11, 'Reklamace', 'Reklamaci vadného zboží vyřídíme do třiceti dnů. Zboží pošlete s dokladem o koupi.'),
        entry(12, 'Doprava', 'Zásilky doručuje kurýr do dvou pracovních dnů od objednávky.'),
      ],
      'cs',
    );
    expect(czech.language).toBe('cs');
    expect(czech.search('kdy zavirate v sobotu pobocku')[0]?.entryId).toBe(10);
    expect(czech.search('jak reklamovat vadne zbozi')[0]?.entryId).toBe(11);
    expect(czech.search('Za jak dlouho doručí kurýr zásilku?')[0]?.entryId).toBe(12);
  });

  it('gives the same results after toJSON, JSON text and loadKnowledgeIndex', () => {
    // Stored as JSON text; sent to the test runner threads by postMessage (a structured clone).
    const loaded = loadKnowledgeIndex(JSON.parse(JSON.stringify(index.toJSON())));
    const cloned = loadKnowledgeIndex(structuredClone(index.toJSON()));
    expect(loaded.passages).toBe(index.passages);
    expect(loaded.language).toBe('en');
    for (const question of [
      'How soon do I get my money back?',
      'When does the branch close on Saturday?',
      'courier call constructor toString', // inherited object keys must not count as terms
      'what is the meaning of life',
    ]) {
      const hits = loaded.search(question, { limit: 10 });
      expect(hits).toEqual(index.search(question, { limit: 10 }));
      expect(cloned.search(question, { limit: 10 })).toEqual(hits);
      for (const hit of hits) expect(hit.confidence).toSatisfy((c: number) => Number.isFinite(c) && c >= 0 && c <= 1);
    }
    expect(loaded.search('password reset link').length).toBeGreaterThan(0);
  });

  it('answers nothing from an empty knowledge base, before and after a round trip', () => {
    const empty = buildKnowledgeIndex([], 'cs');
    expect(empty.passages).toBe(0);
    expect(empty.search('otevírací doba')).toEqual([]);
    expect(loadKnowledgeIndex(JSON.parse(JSON.stringify(empty.toJSON()))).search('otevírací doba')).toEqual([]);
  });

  it('refuses a serialized index of another format', () => {
    expect(() => loadKnowledgeIndex({ format: 3, language: 'en' })).toThrow(/format/);
    expect(() => loadKnowledgeIndex({ format: 2, language: 'en' })).toThrow(/incomplete/);
    expect(() => loadKnowledgeIndex({ format: 1, language: 'en' })).toThrow(/incomplete/);
    // Truncated postings are refused, not read as an index with fewer words.
    const json = JSON.parse(JSON.stringify(index.toJSON()));
    json.fields.text.gaps = json.fields.text.gaps.slice(0, 8);
    expect(() => loadKnowledgeIndex(json)).toThrow(/incomplete/);
  });

  it('reads a format-1 index (MiniSearch, before the typed arrays) and ranks with it as a fresh build does', () => {
    // Written by the MiniSearch engine from the first three entries, one QA question on the first: deployments made
    // then keep that index, and a rollback must still answer from it.
    const legacy = loadKnowledgeIndex(
      JSON.parse(readFileSync(new URL('format-1-index.json', import.meta.url), 'utf8')),
    );
    const fresh = buildKnowledgeIndex(
      [{ ...englishEntries[0]!, questions: ['when do I get my money back'] }, englishEntries[1]!, englishEntries[2]!],
      'en',
    );
    expect(legacy.passages).toBe(3);
    for (const question of [
      'money back for a parcel',
      'When does the branch close on Saturday?',
      'courier depot week',
    ]) {
      const hits = legacy.search(question, { limit: 10 });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits).toEqual(fresh.search(question, { limit: 10 }));
    }
    expect(loadKnowledgeIndex(JSON.parse(JSON.stringify(legacy.toJSON()))).search('refund')).toEqual(
      legacy.search('refund'),
    );
  });

  it("lets a QA training's question lift its entry above an entry with the same words", () => {
    const twins = (questions: string[]) =>
      buildKnowledgeIndex(
        [
          entry(
            20,
            'Card',
            'A payment card is blocked after three wrong PIN attempts. Call the bank to unblock the card.',
          ),
          entry(
            21,
            'Card limits',
            'The payment card limit can be changed in the app. A new limit applies at once.',
            questions,
          ),
          entry(22, 'Branches', 'Branches open at nine.'),
        ],
        'en',
      );
    const question = 'my card got blocked, what now';
    expect(twins([]).search(question)[0]?.entryId).toBe(20);
    expect(twins(['what now that my card is blocked']).search(question)[0]?.entryId).toBe(21);
  });

  it('gives an unrelated question a low confidence and a related one a high confidence', () => {
    const related = index.search('How long is the password reset link valid?')[0];
    expect(related?.entryId).toBe(4);
    expect(related!.confidence).toBeGreaterThan(0.7);
    const unrelated = index.search('Who painted the ceiling of the Sistine chapel in Rome?');
    expect(unrelated[0]?.confidence ?? 0).toBeLessThan(0.3);
    expect(index.search('the of and')).toEqual([]); // only stop words: nothing to look for
  });

  it('returns at most `limit` hits, one per entry, best first', () => {
    const long = buildKnowledgeIndex(
      [entry(30, 'Long', `${sentences(60)} Parcels are delivered by courier.`), ...englishEntries],
      'en',
    );
    expect(long.passages).toBeGreaterThan(englishEntries.length + 1);
    const hits = long.search('sentence words parcel courier', { limit: 3 });
    expect(hits.length).toBe(3);
    expect(new Set(hits.map((h) => h.entryId)).size).toBe(3);
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
  });
});
