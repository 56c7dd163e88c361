// The knowledge-base benchmark (issue 16 §6): XQuAD en/de/ru read from KB_BENCH_DATA (default ../shared/data/kb
// beside the repository; never copied in), our engine against PostgreSQL full-text search (ts_rank, the
// language's text search configuration) on the same passages in the same run, "no answer" detection, and a
// scale run with 100,000 passages in a child process (so its peak memory is its own).
// npm exec -- node bench/knowledge.ts   (KB_BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// KB_BENCH_SCALE=0 skips the scale run; KB_BENCH_SCALE_PASSAGES changes its size)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  DEFAULT_KNOWLEDGE_THRESHOLD,
  KNOWLEDGE_RANKING,
  buildKnowledgeIndex,
  loadKnowledgeIndex,
} from '../server/knowledge/index.ts';
import { splitPassages } from '../server/knowledge/passages.ts';
import type { KnowledgeDocument, KnowledgeIndex } from '../server/knowledge/types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const directory = process.env.KB_BENCH_DATA ?? join(here, '..', '..', 'shared', 'data', 'kb');
const databaseUrl = process.env.KB_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LANGUAGES = ['en', 'de', 'ru'];
/** PostgreSQL's text search configuration per language (it has none for Czech). */
const PG_CONFIG: Record<string, string> = { en: 'english', de: 'german', ru: 'russian' };
const DEPTH = 10;

interface Question {
  text: string;
  entryId: number;
}

interface Dataset {
  documents: KnowledgeDocument[];
  questions: Question[];
}

/** SQuAD JSON: every paragraph is an entry (its article's title as title), every question must find it. */
function readXquad(language: string): Dataset {
  const file = join(directory, `xquad.${language}.json`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    data: { title?: string; paragraphs: { context: string; qas: { question: string }[] }[] }[];
  };
  const documents: KnowledgeDocument[] = [];
  const questions: Question[] = [];
  for (const article of json.data) {
    for (const paragraph of article.paragraphs) {
      const id = documents.length + 1;
      documents.push({ id, link: '', title: article.title ?? '', text: paragraph.context, questions: [] });
      for (const qa of paragraph.qas) questions.push({ text: qa.question, entryId: id });
    }
  }
  return { documents, questions };
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** recall@1, recall@3, MRR@10 from 1-based ranks (0: not in the first DEPTH). */
function rankMetrics(ranks: number[]) {
  const share = (f: (r: number) => boolean) => round(ranks.filter(f).length / ranks.length);
  return {
    recall_at_1: share((r) => r === 1),
    recall_at_3: share((r) => r >= 1 && r <= 3),
    mrr_at_10: round(ranks.reduce((sum, r) => sum + (r > 0 ? 1 / r : 0), 0) / ranks.length),
  };
}

/** Area under the ROC curve: the chance that an answerable question outscores an unanswerable one. */
function auc(positive: number[], negative: number[]): number {
  let sum = 0;
  for (const p of positive) for (const n of negative) sum += p > n ? 1 : p === n ? 0.5 : 0;
  return round(sum / (positive.length * negative.length));
}

function latency(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50_ms: round(percentile(sorted, 0.5), 2), p99_ms: round(percentile(sorted, 0.99), 2) };
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return round((used.user + used.system) / 1e6, 1);
}

function ours(dataset: Dataset, language: string) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const index = buildKnowledgeIndex(dataset.documents, language);
  const buildMs = performance.now() - started;
  const buildCpu = cpuSeconds(cpu);
  const ranks: number[] = [];
  const times: number[] = [];
  for (const question of dataset.questions) {
    const t = performance.now();
    const hits = index.search(question.text, { limit: DEPTH });
    void hits[0]?.answer; // what the bot would send: the best hit's answer is read
    times.push(performance.now() - t);
    ranks.push(hits.findIndex((h) => h.entryId === question.entryId) + 1);
  }
  return {
    passages: index.passages,
    build_ms: round(buildMs, 1),
    build_cpu_s: buildCpu,
    ...rankMetrics(ranks),
    ...latency(times),
    no_answer: noAnswer(dataset, language),
  };
}

