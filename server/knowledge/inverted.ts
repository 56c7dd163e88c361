import { decodeIntegers, encodeIntegers } from './codec.ts';
import { Vocabulary } from './vocabulary.ts';

/**
 * The inverted index in typed arrays (see docs/decisions.md, "Knowledge index of our own"): per field, each
 * term's posting list (passage numbers in order, with how often the term occurs there), and each passage's
 * field length. Terms are numbered by their place in the Vocabulary (code-unit order).
 */

/** The indexed fields, in the order they are scored (MiniSearch's order before, which decides ties). */
export const FIELDS = ['text', 'questions', 'title'] as const;
export type Field = (typeof FIELDS)[number];

export interface FieldPostings {
  /** Term t's postings are at offsets[t] .. offsets[t + 1]. */
  offsets: Int32Array;
  /** Passage numbers, ascending within a term. */
  passages: Int32Array;
  /** How often the term occurs in that passage's field. */
  counts: Int32Array;
  /** Distinct terms in each passage's field (an empty field counts 1, as MiniSearch counted it). */
  lengths: Int32Array;
  /** Mean of `lengths`. */
  average: number;
}

export interface InvertedIndex {
  vocabulary: Vocabulary;
  fields: FieldPostings[];
}

/** A field's terms as distinct term numbers with their counts (numbers from InvertedIndexBuilder.bag). */
export interface TermBag {
  ids: Int32Array;
  counts: Int32Array;
}

