import { memoisedStemmer } from './stemmers.ts';

/**
 * A light Czech stemmer for diacritics-folded words (the pipeline folds before stemming, so "nová" and "nova"
 * meet as "nova"). Snowball's Czech stemmer expects the diacritics: on folded words it left "-eho", "-ym",
 * "-ach" and verb endings in place and cut "nova" and "novou" down to nothing. This one removes case,
 * number and common verb endings written without diacritics, and maps the colloquial forms people type in
 * chat ("jakej" → "jaky", "zivyho" → "ziveho", "sluzbama" → "sluzbami") onto the standard ones first.
 * A stem keeps at least three letters; shorter words are left alone.
 */
const COLLOQUIAL: [string, string][] = [
  ['ejch', 'ych'],
  ['ejm', 'ym'],
  ['yho', 'eho'],
  ['ymu', 'emu'],
  ['ama', 'ami'],
  ['ej', 'y'],
];

/** Longest first; the first suffix that leaves a stem of at least MIN_STEM letters is removed. */
const SUFFIXES = [
  'ovani',
  'atech',
  'etem',
  'atum',
  'ovat',
  'ujes',
  'ujeme',
  'ujete',
  'ovou',
  'ove',
  'ovi',
  'ech',
  'ich',
  'ych',
  'ami',
  'emi',
  'imi',
  'ymi',
  'eho',
  'emu',
  'ach',
  'ata',
  'aty',
  'uje',
  'uji',
  'uju',
  'ime',
  'ite',
  'ila',
  'ilo',
  'ili',
  'ete',
  'eme',
  'ame',
  'ate',
  'ou',
  'ym',
  'im',
  'em',
  'am',
  'om',
  'il',
  'it',
  'at',
  'et',
  'is',
  'as',
  'la',
  'lo',
  'li',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
];
const MIN_STEM = 3;

export function stemFoldedCzech(word: string): string {
  // A negated verb shares its stem with the affirmative one ("nezaplatim" → "zaplat"); the negation is kept by
  // the unstemmed word feature and, in projects with [NEG] intents, by the sentence's negation feature.
  let w = word.length >= 7 && word.startsWith('ne') && !word.startsWith('nej') ? word.slice(2) : word;
  for (const [from, to] of COLLOQUIAL) {
    if (w.length - from.length >= MIN_STEM && w.endsWith(from)) {
      w = w.slice(0, -from.length) + to;
      break;
    }
  }
  for (const suffix of SUFFIXES) {
    if (w.length - suffix.length >= MIN_STEM && w.endsWith(suffix)) return w.slice(0, -suffix.length);
  }
  return w;
}

export const foldedCzechStemmer = memoisedStemmer(stemFoldedCzech);