/**
 * "No answer": only the even-numbered paragraphs are indexed; questions about them are answerable, questions
 * about the odd ones (same articles, so same topics and many shared words) are not. The score is the top
 * hit's confidence; at a threshold a question is answered when that confidence reaches it.
 */
function noAnswer(dataset: Dataset, language: string) {
  const index: KnowledgeIndex = buildKnowledgeIndex(
    dataset.documents.filter((d) => d.id % 2 === 0),
    language,
  );
  const answerable: { confidence: number; right: boolean }[] = [];
  const unanswerable: number[] = [];
  for (const question of dataset.questions) {
    const top = index.search(question.text, { limit: 1 })[0];
    const confidence = top?.confidence ?? 0;
    if (question.entryId % 2 === 0) answerable.push({ confidence, right: top?.entryId === question.entryId });
    else unanswerable.push(confidence);
  }
  const at = (threshold: number) => ({
    threshold,
    answerable_answered_correctly: round(
      answerable.filter((a) => a.right && a.confidence >= threshold).length / answerable.length,
    ),
    answerable_answered_wrongly: round(
      answerable.filter((a) => !a.right && a.confidence >= threshold).length / answerable.length,
    ),
    unanswerable_answered: round(unanswerable.filter((c) => c >= threshold).length / unanswerable.length),
  });
  return {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    auc: auc(
      answerable.map((a) => a.confidence),
      unanswerable,
    ),
    at_default_threshold: at(DEFAULT_KNOWLEDGE_THRESHOLD),
    thresholds: [0.3, 0.4, 0.5, 0.6, 0.7].map(at),
  };
}

/**
 * The baseline: the same passages in a temporary PostgreSQL table with a GIN index on to_tsvector(config,
 * text), questions as an OR of their lexemes (plainto_tsquery ANDs them, and almost no question has every
 * word in its paragraph), ranked by ts_rank; an entry's rank is that of its best passage.
 */
async function postgres(dataset: Dataset, language: string) {
  const config = PG_CONFIG[language]!;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const table = `kb_bench_${process.pid}_${language}`;
  try {
    const rows: [number, string][] = [];
    for (const document of dataset.documents) {
      for (const passage of splitPassages(document.text, language)) rows.push([document.id, passage]);
    }
    const started = performance.now();
    await client.query(`CREATE TABLE ${table} (entry int NOT NULL, body text NOT NULL, tsv tsvector)`);
    await client.query(`INSERT INTO ${table} (entry, body) SELECT * FROM unnest($1::int[], $2::text[])`, [
      rows.map((r) => r[0]),
      rows.map((r) => r[1]),
    ]);
    await client.query(`UPDATE ${table} SET tsv = to_tsvector($1::regconfig, body)`, [config]);
    await client.query(`CREATE INDEX ON ${table} USING gin (tsv)`);
    await client.query(`ANALYZE ${table}`);
    const buildMs = performance.now() - started;
    const sql = `WITH q AS (SELECT to_tsquery($1::regconfig, replace(plainto_tsquery($1::regconfig, $2)::text, '&', '|')) AS query)
      SELECT entry, max(ts_rank(tsv, q.query)) AS score FROM ${table}, q
      WHERE q.query::text <> '' AND tsv @@ q.query GROUP BY entry ORDER BY score DESC LIMIT ${DEPTH}`;
    const ranks: number[] = [];
    const times: number[] = [];
    for (const question of dataset.questions) {
      const t = performance.now();
      const result = await client.query<{ entry: number }>(sql, [config, question.text]);
      times.push(performance.now() - t);
      ranks.push(result.rows.findIndex((r) => r.entry === question.entryId) + 1);
    }
    return { config, passages: rows.length, build_ms: round(buildMs, 1), ...rankMetrics(ranks), ...latency(times) };
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  }
}

