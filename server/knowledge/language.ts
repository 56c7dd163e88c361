import { createRequire } from 'node:module';
import type { LanguageDefinition } from '../nlu/languages/language-definition.ts';
import { getLanguage, supportedLanguages } from '../nlu/languages/registry.ts';
import { snowballStemmer } from '../nlu/languages/stemmers.ts';
import { stopwordSet } from '../nlu/languages/stopword-set.ts';
import { foldDiacritics, lowerCase, normalizedWords, tokenize } from '../nlu/normalize.ts';

const require = createRequire(import.meta.url);
const snowball = require('snowball-stemmers') as { algorithms(): string[] };

/**
 * How the knowledge engine turns text into search terms: the NLU's own normalisation (NFKC, lower case,
 * diacritics folded, Intl.Segmenter words), its stop words and its stemmer, so a project's knowledge base
 * and its intents read words the same way.
 */
export interface KnowledgeAnalyzer {
  /** The language code the analyzer was made for (as given, lower-case base code). */
  readonly code: string;
  /** Search terms of a text in order (stop words dropped, stems), repeats kept. */
  terms(text: string): string[];
  /** The stem of one normalised word, or undefined for a stop word. */
  term(word: string): string | undefined;
  /**
   * The words of a text as `searchTerm` takes them; `terms(text)` is `searchTerm` of each, stop words left
   * out. Split so that a build can look each distinct word up once (stemming is most of the cost).
   */
  words(text: string): string[];
  searchTerm(word: string): string | undefined;
}

/** Languages the NLU does not define yet but the knowledge base can read (the benchmark's German, Russian): Snowball names. */
const SNOWBALL_NAMES: Record<string, string> = {
  ar: 'arabic',
  ca: 'catalan',
  da: 'danish',
  de: 'german',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  hy: 'armenian',
  it: 'italian',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sl: 'slovene',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

const analyzers = new Map<string, KnowledgeAnalyzer>();

function baseCode(language: string): string {
  return language.toLowerCase().split(/[-_]/)[0] ?? 'en';
}

/**
 * The NLU's language definition when the NLU supports the language (en, cs); otherwise one made of the same
 * parts (stopwords-iso through the NLU's stopwordSet, a Snowball stemmer through its snowballStemmer), and
 * English for a language neither knows.
 */
function definitionFor(code: string): WordAnalysis {
  if (supportedLanguages().includes(code)) return { ...getLanguage(code), foldsFirst: true };
  const algorithm = SNOWBALL_NAMES[code];
  if (algorithm && snowball.algorithms().includes(algorithm)) {
    return { code, stopwords: stopwordSet(code), stem: snowballStemmer(algorithm), foldsFirst: false };
  }
  return { ...getLanguage(code), foldsFirst: true };
}

type WordAnalysis = Pick<LanguageDefinition, 'code' | 'stopwords' | 'stem'> & {
  /**
   * The NLU's stemmers take diacritics-folded words; Snowball's want them as written (its Russian rules end
   * in "й", its German ones know "ä"), so for those the stem is folded afterwards.
   */
  foldsFirst: boolean;
};

export function knowledgeAnalyzer(language: string): KnowledgeAnalyzer {
  const code = baseCode(language);
  let analyzer = analyzers.get(code);
  if (analyzer) return analyzer;
  const definition = definitionFor(code);
  const term = (word: string): string | undefined => {
    if (definition.stopwords.has(word)) return undefined;
    // Apostrophes inside words ("don't", "l'homme") would make the stemmer miss; they are not part of the stem.
    const plain = word.includes("'") ? word.replace(/'/g, '') : word;
    return plain === '' ? undefined : definition.stem(plain);
  };
  const words = definition.foldsFirst
    ? (text: string) => normalizedWords(text, definition.code)
    : (text: string) =>
        tokenize(text, definition.code).map((token) => lowerCase(token.text, definition.code).replace(/[’‘`´]/g, "'"));
  const searchTerm = definition.foldsFirst
    ? term
    : (word: string) => {
        const stem = term(word);
        return stem === undefined ? undefined : foldDiacritics(stem);
      };
  analyzer = {
    code,
    term,
    words,
    searchTerm,
    terms(text: string): string[] {
      const out: string[] = [];
      for (const word of words(text)) {
        const stem = searchTerm(word);
        if (stem !== undefined) out.push(stem);
      }
      return out;
    },
  };
  analyzers.set(code, analyzer);
  return analyzer;
}
