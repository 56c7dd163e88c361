/** What the pipeline needs to know about one language. Adding a language = one file exporting this. */
export interface NumberWords {
  /** Words with a value that add up (units, teens, tens, hundreds written as one word). */
  readonly values: ReadonlyMap<string, number>;
  /** Words that multiply what precedes them (hundred, thousand, million). */
  readonly multipliers: ReadonlyMap<string, number>;
  /** Words allowed between number words and ignored ("and" in "one hundred and five"). */
  readonly joiners: ReadonlySet<string>;
}

export interface Negation {
  /** Turns an affirmative template into its negation; returns the text unchanged if it is already negated. */
  negate(text: string): string;
  /** Removes the negation; returns the text unchanged if it is not negated. */
  unnegate(text: string): string;
  isNegated(text: string): boolean;
}

export interface LanguageDefinition {
  /** ISO 639-1 code, also the locale for Intl.Segmenter and case mapping. */
  readonly code: string;
  readonly name: string;
  /** Lower-case stop words, both with and without diacritics. */
  readonly stopwords: ReadonlySet<string>;
  /** Stems a lower-case token with diacritics already folded (train and classify see the same form). */
  stem(token: string): string;
  readonly numberWords: NumberWords;
  readonly negation: Negation;
}