/** Deterministic pseudo-random numbers for the synthetic corpus. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The scale run's corpus: XQuAD's 240 English paragraphs (whose questions are asked) among synthetic passages
 * of 100–160 words in sentences of 8–24 words. Half of a synthetic passage's words are drawn from XQuAD's own
 * English word frequencies (so the questions' words are common in the corpus: long posting lists, the slow
 * case), half from a Zipf (s = 1) vocabulary of 500,000 made-up words (so the index has a realistic number of
 * distinct terms).
 */
function scaleCorpus(passages: number): Dataset {
  const { documents, questions } = readXquad('en');
  const counts = new Map<string, number>();
  for (const document of documents) {
    for (const word of document.text.split(/\s+/)) {
      const clean = word.replace(/[^\p{L}\p{N}'-]/gu, '');
      if (clean) counts.set(clean, (counts.get(clean) ?? 0) + 1);
    }
  }
  const real = [...counts.keys()];
  const realCumulative: number[] = [];
  let realTotal = 0;
  for (const word of real) {
    realTotal += counts.get(word)!;
    realCumulative.push(realTotal);
  }
  const random = generator(16);
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tas', 'vor', 'pel', 'dun', 'shi', 'ber', 'gan', 'tol', 'qui', 'zer'];
  const madeUp = Array.from({ length: 500_000 }, (_, rank) => {
    let word = '';
    for (let i = 0, n = 2 + (rank % 3); i < n; i++) word += syllables[Math.floor(random() * syllables.length)];
    return word + rank.toString(36);
  });
  const zipf: number[] = [];
  let harmonic = 0;
  for (let rank = 1; rank <= madeUp.length; rank++) {
    harmonic += 1 / rank;
    zipf.push(harmonic);
  }
  const draw = (cumulative: number[], total: number) => {
    const x = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < x) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const all = [...documents];
  while (all.length < passages) {
    const sentences: string[] = [];
    const target = 100 + Math.floor(random() * 60);
    for (let words = 0; words < target; ) {
      const length = 8 + Math.floor(random() * 17);
      const sentence: string[] = [];
      for (let i = 0; i < length; i++) {
        sentence.push(random() < 0.5 ? real[draw(realCumulative, realTotal)]! : madeUp[draw(zipf, harmonic)]!);
      }
      sentences.push(`${sentence[0]!.charAt(0).toUpperCase()}${sentence.join(' ').slice(1)}.`);
      words += length;
    }
    all.push({ id: all.length + 1, link: '', title: '', text: sentences.join(' '), questions: [] });
  }
  return { documents: all, questions };
}

/** Peak resident memory of this process so far, MB. */
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/**
 * The scale run (in its own process): build, query, serialize and load 100,000 passages. Each query's CPU time
 * is measured beside its wall time: on a busy machine the wall time's tail is mostly waiting for a core.
 */
function scaleRun(passages: number) {
  const loadAtStart = loadavg().map((l) => round(l, 1));
  const corpus = scaleCorpus(passages);
  const rssBeforeBuild = peakRssMb();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const index = buildKnowledgeIndex(corpus.documents, 'en');
  const buildS = (performance.now() - started) / 1000;
  const buildCpu = cpuSeconds(cpu);
  const rssAfterBuild = peakRssMb();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const ranks: number[] = [];
  const ask = (searched: KnowledgeIndex, question: string) => {
    const hits = searched.search(question, { limit: 5 });
    void hits[0]?.answer;
    return hits;
  };
  for (let round_ = 0; round_ < 2; round_++) {
    for (const question of corpus.questions) {
      const c = process.cpuUsage();
      const t = performance.now();
      const hits = ask(index, question.text);
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpuTimes.push((used.user + used.system) / 1000);
      if (round_ === 0) ranks.push(hits.findIndex((h) => h.entryId === question.entryId) + 1);
    }
  }
  let t = performance.now();
  const json = JSON.stringify(index.toJSON());
  const serializeS = (performance.now() - t) / 1000;
  t = performance.now();
  const loaded = loadKnowledgeIndex(JSON.parse(json));
  const loadS = (performance.now() - t) / 1000;
  const sameAfterLoad = corpus.questions
    .slice(0, 100)
    .every((q) => JSON.stringify(ask(loaded, q.text)) === JSON.stringify(ask(index, q.text)));
  const cpuLatency = latency(cpuTimes);
  return {
    passages: index.passages,
    load_average_at_start: loadAtStart,
    build_s: round(buildS, 1),
    build_cpu_s: buildCpu,
    serialize_s: round(serializeS, 1),
    serialized_mb: round(json.length / 1e6, 1),
    load_s: round(loadS, 1),
    same_results_after_load: sameAfterLoad,
    queries: times.length,
    ...latency(times),
    cpu_p50_ms: cpuLatency.p50_ms,
    cpu_p99_ms: cpuLatency.p99_ms,
    // XQuAD's own paragraphs among 100,000 distractors.
    recall_at_1_among_distractors: rankMetrics(ranks).recall_at_1,
    peak_rss_before_build_mb: rssBeforeBuild,
    peak_rss_after_build_mb: rssAfterBuild,
    peak_rss_mb: peakRssMb(),
  };
}

async function main() {
  if (process.argv[2] === '--scale') {
    console.log(JSON.stringify(scaleRun(Number(process.argv[3] ?? 100_000))));
    return;
  }
  if (!existsSync(join(directory, 'xquad.en.json'))) {
    console.error(`No XQuAD data in ${directory}; set KB_BENCH_DATA to the directory of xquad.{en,de,ru}.json.`);
    process.exit(1);
  }
  const results: Record<string, unknown> = {
    measured: new Date().toISOString(),
    machine: { cpus: cpus().length, load_average_at_start: loadavg().map((l) => round(l, 1)) },
    note: 'Measured on a shared 2-core machine busy with other work (see load averages); wall times are inflated, CPU seconds less so.',
    ranking: KNOWLEDGE_RANKING,
    default_threshold: DEFAULT_KNOWLEDGE_THRESHOLD,
    languages: {} as Record<string, unknown>,
  };
  for (const language of LANGUAGES) {
    const dataset = readXquad(language);
    const engine = ours(dataset, language);
    const baseline = await postgres(dataset, language);
    (results.languages as Record<string, unknown>)[language] = {
      entries: dataset.documents.length,
      questions: dataset.questions.length,
      ours: engine,
      postgres_ts_rank: baseline,
    };
    console.error(
      `${language}: ours r@1 ${engine.recall_at_1} r@3 ${engine.recall_at_3} MRR ${engine.mrr_at_10} AUC ${engine.no_answer.auc} p50 ${engine.p50_ms} p99 ${engine.p99_ms} ms build ${engine.build_ms} ms | postgres r@1 ${baseline.recall_at_1} r@3 ${baseline.recall_at_3} MRR ${baseline.mrr_at_10} p50 ${baseline.p50_ms} p99 ${baseline.p99_ms} ms build ${baseline.build_ms} ms`,
    );
  }
  const scale = Number(process.env.KB_BENCH_SCALE_PASSAGES ?? 100_000);
  if (process.env.KB_BENCH_SCALE !== '0') {
    const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--scale', String(scale)], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    results.scale = {
      ...JSON.parse(output.trim().split('\n').pop()!),
      load_average_after: loadavg().map((l) => round(l, 1)),
    };
    console.error(`scale: ${JSON.stringify(results.scale)}`);
  }
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'knowledge.json'), `${JSON.stringify(results, null, 2)}\n`);
}

await main();
