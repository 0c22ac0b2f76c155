import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { sourceOf, whereOf, wordSourceOf, type ProductFilters } from './list-filters.ts';

/**
 * The product search (issue 17, decision 029, docs/catalogue.md "Search"). What is typed is cut
 * into words by the database's own `product_title_words`, as every title is in `product_words`; a
 * product matches when each typed word starts one of its title's words ("shirt" finds "T-Shirt",
 * "sal" finds "Salted" and "Salt"), or when one of its variants' SKU or barcode starts with the whole
 * search. Nothing it reads grows with the number of matches:
 *
 * - The matches are counted only up to SEARCH_COUNT_CAP (the list then says "1,000+"): the rows of
 *   the typed word with the fewest products (the driver), each checked for the other words on its
 *   title key, are read up to the cap with the products whose codes match, and counted; words that
 *   share few products are found together in the GIN index over title words (`titleWordsRead`).
 * - In the same statement, the page: a few matches (SORTED_BY_ID) sorted by id lookup; more, by
 *   title, the driver's words (the few distinct words starting with it) merged, each read from
 *   `product_words_search` already in title order, 25 rows (page × 25) per word. A prefix that starts more than MERGED_WORDS distinct words ("s"), or SKUs or barcodes
 *   matching more than the cap ("590"), has matches dense enough to find by walking the title
 *   index instead. Other sorts past the cap sort every match (as before: no index serves them).
 */
export const SEARCH_COUNT_CAP = 1000;

/** How many distinct words a typed prefix may start and still be merged word by word. */
const MERGED_WORDS = 64;

/** A word typed is a prefix of one of the title's words: at the start, or after a space or punctuation. */
const WORD_START = '(^|[[:space:][:punct:]])';

/** The list's sort: its key over `products p`, direction (`descending` says the same), and whether it is the title. */
export type SearchOrder = { key: SQL; direction: SQL; descending: boolean; byTitle: boolean };

/** What the search string asks for: its words, and the products whose SKU or barcode starts with it. */
type Terms = { words: string[]; prefix: string; codes: number[]; manyCodes: boolean };

type Found = { ids: number[]; total: number; capped: boolean };

/**
 * The typed word whose rows are read (the driver), and the others, checked on each row's title.
 * `exact`: the one title word the driver starts, when it starts only one ("quarry"): its rows are
 * then one index range in title order. `partner`: likewise another typed word's one title word,
 * with which the first product holding both is found by leaps (`leapfrogStart`).
 */
type Driven = { driver: string; others: string[]; exact: string | null; partner: string | null; exacts: Array<string | null> };

