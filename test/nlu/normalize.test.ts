import { describe, expect, it } from 'vitest';
import { getLanguage } from '../../server/nlu/languages/registry.ts';
import { foldDiacritics, normalizeText, normalizedWords, tokenize } from '../../server/nlu/normalize.ts';
import { stripStopwords } from '../../server/nlu/index.ts';

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
