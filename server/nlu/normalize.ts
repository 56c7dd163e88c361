/** Unicode normalisation, case and diacritics folding, and word tokens from Intl.Segmenter. */

const COMBINING_MARKS = /\p{M}+/gu;
/**
 * Characters that only ever separate words (Unicode word-break classes Other, CR, LF and Newline, never joining the
 * letters or digits around them): dashes, typographic quotes and guillemets, currency signs, a few symbols, tabs and
 * line breaks. A folded sentence whose other characters are ASCII takes the one-pass tokeniser with these as spaces
 * (BANKING77's "£" and "€", a Czech "Dobrý den – máte…" once folded), not Intl.Segmenter, whose first use costs
 * 10–15 ms in a fresh process and each sentence microseconds.
 */
const WORD_SEPARATORS =
  /[\t\n\v\f\r\u0085\u00a2-\u00a5\u00a7\u00ab\u00b0\u00b1\u00b6\u00bb\u00d7\u00f7\u2010-\u2015\u201c-\u201f\u2020-\u2022\u2028\u2029\u2039\u203a\u20a0-\u20c0]/g;
const segmenters = new Map<string, Intl.Segmenter>();

/** Locales whose lower case of an ASCII letter is not simply a to z (Turkish and Azerbaijani dotted i). */
const SPECIAL_CASE_LOCALES = new Set(['tr', 'az']);

export interface Token {
  /** The token as written. */
  readonly text: string;
  /** NFKC, lower-case, diacritics folded: the form features and matching use. */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
}