/** `term%` for LIKE, with the user's %, _ and \ taken literally. */
export function likePrefix(term: string): string {
  return `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The typed words (cut by the database, as the titles are), with — when there are several — how many
 * rows each starts (up to the cap + 1, from the index alone), the one title word each starts (when
 * only one), and the products of the variants whose SKU (any case) or barcode starts with the
 * search. One call of `search_terms` (db/functions/search_terms.sql), planned once per connection.
 */
async function termsOf(db: DbOrTx, search: string): Promise<Terms & Driven> {
  type Read = { words: string[]; counts: number[] | null; exact: Array<string | null>; starts?: number[]; skus: number[]; barcodes: number[] };
  const row = await executeOne<{ terms: Read | string }>(db, sql`select search_terms(${search}, ${SEARCH_COUNT_CAP + 1}) as terms`);
  const read: Read = typeof row?.terms === 'string' ? (JSON.parse(row.terms) as Read) : (row?.terms ?? { words: [], counts: null, exact: [], skus: [], barcodes: [] });
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
function hasWords(text: SQL, words: string[]): SQL[] {
  return words.map(
    (word) => sql`(${text} like ${`%${word}%`} and (${text} like ${`${word}%`} or ${text} like ${`% ${word}%`} or ${text} ~ ${WORD_START + word}))`,
  );
}

/**
 * The typed word whose prefix starts the fewest rows drives (its rows are read, the others checked
 * on each row's title key); between words both past the cap, the longer (usually the rarer).
 */
function driverOf(words: string[], n: number[], exact: Array<string | null>): Driven {
  if (words.length <= 1) return { driver: words[0] ?? '', others: [], exact: exact[0] ?? null, partner: null, exacts: exact };
  const fewer = (i: number, j: number) => (n[i] ?? 0) < (n[j] ?? 0) || ((n[i] ?? 0) === (n[j] ?? 0) && (words[i]?.length ?? 0) > (words[j]?.length ?? 0));
  const at = words.reduce((best, _, i) => (fewer(i, best) ? i : best), 0);
  const partner = exact.find((word, i) => i !== at && word !== null && word !== exact[at]) ?? null;
  return { driver: words[at] ?? '', others: words.filter((_, i) => i !== at), exact: exact[at] ?? null, partner, exacts: exact };
}

/** The driver's word rows (id, sort key k) with the filters and the other words; by title, from the index alone. */
function wordRows(filters: ProductFilters, threshold: number, order: SearchOrder, driver: string, others: string[]): SQL {
  const source = wordSourceOf(filters, !order.byTitle);
  const key = order.byTitle ? sql`pw.title_key` : order.key;
  const match = [sql`pw.word like ${`${driver}%`}`, ...hasWords(sql`pw.title_key`, others)];
  return sql`select pw.product_id as id, ${key} as k from ${source.from} ${whereOf(filters, source, threshold, match)}`;
}

/** A variant's SKU or barcode starts with the search: the few products found, or the condition itself when many. */
function codeMatch(terms: Terms): SQL {
  if (!terms.manyCodes) return sql`p.id = any(${intArray(terms.codes)})`;
  return sql`exists (select 1 from product_variants v where v.product_id = p.id and (lower(v.sku) like lower(${terms.prefix}) or v.barcode like ${terms.prefix}))`;
}

function codeRows(filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms): SQL {
  const source = sourceOf(filters, true);
  return sql`select p.id, ${order.key} as k from ${source.from} ${whereOf(filters, source, threshold, [codeMatch(terms)])}`;
}

/**
 * Every match as rows (id, k), unsorted and unbounded: the CSV export's id pages and the sorts no
 * index serves. (The longest typed word drives: it is usually the rarest, and no count is spent.)
 */
export async function searchRows(db: DbOrTx, filters: ProductFilters & { search: string }, threshold: number, order: SearchOrder): Promise<SQL> {
  return rowsOf(filters, threshold, order, await termsOf(db, filters.search));
}

function rowsOf(filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, driven?: Driven): SQL {
  const branches: SQL[] = [];
  if (terms.words.length) {
    const longest = [...terms.words].sort((a, b) => b.length - a.length);
    const { driver, others } = driven ?? { driver: longest[0] ?? '', others: longest.slice(1) };
    branches.push(wordRows(filters, threshold, order, driver, others));
  }
  if (terms.manyCodes || terms.codes.length) branches.push(codeRows(filters, threshold, order, terms));
  if (!branches.length) return sql`select null::int as id, null::text as k where false`;
  return sql.join(branches, sql` union `);
}

/** Up to this many matches, a page by title sorts the products found rather than merge word streams that hold few matches. */
const SORTED_BY_ID = 100;

type Page = { limit: number; offset: number };

/** How many leaps the search for the first product holding two words takes at most (each two index probes). */
const LEAPS = 64;

/**
 * A lower bound, as `(title_key, product_id)`, of the first product whose title holds both `exact`
 * and `partner` (two title words): each word's rows are one index range in that order, and the two
 * ranges are walked by leaps, each seeking the first row at or after the other's (a leapfrog join).
 * Titles that share a brand and a line ("Quarry Wild …") sit together, and the leaps reach them in
 * a few probes where reading the driver's rows took 27,000 (10 ms at a million products). Every
 * position a leap reaches is at or before the first product with both words, so the rows read from
 * there miss none; after LEAPS leaps the position reached is still such a bound.
 */
function leapfrogStart(exact: string, partner: string): SQL {
  return sql`lf(k, id, n, hit) as (
      (select f.title_key, f.product_id, 0, false from product_words f where f.word = ${exact} order by f.title_key, f.product_id limit 1)
      union all
      select a.title_key, a.product_id, lf.n + 1, (b.title_key, b.product_id) = (lf.k, lf.id)
      from lf
      cross join lateral (select g.title_key, g.product_id from product_words g
        where g.word = ${partner} and (g.title_key, g.product_id) >= (lf.k, lf.id) order by g.title_key, g.product_id limit 1) b
      cross join lateral (select f.title_key, f.product_id from product_words f
        where f.word = ${exact} and (f.title_key, f.product_id) >= (b.title_key, b.product_id) order by f.title_key, f.product_id limit 1) a
      where not lf.hit and lf.n < ${LEAPS}
    ), bound as materialized (select k, id from lf order by n desc limit 1),`;
}

/** The driver's rows from the leapfrog bound on, when two typed words each start one title word (`leapfrogStart`). */
function fromBound(driven: Driven): SQL[] {
  return driven.partner ? [sql`(pw.title_key, pw.product_id) >= ((select k from bound), (select id from bound))`] : [];
}

/**
 * The driver's rows (id, k) that match, up to the cap + 1. When the driver starts one title word,
 * that word's rows in title order (from the leapfrog bound when another typed word starts one
 * too), so the first rows read are also the first page by title.
 */
function wordsRead(filters: ProductFilters, threshold: number, order: SearchOrder, driven: Driven): SQL {
  if (!driven.exact) {
    return sql`select id, k from (${wordRows(filters, threshold, { ...order, byTitle: true }, driven.driver, driven.others)}) b limit ${SEARCH_COUNT_CAP + 1}`;
  }
  const source = wordSourceOf(filters, false);
  const from = fromBound(driven);
  const match = [sql`pw.word = ${driven.exact}`, ...from, ...hasWords(sql`pw.title_key`, driven.others)];
  return sql`select pw.product_id as id, pw.title_key as k from ${source.from} ${whereOf(filters, source, threshold, match)}
    order by pw.title_key, pw.product_id limit ${SEARCH_COUNT_CAP + 1}`;
}

/** Rows of the driver read to judge, before the title words' own index, how densely they match. */
const PROBE = 1000;

/** Matches at most that the title words' index (GIN) fetches, each a product row; past it the driver's rows are read. */
const GIN_MAX = 4 * SEARCH_COUNT_CAP;

/**
 * The distinct title words starting with `prefix`, in order, up to MERGED_WORDS + 1: a loose index
 * scan, one probe of the word index each.
 */
function wordsStarting(prefix: string): SQL {
  const like = `${prefix}%`;
  return sql`with recursive s(word) as (
      (select pw.word from product_words pw where pw.word like ${like} order by pw.word using ~<~ limit 1)
      union all
      select (select pw.word from product_words pw where pw.word like ${like} and pw.word ~>~ s.word order by pw.word using ~<~ limit 1)
      from s where s.word is not null
    ) select word from s where word is not null limit ${MERGED_WORDS + 1}`;
}

/**
 * Several typed words, the driver starting one title word, no code matching: the products holding
 * them all, from the GIN index over each title's words (`products_title_words`): the title words the
 * exact typed words start, all of them (`@>`), and for each other typed word one of the words it
 * starts (`&&`, at most MERGED_WORDS, listed in `loose`); up to GIN_MAX + 1 rows (id, k). Null for
 * other searches. Taken only when the driver's first PROBE rows hold few matches (`sparseProbe`):
 * "Premium Salt" (785 together, spread through Premium's 41,667 rows at a million products) then
 * costs its matches' rows, where reading Premium's rows to the end took 10 ms; a dense pair
 * ("Quarry Wild", one in three) reaches the cap within a few thousand of the driver's rows and is
 * read as before.
 */
function titleWordsRead(filters: ProductFilters, threshold: number, terms: Terms, driven: Driven): SQL | null {
  if (driven.exact === null || terms.words.length < 2 || terms.codes.length || terms.manyCodes) return null;
  const exact = [...new Set(driven.exacts.filter((word): word is string => word !== null))];
  const source = sourceOf(filters, true);
  const words = sql`product_title_words(p.title)`;
  const match = [
    sql`${words} @> ${`{${exact.join(',')}}`}::text[]`,
    ...looseWords(terms, driven).map((_, i) => sql`${words} && (select w${sql.raw(String(i))} from loose)`),
  ];
  return sql`select p.id, lower(p.title) as k from ${source.from} ${whereOf(filters, source, threshold, match)} limit ${GIN_MAX + 1}`;
}

/** The typed words that start several title words (or none). */
function looseWords(terms: Terms, driven: Driven): string[] {
  return terms.words.filter((_, i) => (driven.exacts[i] ?? null) === null);
}

/** Each loose typed word's title words (`loose.w0`, `w1`, …), and whether each is short enough to look up (`loose.ok`). */
function looseSteps(terms: Terms, driven: Driven): SQL {
  const loose = looseWords(terms, driven);
  const lists = loose.map((word, i) => sql`array(${wordsStarting(word)}) as w${sql.raw(String(i))}`);
  const ok = loose.length ? sql.join(loose.map((_, i) => sql`cardinality(w${sql.raw(String(i))}) <= ${MERGED_WORDS}`), sql` and `) : sql`true`;
  return sql`loose0 as materialized (select ${lists.length ? sql.join(lists, sql`, `) : sql`1 as none`}),
    loose as materialized (select *, ${ok} as ok from loose0),`;
}

/**
 * Whether the driver's first PROBE rows (from the leapfrog bound, when there is one) hold under a
 * tenth of matches, so that reaching the cap would read ten times the cap's rows, and every loose
 * word starts few enough title words to look up.
 */
function sparseProbe(filters: ProductFilters, threshold: number, driven: Driven): SQL {
  const source = wordSourceOf(filters, false);
  const match = sql.join(hasWords(sql`pw.title_key`, driven.others), sql` and `);
  const from = fromBound(driven);
  const rows = sql`select (${match}) as m from ${source.from} ${whereOf(filters, source, threshold, [sql`pw.word = ${driven.exact}`, ...from])}
    order by pw.title_key, pw.product_id limit ${PROBE}`;
  return sql`select count(*) = ${PROBE} and (count(*) filter (where m)) * 10 < ${PROBE} and (select ok from loose) as sparse from (${rows}) x`;
}

/**
 * One statement: the matches counted up to the cap from the index alone — the driver's rows (with
 * the filters and the other words) up to the cap + 1, and the products whose codes match — and, by
 * the counts, the page: up to SORTED_BY_ID matches (any number up to the cap for other sorts) sorted
 * by id lookup; by title, when the driver starts one word and no code matches, the rows the count
 * read (already in title order); otherwise the distinct words the driver starts (a loose index scan,
 * one probe each, up to MERGED_WORDS + 1) each read in title order and merged. Each page is a CASE
 * branch, so PostgreSQL runs only the one it takes. `wordRows` above the cap says the rows reached
 * their limit.
 */
async function counted(db: DbOrTx, filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, driven: Driven, page: Page) {
  if (!terms.words.length && !terms.codes.length) return { total: 0, wordRows: 0, complete: true, page: [] as number[] };
  const byWords = terms.words.length ? wordsRead(filters, threshold, order, driven) : sql`select null::int as id, null::text as k where false`;
  const gin = titleWordsRead(filters, threshold, terms, driven);
  // Sparse matches from the title words' index, all of them (up to GIN_MAX); otherwise the driver's rows.
  const read = gin
    ? sql`select id, k from gin where (select used from uses) union all select id, k from (${byWords}) r where not (select used from uses)`
    : byWords;
  const ginSteps = gin
    ? sql`${looseSteps(terms, driven)}
      probe as materialized (${sparseProbe(filters, threshold, driven)}),
      gin as materialized (select id, k from (${gin}) g where (select sparse from probe)),
      uses as (select (select sparse from probe) and (select count(*) from gin) <= ${GIN_MAX} as used),`
    : sql``;
  const codes = terms.codes.length ? sql` union all (select false as w, id from (${codeRows(filters, threshold, { ...order, key: sql`p.id` }, terms)}) c)` : sql``;
  // The rows read hold every match: fewer than the cap, or all those the title words' index found.
  const complete = sql`(c.word_rows <= ${SEARCH_COUNT_CAP} or c.complete)`;
  // One word's rows in title order hold the page by title: all the matches, or (ascending) at least the page's last row.
  const inRead = driven.exact !== null && order.byTitle && terms.codes.length === 0;
  const distinctRows = driven.exact !== null && terms.codes.length === 0;
  const holdsPage = sql`(${complete} or ${!order.descending} and ${page.offset + page.limit} <= c.word_rows)`;
  const isSmall = sql`(c.total <= ${order.byTitle ? SORTED_BY_ID : SEARCH_COUNT_CAP} and ${complete})`;
  // Only the branches this search can take are sent: a statement planned at every search costs per branch.
  const pages: SQL[] = [];
  if (inRead) pages.push(sql`case when ${holdsPage} then array(select id from wr order by k ${order.direction}, id ${order.direction} limit ${page.limit} offset ${page.offset}) end as read`);
  else pages.push(sql`case when ${isSmall} then array(${byIds(order, distinctRows ? sql`array(select id from wr)` : sql`c.ids`, page)}) end as small`);
  const mergeable = order.byTitle && terms.words.length > 0 && !(inRead && !order.descending);
  if (mergeable) {
    pages.push(sql`case when not ${inRead ? holdsPage : isSmall} and cardinality(ws.words) <= ${MERGED_WORDS}
      then array(${merged(filters, threshold, order, terms, driven, sql`ws.words`, page)}) end as merged`);
  }
  const row = await executeOne<{ total: number; word_rows: number; complete: boolean; small?: number[] | null; read?: number[] | null; merged?: number[] | null }>(
    db,
    sql`with recursive ${driven.exact && driven.partner ? leapfrogStart(driven.exact, driven.partner) : sql``}
      ${ginSteps}
      wr as materialized (${read}),
      c as (${
        // One word's rows hold each product once: counted as they are, the ids taken only for a small page.
        distinctRows
          ? sql`select count(*)::int as total, count(*)::int as word_rows, ${gin ? sql`(select used from uses)` : sql`false`} as complete, null::int[] as ids from wr`
          : sql`select count(distinct id)::int as total, (count(*) filter (where w))::int as word_rows, false as complete, array_agg(distinct id) as ids
        from ((select true as w, id from wr)${codes}) u`
      })${mergeable ? sql`, ws as (select array(${wordsStarting(driven.driver)}) as words)` : sql``}
      select c.total, c.word_rows, c.complete, ${sql.join(pages, sql`, `)}
      from c${mergeable ? sql`, ws` : sql``}`,
  );
  return { total: row?.total ?? 0, wordRows: row?.word_rows ?? 0, complete: row?.complete === true, page: row?.small ?? row?.read ?? row?.merged ?? null };
}

/** Every match counted, exactly (only when the rows up to the cap held repeats and cannot tell). */
async function exactCount(db: DbOrTx, filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, driven: Driven) {
  const row = await executeOne<{ n: number }>(db, sql`select count(distinct id)::int as n from (${rowsOf(filters, threshold, order, terms, driven)}) m`);
  return row?.n ?? 0;
}

/** The total of the counted rows: exact up to the cap; past it, cap + 1. */
async function totalOf(db: DbOrTx, filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, driven: Driven, count: { total: number; wordRows: number; complete: boolean }) {
  if (count.total > SEARCH_COUNT_CAP || count.wordRows <= SEARCH_COUNT_CAP || count.complete) return count.total;
  // The driver's rows reached their limit but held fewer products (products with two words that
  // the typed prefix starts): count them all.
  return exactCount(db, filters, threshold, order, terms, driven);
}

/** How many products a search finds, up to the cap (`capped`: at least the cap). */
export async function countSearch(db: DbOrTx, filters: ProductFilters & { search: string }, threshold: number, order: SearchOrder): Promise<{ count: number; capped: boolean }> {
  const terms = await termsOf(db, filters.search);
  const inStock = filters.stockStatus === undefined ? null : await withinStock(db, filters, threshold, order, terms, { limit: 0, offset: 0 });
  if (inStock) return { count: inStock.total, capped: inStock.capped };
  if (terms.manyCodes) return { count: SEARCH_COUNT_CAP, capped: true };
  const total = await totalOf(db, filters, threshold, order, terms, terms, await counted(db, filters, threshold, order, terms, terms, { limit: 0, offset: 0 }));
  return { count: Math.min(total, SEARCH_COUNT_CAP), capped: total > SEARCH_COUNT_CAP };
}

/**
 * A search's page of ids and its total (at most the cap; `capped` past it): the words and codes
 * (one statement), the count with the page (another, see `counted`), and only for what that cannot
 * serve — a prefix of too many words, codes matching too many products, the repeats case, other
 * sorts past the cap — a third: the title index walked (dense matches), or every match sorted.
 */
export async function searchPage(db: DbOrTx, filters: ProductFilters & { search: string }, threshold: number, order: SearchOrder, page: Page): Promise<Found> {
  const terms = await termsOf(db, filters.search);
  const inStock = filters.stockStatus === undefined ? null : await withinStock(db, filters, threshold, order, terms, page);
  if (inStock) return inStock;
  const count = terms.manyCodes ? null : await counted(db, filters, threshold, order, terms, terms, page);
  const total = count ? await totalOf(db, filters, threshold, order, terms, terms, count) : SEARCH_COUNT_CAP + 1;
  const found = (ids: number[]) => ({ ids, total: Math.min(total, SEARCH_COUNT_CAP), capped: total > SEARCH_COUNT_CAP });
  if (total === 0 || page.offset >= total) return found([]);
  if (count?.page && count.total === total) return found(count.page);
  const rows = async (query: SQL) => (await execute<{ id: number }>(db, query)).map((r) => r.id);
  if (!order.byTitle) return found(await rows(allSorted(filters, threshold, order, terms, terms, page)));
  return found(await rows(walked(filters, threshold, order, terms, page)));
}

/** How many products with a stock status a search still reads from the summary (`withinStock`). */
const STOCK_FEW = 5000;

/**
 * A search with a stock status that few products have (up to STOCK_FEW): those products' summary
 * rows (one index range) checked for the words on their title key and for the codes, counted and
 * sorted. Driven by the words instead, each of a common word's rows joined the summary (41,000
 * probes, 250 ms at a million products, for "out", which none was). Null when more have the status.
 */
async function withinStock(db: DbOrTx, filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, page: Page): Promise<Found | null> {
  const stock = sourceOf(filters, false);
  const title = terms.words.length ? sql.join(hasWords(sql`s.title_key`, terms.words), sql` and `) : sql`false`;
  const code = terms.manyCodes
    ? sql`exists (select 1 from product_variants v where v.product_id = s.id and (lower(v.sku) like lower(${terms.prefix}) or v.barcode like ${terms.prefix}))`
    : sql`s.id = any(${intArray(terms.codes)})`;
  const row = await executeOne<{ n: number; total: number; page: number[] | null }>(
    db,
    sql`with s as materialized (select ps.product_id as id, ps.title_key from ${stock.from} ${whereOf(filters, stock, threshold)} limit ${STOCK_FEW + 1}),
        m as materialized (select id from s where (${title}) or ${code})
      select (select count(*) from s)::int as n, (select count(*) from m)::int as total,
        case when (select count(*) from s) <= ${STOCK_FEW} then array(${byIds(order, sql`array(select id from m)`, page)}) end as page`,
  );
  if (!row || row.n > STOCK_FEW) return null;
  return { ids: row.page ?? [], total: Math.min(row.total, SEARCH_COUNT_CAP), capped: row.total > SEARCH_COUNT_CAP };
}

/** A page of the matches found (at most the cap), sorted: read by id. */
function byIds(order: SearchOrder, ids: SQL, page: Page): SQL {
  // Joined from the ids, so PostgreSQL reads them by id; as `p.id = any(…)` under ORDER BY title
  // LIMIT it walked the title index looking for them (59 ms for 785 ids at a million products).
  return sql`select p.id from unnest(${ids}) as f(id) join products p on p.id = f.id
    order by ${order.key} ${order.direction}, p.id ${order.direction} limit ${page.limit} offset ${page.offset}`;
}

/** Every match sorted for the page: the sorts no index serves, past the cap. */
function allSorted(filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, driven: Driven, page: Page): SQL {
  return sql`select id from (select distinct on (id) id, k from (${rowsOf(filters, threshold, order, terms, driven)}) u order by id) m
    order by k ${order.direction}, id ${order.direction} limit ${page.limit} offset ${page.offset}`;
}

/**
 * Each of the driver's words read in title order from the index, page × 25 rows (with the filters
 * and the other words), merged with the code matches; a product two words share is taken once.
 */
function merged(filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, driven: Driven, words: SQL, page: Page): SQL {
  const n = page.limit + page.offset;
  const source = wordSourceOf(filters, false);
  const match = [sql`pw.word = w.word`, ...hasWords(sql`pw.title_key`, driven.others)];
  const streams = sql`select x.id, x.k from unnest(${words}) as w(word)
    cross join lateral (select pw.product_id as id, pw.title_key as k from ${source.from} ${whereOf(filters, source, threshold, match)}
      order by pw.title_key ${order.direction}, pw.product_id ${order.direction} limit ${n}) x`;
  const rows = terms.codes.length ? sql`${streams} union all ${codeRows(filters, threshold, order, terms)}` : streams;
  return sql`select id from (select distinct on (k, id) id, k from (${rows}) u order by k ${order.direction}, id ${order.direction}) m
    order by k ${order.direction}, id ${order.direction} limit ${page.limit} offset ${page.offset}`;
}

/** The title index walked, each product checked: for matches too many and too varied to merge (dense). */
function walked(filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, page: Page): SQL {
  const source = sourceOf(filters, true);
  const title = terms.words.length ? sql.join(hasWords(sql`lower(p.title)`, terms.words), sql` and `) : sql`false`;
  const code = terms.manyCodes || terms.codes.length ? codeMatch(terms) : sql`false`;
  return sql`select p.id from ${source.from} ${whereOf(filters, source, threshold, [sql`((${title}) or ${code})`])}
    order by lower(p.title) ${order.direction}, p.id ${order.direction} limit ${page.limit} offset ${page.offset}`;
}