/** An Int32Array that grows as values are pushed. */
class Int32List {
  private data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  array(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/** One field's terms per passage as they are added (a forward index), turned into postings at the end. */
class ForwardField {
  readonly ids = new Int32List();
  readonly counts = new Int32List();
  /** Passage p's terms are at starts[p] .. starts[p + 1]. */
  readonly starts = new Int32List();
  readonly lengths = new Int32List();
  lengthSum = 0;

  constructor() {
    this.starts.push(0);
  }

  add(bag: TermBag): void {
    for (let i = 0; i < bag.ids.length; i++) {
      this.ids.push(bag.ids[i]!);
      this.counts.push(bag.counts[i]!);
    }
    this.starts.push(this.ids.length);
    const length = Math.max(1, bag.ids.length);
    this.lengths.push(length);
    this.lengthSum += length;
  }

  /** Postings by a counting sort on the (renumbered) term. */
  postings(renumber: Int32Array, termCount: number, passageCount: number): FieldPostings {
    const ids = this.ids.array();
    const counts = this.counts.array();
    const starts = this.starts.array();
    const offsets = new Int32Array(termCount + 1);
    for (let i = 0; i < ids.length; i++) offsets[renumber[ids[i]!]! + 1]!++;
    for (let t = 0; t < termCount; t++) offsets[t + 1]! += offsets[t]!;
    const next = offsets.slice(0, termCount);
    const passages = new Int32Array(ids.length);
    const postingCounts = new Int32Array(ids.length);
    for (let p = 0; p < passageCount; p++) {
      for (let i = starts[p]!; i < starts[p + 1]!; i++) {
        const at = next[renumber[ids[i]!]!]!++;
        passages[at] = p;
        postingCounts[at] = counts[i]!;
      }
    }
    const lengths = this.lengths.array().slice();
    return { offsets, passages, counts: postingCounts, lengths, average: averageOf(this.lengthSum, passageCount) };
  }
}

function averageOf(sum: number, count: number): number {
  return count > 0 ? sum / count : 0;
}

/** Code-unit order (what `<` does), the same on every machine, unlike localeCompare. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Builds the index passage by passage from the analyzer's terms: terms get numbers as they are first seen,
 * each passage's fields are kept as (term, count) pairs in growing typed arrays, and `finish` sorts the terms
 * and turns the pairs into posting lists in one counting sort per field. No object per passage or posting.
 */
export class InvertedIndexBuilder {
  private readonly numbers = new Map<string, number>();
  private readonly terms: string[] = [];
  /** Per term: the last bag (or passage, for `seenIn`) that counted it. */
  private lastBag = new Int32Array(1024);
  private bagCounts = new Int32Array(1024);
  private lastPassage = new Int32Array(1024);
  private passagesWith = new Int32Array(1024);
  private bags = 0;
  private readonly forward = FIELDS.map(() => new ForwardField());
  passages = 0;

  /** The term's number (in order of first sight; `finish` renumbers them in code-unit order). */
  number(term: string): number {
    let id = this.numbers.get(term);
    if (id === undefined) {
      id = this.terms.push(term) - 1;
      this.numbers.set(term, id);
      if (id === this.lastBag.length) {
        this.lastBag = grow(this.lastBag);
        this.bagCounts = grow(this.bagCounts);
        this.lastPassage = grow(this.lastPassage);
        this.passagesWith = grow(this.passagesWith);
      }
    }
    return id;
  }

  /** The distinct terms of one field (numbers from `number`, repeats kept) with their counts. */
  bag(ids: readonly number[]): TermBag {
    const mark = ++this.bags;
    let distinct = 0;
    for (const id of ids) {
      if (this.lastBag[id] !== mark) {
        this.lastBag[id] = mark;
        this.bagCounts[id] = 0;
        distinct++;
      }
      this.bagCounts[id]!++;
    }
    const bag = { ids: new Int32Array(distinct), counts: new Int32Array(distinct) };
    let at = 0;
    for (const id of ids) {
      if (this.lastBag[id] === mark) {
        this.lastBag[id] = -mark; // taken: its later repeats are skipped
        bag.ids[at] = id;
        bag.counts[at++] = this.bagCounts[id]!;
      }
    }
    return bag;
  }

  /** One passage: its fields' bags in FIELDS order. */
  add(fields: readonly TermBag[]): void {
    const mark = ++this.passages;
    for (let f = 0; f < FIELDS.length; f++) {
      const bag = fields[f]!;
      this.forward[f]!.add(bag);
      for (const id of bag.ids) {
        if (this.lastPassage[id] !== mark) {
          this.lastPassage[id] = mark;
          this.passagesWith[id]!++;
        }
      }
    }
  }

  finish(): InvertedIndex {
    const order = this.terms.map((_, id) => id).sort((a, b) => compare(this.terms[a]!, this.terms[b]!));
    const renumber = new Int32Array(order.length);
    const sortedTerms: string[] = new Array(order.length);
    const frequencies = new Int32Array(order.length);
    order.forEach((id, at) => {
      renumber[id] = at;
      sortedTerms[at] = this.terms[id]!;
      frequencies[at] = this.passagesWith[id]!;
    });
    return {
      vocabulary: Vocabulary.fromSorted(sortedTerms, frequencies),
      fields: this.forward.map((field) => field.postings(renumber, order.length, this.passages)),
    };
  }
}

function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** A field's postings as text: posting-list sizes, passage gaps within each list, counts, lengths. */
export interface SerializedField {
  sizes: string;
  gaps: string;
  counts: string;
  lengths: string;
}

export function serializeField(field: FieldPostings): SerializedField {
  const termCount = field.offsets.length - 1;
  const sizes = new Int32Array(termCount);
  const gaps = new Int32Array(field.passages.length);
  for (let t = 0; t < termCount; t++) {
    sizes[t] = field.offsets[t + 1]! - field.offsets[t]!;
    let previous = 0;
    for (let i = field.offsets[t]!; i < field.offsets[t + 1]!; i++) {
      gaps[i] = field.passages[i]! - previous;
      previous = field.passages[i]!;
    }
  }
  return {
    sizes: encodeIntegers(sizes),
    gaps: encodeIntegers(gaps),
    counts: encodeIntegers(field.counts),
    lengths: encodeIntegers(field.lengths),
  };
}

export function loadField(
  serialized: SerializedField | undefined,
  termCount: number,
  passageCount: number,
): FieldPostings {
  if (!serialized) throw new Error('The knowledge index is incomplete.');
  const sizes = decodeIntegers(serialized.sizes, termCount);
  const offsets = new Int32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) offsets[t + 1] = offsets[t]! + sizes[t]!;
  const total = offsets[termCount]!;
  const passages = decodeIntegers(serialized.gaps, total);
  for (let t = 0; t < termCount; t++) {
    let previous = 0;
    for (let i = offsets[t]!; i < offsets[t + 1]!; i++) {
      previous += passages[i]!;
      if (previous >= passageCount) throw new Error('The knowledge index is incomplete.');
      passages[i] = previous;
    }
  }
  const lengths = decodeIntegers(serialized.lengths, passageCount);
  let sum = 0;
  for (const length of lengths) sum += length;
  return {
    offsets,
    passages,
    counts: decodeIntegers(serialized.counts, total),
    lengths,
    average: averageOf(sum, passageCount),
  };
}