/** Whether sentences of printable ASCII in this locale take the one-pass tokeniser (not Turkish or Azerbaijani). */
export function usesPlainWords(locale: string): boolean {
  return !SPECIAL_CASE_LOCALES.has(locale);
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
  const lower = SPECIAL_CASE_LOCALES.has(locale) ? undefined : plainWordRanges(text);
  if (lower !== undefined) {
    for (let i = 0; i < wordRangeCount; i += 2) {
      const start = wordRanges[i]!;
      const end = wordRanges[i + 1]!;
      tokens.push({ text: text.slice(start, end), norm: lower.slice(start, end), start, end });
    }
    return tokens;
  }
  for (const part of segmenterFor(locale).segment(text)) {
    if (!part.isWordLike) continue;
    const norm = normalizeText(part.segment, locale).replace(/[’‘`´]/g, "'");
    tokens.push({ text: part.segment, norm, start: part.index, end: part.index + part.segment.length });
  }
  return tokens;
}

// Classes of ASCII characters for the one-pass tokeniser (0: anything else, which takes the general path).
const LETTER = 1;
const DIGIT = 2;
const SEPARATOR = 3;
/** Joins two letters or two digits (apostrophe, full stop): "don't", "u.s", "3.5". */
const MID_NUM_LETTER = 4;
/** Joins two letters (colon). */
const MID_LETTER = 5;
/** Joins two digits (comma, semicolon): "1,000". */
const MID_NUMBER = 6;
/** The class of each ASCII character (featurize.wat reads the same table). */
export const ASCII_CLASS = new Int8Array(128);
for (let c = 97; c <= 122; c++) ASCII_CLASS[c] = LETTER;
for (let c = 65; c <= 90; c++) ASCII_CLASS[c] = LETTER;
for (let c = 48; c <= 57; c++) ASCII_CLASS[c] = DIGIT;
for (const c of ' !"#$%&()*+-/<=>?@[\\]^{|}~') ASCII_CLASS[c.charCodeAt(0)] = SEPARATOR;
ASCII_CLASS[39] = MID_NUM_LETTER; // '
ASCII_CLASS[46] = MID_NUM_LETTER; // .
ASCII_CLASS[58] = MID_LETTER; // :
ASCII_CLASS[44] = MID_NUMBER; // ,
ASCII_CLASS[59] = MID_NUMBER; // ;

/**
 * Where the words of a sentence of printable ASCII are, and the sentence in lower case, read in one pass;
 * undefined for any other sentence. The words are those Intl.Segmenter finds (Unicode word boundaries: runs of letters and digits,
 * joined across an apostrophe or full stop between two letters or two digits, a colon between letters, a
 * comma or semicolon between digits), and NFKC and diacritics folding leave ASCII as it is; most training
 * sentences take this path, which is many times faster than the segmenter. The words' start and end offsets go to
 * `wordRanges` (reused from sentence to sentence: a fresh array each time was a tenth of a training's garbage), their
 * number to `wordRangeCount`.
 */
function plainWordRanges(text: string): string | undefined {
  const length = text.length;
  let upper = false;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || ASCII_CLASS[c] === 0) return undefined;
    if (c >= 65 && c <= 90) upper = true;
  }
  const lower = upper ? text.toLowerCase() : text;
  if (wordRanges.length < length + 1) wordRanges = new Int32Array(2 * length + 2);
  const ranges = wordRanges;
  let count = 0;
  let start = -1;
  for (let i = 0; i < length; i++) {
    const kind = ASCII_CLASS[lower.charCodeAt(i)]!;
    if (kind === LETTER || kind === DIGIT) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && kind !== SEPARATOR && i + 1 < length) {
      const before = ASCII_CLASS[lower.charCodeAt(i - 1)]!;
      const after = ASCII_CLASS[lower.charCodeAt(i + 1)]!;
      const joins =
        kind === MID_NUM_LETTER
          ? before === after && (before === LETTER || before === DIGIT)
          : before === after && before === (kind === MID_LETTER ? LETTER : DIGIT);
      if (joins) continue;
    }
    if (start >= 0) {
      ranges[count++] = start;
      ranges[count++] = i;
      start = -1;
    }
  }
  if (start >= 0) {
    ranges[count++] = start;
    ranges[count++] = length;
  }
  wordRangeCount = count;
  return lower;
}
/** plainWordRanges' output: start, end, start, end, ... (at most one word per two characters, plus one). */
let wordRanges = new Int32Array(256);
let wordRangeCount = 0;

/** Only the normalised token strings (classification's featurisation, clashes, the knowledge index). */
export function normalizedWords(text: string, locale: string): string[] {
  const { text: words, ranges, count } = normalizedWordRanges(text, locale);
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) out[i] = words.slice(ranges[2 * i], ranges[2 * i + 1]);
  return out;
}

/** A sentence's normalised words as ranges of one string: text.slice(ranges[2i], ranges[2i + 1]) is word i. */
export interface WordRanges {
  text: string;
  ranges: Int32Array;
  count: number;
}
/** normalizedWordRanges' answer, reused from sentence to sentence (read it before the next call). */
const lastRanges: WordRanges = { text: '', ranges: wordRanges, count: 0 };

/**
 * The words normalizedWords gives, as ranges of one string (training's featurisation copies the string into
 * WebAssembly's memory, without a string per word). A sentence the segmenter splits has its words joined by spaces.
 */
export function normalizedWordRanges(text: string, locale: string): WordRanges {
  let plain = SPECIAL_CASE_LOCALES.has(locale) ? undefined : plainWordRanges(text);
  if (plain === undefined) {
    const normalized = normalizeText(text, locale).replace(/[’‘`´]/g, "'");
    // Folded to ASCII but for separators (diacritics, dashes, quotes, currency): the one-pass tokeniser still applies.
    plain = plainWordRanges(normalized.replace(WORD_SEPARATORS, ' '));
    if (plain === undefined) {
      const words: string[] = [];
      for (const part of segmenterFor(locale).segment(normalized)) if (part.isWordLike) words.push(part.segment);
      plain = words.join(' ');
      if (wordRanges.length < 2 * words.length) wordRanges = new Int32Array(2 * words.length + 2);
      let at = 0;
      for (let i = 0; i < words.length; i++) {
        wordRanges[2 * i] = at;
        at += words[i]!.length;
        wordRanges[2 * i + 1] = at++;
      }
      wordRangeCount = 2 * words.length;
    }
  }
  lastRanges.text = plain;
  lastRanges.ranges = wordRanges;
  lastRanges.count = wordRangeCount >> 1;
  return lastRanges;
}
