/**
 * The index's terms in code-unit order with how many passages contain each: document frequencies for IDF
 * (confidence, answers, common-term handling) and prefix expansion by binary search. Two parallel arrays
 * serialize compactly and need no rebuilding when loaded.
 */
export interface SerializedVocabulary {
  terms: string[];
  passages: number[];
}

export class Vocabulary {
  private readonly terms: readonly string[];
  private readonly passages: ArrayLike<number>;

  private constructor(terms: readonly string[], passages: ArrayLike<number>) {
    this.terms = terms;
    this.passages = passages;
  }

  /** Terms already in code-unit order, with their passage counts (the index's own arrays, not copied). */
  static fromSorted(terms: readonly string[], passages: ArrayLike<number>): Vocabulary {
    if (terms.length !== passages.length) throw new Error('The knowledge index is incomplete.');
    for (let i = 1; i < terms.length; i++) {
      if (!(terms[i - 1]! < terms[i]!)) throw new Error('The knowledge index is incomplete.');
    }
    return new Vocabulary(terms, passages);
  }

  static fromCounts(counts: Map<string, number>): Vocabulary {
    const terms = [...counts.keys()].sort(compare);
    return new Vocabulary(
      terms,
      terms.map((term) => counts.get(term)!),
    );
  }

  static load(serialized: SerializedVocabulary): Vocabulary {
    if (!Array.isArray(serialized?.terms) || serialized.terms.length !== serialized.passages?.length) {
      throw new Error('The knowledge index is incomplete.');
    }
    return new Vocabulary(serialized.terms, serialized.passages);
  }

  toJSON(): SerializedVocabulary {
    return { terms: [...this.terms], passages: Array.from(this.passages) };
  }

  /** The term's position in code-unit order (the index's term number), or -1 for a term the index never saw. */
  id(term: string): number {
    const at = this.lowerBound(term);
    return this.terms[at] === term ? at : -1;
  }

  /** The term at a position `id` gave. */
  term(id: number): string {
    return this.terms[id]!;
  }

  get size(): number {
    return this.terms.length;
  }

  /** Passages containing the term (0 for a term the index never saw). */
  frequency(term: string): number {
    const at = this.lowerBound(term);
    return this.terms[at] === term ? this.passages[at]! : 0;
  }

  /** Longer terms that begin with `prefix`, in order, at most `limit`. */
  extensions(prefix: string, limit: number): string[] {
    return this.extensionIds(prefix, limit).map((id) => this.terms[id]!);
  }

  /** The positions of `extensions(prefix, limit)`. */
  extensionIds(prefix: string, limit: number): number[] {
    const out: number[] = [];
    for (let at = this.lowerBound(prefix); at < this.terms.length && out.length < limit; at++) {
      const term = this.terms[at]!;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) out.push(at);
    }
    return out;
  }

  private lowerBound(term: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.terms[middle]!, term) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Code-unit order (what `<` does), the same on every machine, unlike localeCompare. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
