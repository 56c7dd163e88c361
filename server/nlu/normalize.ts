/** Unicode normalisation, case and diacritics folding, and word tokens from Intl.Segmenter. */

const COMBINING_MARKS = /\p{M}+/gu;
const PLAIN_SENTENCE = /^[a-z0-9 ]*[?!.]?$/;
const FINAL_MARK = /[?!.]$/;
const segmenters = new Map<string, Intl.Segmenter>();

export interface Token {
  /** The token as written. */
  readonly text: string;
  /** NFKC, lower-case, diacritics folded: the form features and matching use. */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
}

function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

export function lowerCase(text: string, locale: string): string {
  return text.normalize('NFKC').toLocaleLowerCase(locale);
}

export function foldDiacritics(text: string): string {
  // Fast path: pure ASCII has nothing to fold.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII range test
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return text.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/** NFKC + lower-case + folded diacritics. */
export function normalizeText(text: string, locale: string): string {
  return foldDiacritics(lowerCase(text, locale));
}

/**
 * Word-like tokens with their offsets in the original text. Typographic apostrophes are unified so
 * "don’t" and "don't" are the same token. NFKC can change lengths, so offsets refer to the input text.
 */
export function tokenize(text: string, locale: string): Token[] {
  const tokens: Token[] = [];
  for (const part of segmenterFor(locale).segment(text)) {
    if (!part.isWordLike) continue;
    const norm = normalizeText(part.segment, locale).replace(/[’‘`´]/g, "'");
    tokens.push({ text: part.segment, norm, start: part.index, end: part.index + part.segment.length });
  }
  return tokens;
}

/** Locales whose lower case of an ASCII letter is not simply a to z (Turkish and Azerbaijani dotted i). */
const SPECIAL_CASE_LOCALES = new Set(['tr', 'az']);

/**
 * The lower-case words of a sentence of ASCII letters, digits and spaces with at most one final ?, ! or .,
 * read in one pass; undefined for any other sentence. Such sentences segment exactly as Intl.Segmenter
 * would, into the space-separated runs, and NFKC and diacritics folding leave them as they are; most
 * training sentences look like this.
 */
function plainWords(text: string): string[] | undefined {
  let end = text.length;
  const last = text.charCodeAt(end - 1);
  if (last === 63 || last === 33 || last === 46) end--;
  let upper = false;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c === 32 || (c >= 48 && c <= 57)) continue;
    if (c >= 65 && c <= 90) upper = true;
    else return undefined;
  }
  const source = upper ? text.toLowerCase() : text;
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < end; i++) {
    if (source.charCodeAt(i) !== 32) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(source.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(source.slice(start, end));
  return words;
}

/** Only the normalised token strings (the hot path of featurisation). */
export function normalizedWords(text: string, locale: string): string[] {
  const plain = SPECIAL_CASE_LOCALES.has(locale) ? undefined : plainWords(text);
  if (plain) return plain;
  const normalized = normalizeText(text, locale).replace(/[’‘`´]/g, "'");
  // Fast path: ASCII letters, digits and spaces (with at most one final ?, ! or .) segment exactly as
  // Intl.Segmenter would, into the space-separated runs; most sentences look like this.
  if (PLAIN_SENTENCE.test(normalized)) {
    const body = FINAL_MARK.test(normalized) ? normalized.slice(0, -1) : normalized;
    return body.split(' ').filter((word) => word !== '');
  }
  const words: string[] = [];
  for (const part of segmenterFor(locale).segment(normalized)) {
    if (part.isWordLike) words.push(part.segment);
  }
  return words;
}
