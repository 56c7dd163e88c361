import { describe, expect, it } from 'vitest';
import { getLanguage } from '../../server/nlu/languages/registry.ts';
import { foldDiacritics, normalizeText, normalizedWords, tokenize } from '../../server/nlu/normalize.ts';
import { stripStopwords } from '../../server/nlu/index.ts';

const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
/** The words Intl.Segmenter finds in the normalised text: what every fast path of normalizedWords must give. */
const wordsBySegmenter = (text: string) =>
  [...segmenter.segment(normalizeText(text, 'en').replace(/[’‘`´]/g, "'"))]
    .filter((part) => part.isWordLike)
    .map((part) => part.segment);

/** `count` seeded random strings of 1 to 12 characters of `alphabet`. */
function randomStrings(alphabet: readonly string[], count: number, seed: number): string[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  return Array.from({ length: count }, () => {
    let text = '';
    for (let i = 1 + Math.floor(random() * 12); i > 0; i--) text += alphabet[Math.floor(random() * alphabet.length)];
    return text;
  });
}

describe('normalisation', () => {
  it('applies NFKC, lower-case and folds diacritics', () => {
    expect(normalizeText('Ｐříliš ŽLUŤOUČKÝ kůň', 'cs')).toBe('prilis zlutoucky kun');
    expect(normalizeText('ﬁle', 'en')).toBe('file');
    expect(foldDiacritics('čeština')).toBe('cestina');
  });

  it('tokenises with offsets into the original text', () => {
    const text = "I don't want 3.5 items, OK?";
    const tokens = tokenize(text, 'en');
    expect(tokens.map((t) => t.norm)).toEqual(['i', "don't", 'want', '3.5', 'items', 'ok']);
    for (const token of tokens) expect(text.slice(token.start, token.end)).toBe(token.text);
  });

  it('unifies typographic apostrophes', () => {
    expect(normalizedWords('I don’t know', 'en')).toEqual(['i', "don't", 'know']);
  });

  it('splits ASCII sentences in one pass exactly as Intl.Segmenter does, offsets included', () => {
    const sentences = [
      "What's the weather in N.Y. at 7:30?",
      'play the top-20 best chicane songs on deezer',
      'give zero / 6 stars to the current album',
      "rock'n'roll 1,000 dogs' '90s 3.5 v1.2 a.1 1.a e.g. a..b",
      'rate the princess mouse: a tale of finland one of 6',
      'x_y `tick` (brackets) [square] {curly} #tag @user 50% a&b',
      '',
      '?',
      '   ',
    ];
    // tokenize() segments the text as written and keeps offsets into it.
    const tokensBySegmenter = (text: string) =>
      [...segmenter.segment(text)]
        .filter((part) => part.isWordLike)
        .map((part) => ({
          text: part.segment,
          norm: normalizeText(part.segment, 'en').replace(/[’‘`´]/g, "'"),
          start: part.index,
          end: part.index + part.segment.length,
        }));
    const same = (text: string) => {
      expect(normalizedWords(text, 'en'), JSON.stringify(text)).toEqual(wordsBySegmenter(text));
      expect(tokenize(text, 'en'), JSON.stringify(text)).toEqual(tokensBySegmenter(text));
    };
    for (const sentence of sentences) same(sentence);
    // Seeded random strings over the characters whose handling depends on their neighbours.
    for (const text of randomStrings([...'aB1 2Z.\',:;-&/!?"()_`x9 '], 20_000, 12345)) same(text);
  });

  it('splits folded sentences with dashes, quotes, currency and line breaks as Intl.Segmenter does', () => {
    const fixed = ['I lost my card – £5 €10 “now”', 'Dobrý den,\nmáte «otevřeno»?', 'a\tb•c×d ‹e› 1–2'];
    // Seeded random strings mixing them with ASCII, letters that fold to it, and characters that do not (the middle
    // dot joins letters; ı, 中 and the non-breaking hyphen's neighbours take the segmenter).
    const alphabet = [...'aB1 .\',:-?"_xéŽá–—‐“”„«»‹›£€¥$°±§¶×÷•†‡\t\n\r\u2028\u0085·ı中\u2011\u00a0…'];
    for (const text of [...fixed, ...randomStrings(alphabet, 20_000, 4242)]) {
      expect(normalizedWords(text, 'en'), JSON.stringify(text)).toEqual(wordsBySegmenter(text));
    }
  });

  it("stems English with porter2 exactly as Snowball's English stemmer does", async () => {
    const { createRequire } = await import('node:module');
    const snowball = createRequire(import.meta.url)('snowball-stemmers').newStemmer('english');
    const words = 'running runs ran easily fairly generously happiness relational conditional rational valenci '
      .concat('hesitanci digitizer conformabli radicalli differentli vileli analogousli vietnamization predication ')
      .concat('operator feudalism decisiveness hopefulness callousness formaliti sensitiviti sensibiliti triplicate ')
      .concat('formative formalize electriciti electrical hopeful goodness revival allowance inference airliner ')
      .concat('gyroscopic adjustable defensible irritant replacement adjustment dependent adoption homologou ')
      .concat('communism activate angulariti homologous effective bowdlerize probate rate cease generous news ')
      .concat('dying lying tying skis sky idly gently ugly early only singly innings outings cannings herrings')
      .split(/\s+/);
    const english = getLanguage('en');
    for (const word of words) {
      const expected = word.length <= 2 ? word : snowball.stem(word);
      expect(english.stem(word), word).toBe(expected);
    }
  });

  it('stems English and Czech with Snowball', () => {
    expect(getLanguage('en').stem('payments')).toBe(getLanguage('en').stem('payment'));
    const cs = getLanguage('cs');
    expect(cs.stem('faktury')).toBe(cs.stem('fakturu'));
    expect(cs.stem('faktury')).toBe(cs.stem('fakturou'));
  });

  it('falls back to English for unknown language codes and accepts regional codes', () => {
    expect(getLanguage('xx').code).toBe('en');
    expect(getLanguage('cs-CZ').code).toBe('cs');
  });
});

describe('stop words', () => {
  it('strips English stop words and keeps references', () => {
    expect(stripStopwords('I would like to pay the invoice with @card', 'en')).toBe('pay invoice @card');
  });

  it('strips Czech stop words, with or without diacritics', () => {
    expect(stripStopwords('Jak to mám zaplatit, fakturu za elektřinu?', 'cs')).toBe('zaplatit fakturu elektřinu');
    expect(stripStopwords('jak to mam udelat', 'cs')).not.toContain('jak');
  });
});
