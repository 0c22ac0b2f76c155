import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeOne, parsedJson } from '../../db/execute.ts';

/**
 * What a product search is made of: its typed words and code matches (`termsOf`), the word that
 * drives it (`driverOf`), and the conditions on titles every part of it shares (search.ts,
 * search-sparse.ts).
 */

/** The matches a search counts up to (the list then says "1,000+"). */
export const SEARCH_COUNT_CAP = 1000;

/** How many distinct words a typed prefix may start and still be merged word by word. */
export const MERGED_WORDS = 64;

/** A word typed is a prefix of one of the title's words: at the start, or after a space or punctuation. */
const WORD_START = '(^|[[:space:][:punct:]])';

/** The list's sort: its key over `products p`, direction (`descending` says the same), and whether it is the title. */
export type SearchOrder = { key: SQL; direction: SQL; descending: boolean; byTitle: boolean };

/** What the search string asks for: its words, and the products whose SKU or barcode starts with it. */
export type Terms = { words: string[]; prefix: string; codes: number[]; manyCodes: boolean };

/**
 * The typed word whose rows are read (the driver), and the others, checked on each row's title.
 * `exact`: the one title word the driver starts, when it starts only one ("quarry"): its rows are
 * then one index range in title order. `partner`: likewise another typed word's one title word,
 * with which the first product holding both is found by leaps (`leapfrogStart`); without one,
 * `loosePartner`: another typed word that starts several title words, leapt to any of them.
 */
export type Driven = { driver: string; others: string[]; exact: string | null; partner: string | null; loosePartner: string | null; exacts: Array<string | null> };

/** `term%` for LIKE, with the user's %, _ and \ taken literally. */
function likePrefix(term: string): string {
  return `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The typed words (cut by the database, as the titles are), with — when there are several — how many
 * rows each starts (up to the cap + 1, from the index alone), the one title word each starts (when
 * only one), and the products of the variants whose SKU (any case) or barcode starts with the
 * search. One call of `search_terms` (db/functions/search_terms.sql), planned once per connection.
 */
export async function termsOf(db: DbOrTx, search: string): Promise<SearchTerms> {
  const row = await executeOne<{ terms: unknown }>(db, sql`select ${searchTermsColumn(search)} as terms`);
  return termsFrom(search, row?.terms);
}

/** The terms with the driver, and the page `search_first` found beside them (`firstPage`), when it did. */
export type SearchTerms = Terms & Driven & { firstPage?: FirstPage };

function searchTermsColumn(search: string): SQL {
  return sql`search_terms(${search}, ${SEARCH_COUNT_CAP + 1})`;
}

/**
 * What the product list's first statement asks `search_first` for besides the terms (search.ts
 * `firstPageAsk`): `limit` rows after `offset` by title, of the products of `status` (null: all),
 * with their rows at `outlet`.
 */
export type FirstPageAsk = { status: string | null; descending: boolean; limit: number; offset: number; outlet: number };

/** That page as `search_first` found it: the count up to the cap + 1, the page's ids, its rows at `outlet`. */
export type FirstPage = { total: number; page: number[]; rows: unknown; outlet: number };

/** The terms, and the page when there is one, from the value of `searchFirstColumn`. */
export function firstFrom(search: string, value: unknown, ask: FirstPageAsk | null): SearchTerms {
  const read = parsedJson<{ terms: unknown; total?: number; page?: number[]; rows?: unknown }>(value);
  const terms = termsFrom(search, read?.terms);
  if (!ask || !read?.page) return terms;
  return { ...terms, firstPage: { total: read.total ?? 0, page: read.page, rows: read.rows, outlet: ask.outlet } };
}

/** The terms from the value of `search_terms` (JSON, or its text on some drivers). */
function termsFrom(search: string, value: unknown): SearchTerms {
  type Read = { words: string[]; counts: number[] | null; exact: Array<string | null>; starts?: number[]; skus: number[]; barcodes: number[] };
  const read: Read = parsedJson<Read>(value) ?? { words: [], counts: null, exact: [], skus: [], barcodes: [] };
  const { skus, barcodes } = read;
  // A typed word that starts no title word (the letters of a SKU, a barcode's digits) finds no title.
  const words = read.starts?.includes(0) ? [] : read.words;
  const codes = [...new Set([...skus, ...barcodes])];
  const manyCodes = skus.length > SEARCH_COUNT_CAP || barcodes.length > SEARCH_COUNT_CAP || codes.length > SEARCH_COUNT_CAP;
  return { words, prefix: likePrefix(search.trim()), codes, manyCodes, ...driverOf(words, read.counts ?? [], words.length ? read.exact : []) };
}

/**
 * `text` has a word starting with each of `words` (which hold no space or punctuation, so no LIKE or
 * regex character). LIKE first, a byte search three times cheaper than the regex; then the usual
 * word starts (the title's start, after a space) by LIKE too, and only the rest (after punctuation,
 * "t-shirt") by the regex.
 */
export function hasWords(text: SQL, words: string[]): SQL[] {
  return words.map(
    (word) => sql`(${text} like ${`%${word}%`} and (${text} like ${`${word}%`} or ${text} like ${`% ${word}%`} or ${text} ~ ${WORD_START + word}))`,
  );
}

/**
 * The typed word whose prefix starts the fewest rows drives (its rows are read, the others checked
 * on each row's title key); between words both past the cap, the longer (usually the rarer).
 */
function driverOf(words: string[], n: number[], exact: Array<string | null>): Driven {
  if (words.length <= 1) return { driver: words[0] ?? '', others: [], exact: exact[0] ?? null, partner: null, loosePartner: null, exacts: exact };
  const fewer = (i: number, j: number) => (n[i] ?? 0) < (n[j] ?? 0) || ((n[i] ?? 0) === (n[j] ?? 0) && (words[i]?.length ?? 0) > (words[j]?.length ?? 0));
  const at = words.reduce((best, _, i) => (fewer(i, best) ? i : best), 0);
  const partner = exact.find((word, i) => i !== at && word !== null && word !== exact[at]) ?? null;
  const loosePartner = partner === null ? (words.find((_, i) => i !== at && (exact[i] ?? null) === null) ?? null) : null;
  return { driver: words[at] ?? '', others: words.filter((_, i) => i !== at), exact: exact[at] ?? null, partner, loosePartner, exacts: exact };
}

/**
 * `word` starts with `prefix`, as a range of the word index (text_pattern_ops), which any plan reads
 * as a range whatever is typed. `LIKE 'prefix%'` with the prefix a parameter is a range only in a
 * plan made for that prefix: the generic plan PostgreSQL keeps for a named statement after five
 * searches of its shape scanned the whole word index for the first word instead ("Premium Salt",
 * a word and a prefix, 0.9–1.5 s a search at a million products from its sixth). search_terms
 * reads its prefixes the same way.
 */
export function startsWith(word: SQL, prefix: string): SQL {
  return sql`${word} ~>=~ ${prefix} and ${word} ~<~ ${`${prefix}\u{10FFFF}`}`;
}

/**
 * The distinct title words starting with `prefix`, in order, up to MERGED_WORDS + 1: a loose index
 * scan, one probe of the word index each.
 */
export function wordsStarting(prefix: string): SQL {
  return sql`with recursive s(word) as (
      (select pw.word from product_words pw where ${startsWith(sql`pw.word`, prefix)} order by pw.word using ~<~ limit 1)
      union all
      select (select pw.word from product_words pw where ${startsWith(sql`pw.word`, prefix)} and pw.word ~>~ s.word order by pw.word using ~<~ limit 1)
      from s where s.word is not null
    ) select word from s where word is not null limit ${MERGED_WORDS + 1}`;
}
