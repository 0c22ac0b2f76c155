import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne, executePrepared } from '../../db/execute.ts';
import { sourceOf, whereOf, wordSourceOf, type ProductFilters, type ProductListFilters } from './list-filters.ts';
import { fromBound, GIN_MAX, LEAPS, leapfrogStart, looseSteps, PROBE, sparseProbe, titleWordsRead } from './search-sparse.ts';
import { hasWords, intArray, MERGED_WORDS, SEARCH_COUNT_CAP, startsWith, termsOf, wordsStarting, type Driven, type FirstPage, type FirstPageAsk, type SearchOrder, type SearchTerms, type Terms } from './search-terms.ts';

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
 *   share few products are found together in the GIN index over title words (`titleWordsRead`, search-sparse.ts).
 * - In the same statement, the page: a few matches (SORTED_BY_ID) sorted by id lookup; more, by
 *   title, the driver's words (the few distinct words starting with it) merged, each read from
 *   `product_words_search` already in title order, 25 rows (page × 25) per word. A prefix that
 *   starts more than MERGED_WORDS distinct words ("s"), or SKUs or barcodes matching more than the
 *   cap ("590"), has matches dense enough to find by walking the title index instead. Other sorts past the cap sort every match (as before: no index serves them).
 */

/** A page of matches: `rows`, when asked for (`PageRows`), the value of their list rows read in the same statement. */
type Found = { ids: number[]; total: number; capped: boolean; rows?: unknown };

/** The list's columns of a page's ids as an SQL value (list.ts, product_list_rows), read beside the page when it is found in one statement. */
export type PageRows = (ids: SQL) => SQL;

/** The driver's word rows (id, sort key k) with the filters and the other words; by title, from the index alone. */
function wordRows(filters: ProductFilters, threshold: number, order: SearchOrder, driver: string, others: string[]): SQL {
  const source = wordSourceOf(filters, !order.byTitle);
  const key = order.byTitle ? sql`pw.title_key` : order.key;
  const match = [startsWith(sql`pw.word`, driver), ...hasWords(sql`pw.title_key`, others)];
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

/**
 * One statement: the matches counted up to the cap from the index alone — the driver's rows (with
 * the filters and the other words) up to the cap + 1, and the products whose codes match — and, by
 * the counts, the page: up to SORTED_BY_ID matches (any number up to the cap for other sorts, and
 * for a search of codes alone) sorted by id lookup; by title, when the driver starts one word and
 * no code matches, the rows the count read (already in title order); otherwise the distinct words
 * the driver starts (a loose index scan, one probe each, up to MERGED_WORDS + 1) each read in title
 * order and merged. Each page is a CASE branch, so PostgreSQL runs only the one it takes.
 * `wordRows` above the cap says the rows reached their limit.
 */
async function counted(db: DbOrTx, filters: ProductFilters, threshold: number, order: SearchOrder, terms: Terms, driven: Driven, page: Page, pageRows?: PageRows, first?: FirstPage) {
  if (!terms.words.length && !terms.codes.length) return { total: 0, wordRows: 0, complete: true, page: [] as number[], rows: undefined };
  if (first) {
    // Read beside the terms for this list's page (`firstPageAsk`), whole: a count past the cap
    // only when the GIN index found them all. Its rows are at the outlet asked for, kept when the
    // list's is that one.
    const rows = first.outlet === (filters.outletId ?? 0) ? first.rows : undefined;
    return { total: first.total, wordRows: first.total, complete: true, page: first.page, rows };
  }
  const oneWord = oneWordOf(filters, order, terms, driven);
  if (oneWord !== null) return oneWordCounted(db, filters, order, oneWord, page, pageRows);
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
  // Without title words (a SKU's or a barcode's digits) the matches are the codes' products, at most
  // the cap: sorted here by id lookup, the page and its rows come in this statement, where the title
  // index walked and the rows read after it took two more round trips.
  const sortedById = order.byTitle && terms.words.length ? SORTED_BY_ID : SEARCH_COUNT_CAP;
  const isSmall = sql`(c.total <= ${sortedById} and ${complete})`;
  // Only the branches this search can take are sent: a statement planned at every search costs per branch.
  const pages: SQL[] = [];
  if (inRead) pages.push(sql`case when ${holdsPage} then array(select id from wr order by k ${order.direction}, id ${order.direction} limit ${page.limit} offset ${page.offset}) end`);
  else pages.push(sql`case when ${isSmall} then array(${byIds(order, distinctRows ? sql`array(select id from wr)` : sql`c.ids`, page)}) end`);
  const mergeable = order.byTitle && terms.words.length > 0 && !(inRead && !order.descending);
  if (mergeable) {
    pages.push(sql`case when not ${inRead ? holdsPage : isSmall} and cardinality(ws.words) <= ${MERGED_WORDS}
      then array(${merged(filters, threshold, order, terms, driven, sql`ws.words`, page)}) end`);
  }
  // The page's list rows in the same statement, from the page found (`offset 0` keeps the page's
  // subqueries from being copied into each use of it and run again). The words the driver starts
  // (`ws`) are materialized for the same reason: inlined, they were read for their count and again
  // for the merge.
  const rowsColumn = pageRows ? sql`, case when x.page is not null then ${pageRows(sql`x.page`)} end as rows` : sql``;
  const [row] = await executePrepared<{ total: number; word_rows: number; complete: boolean; page: number[] | null; rows?: unknown }>(
    db,
    sql`with recursive ${leapfrogStart(driven)}
      ${ginSteps}
      wr as materialized (${read}),
      c as (${
        // One word's rows hold each product once: counted as they are, the ids taken only for a small page.
        distinctRows
          ? sql`select count(*)::int as total, count(*)::int as word_rows, ${gin ? sql`(select used from uses)` : sql`false`} as complete, null::int[] as ids from wr`
          : sql`select count(distinct id)::int as total, (count(*) filter (where w))::int as word_rows, false as complete, array_agg(distinct id) as ids
        from ((select true as w, id from wr)${codes}) u`
      })${mergeable ? sql`, ws as materialized (select array(${wordsStarting(driven.driver)}) as words)` : sql``}
      select x.*${rowsColumn} from (select c.total, c.word_rows, c.complete, coalesce(${sql.join(pages, sql`, `)}) as page
      from c${mergeable ? sql`, ws` : sql``} offset 0) x`,
  );
  return { total: row?.total ?? 0, wordRows: row?.word_rows ?? 0, complete: row?.complete === true, page: row?.page ?? null, rows: row?.rows };
}

/**
 * The status a one-word search reads its word's rows with (null: every product), or undefined when
 * its filters leave that range (a stock or category filter; archived products, which few rows hold).
 */
function oneWordStatus(filters: ProductFilters): string | null | undefined {
  if (filters.stockStatus !== undefined || filters.categoryId !== undefined || filters.active !== undefined || filters.status === 'archived') return undefined;
  return filters.status === 'all' ? null : 'active';
}

/**
 * The commonest search's word: one typed word that starts one title word and no SKU or barcode, by
 * title, over the title words' rows alone (`oneWordStatus`). Null for any other search.
 */
function oneWordOf(filters: ProductFilters, order: SearchOrder, terms: Terms, driven: Driven): string | null {
  const plain = oneWordStatus(filters) !== undefined;
  return plain && order.byTitle && terms.words.length === 1 && !terms.codes.length && !terms.manyCodes ? driven.exact : null;
}

/**
 * The page the product list's first statement reads beside a search's terms (`search_first`), when
 * the list's filters and sort allow one: by title over the title words' rows (`oneWordStatus`);
 * `outlet` the one asked for, before the session says whose list it is. Null otherwise, and for a
 * sort the list will refuse. search_first takes it for a search of no title word (a SKU's or a
 * barcode's start), and without a SKU or barcode match for one word (that starts one title word or
 * a few) or two that each start one title word.
 */
export function firstPageAsk(filters: ProductListFilters, outlet: number): FirstPageAsk | null {
  const sort = filters.sort ?? 'title';
  const status = oneWordStatus(filters);
  if (status === undefined || (sort !== 'title' && sort !== '-title')) return null;
  return { status, descending: sort === '-title', limit: filters.perPage, offset: (filters.page - 1) * filters.perPage, outlet };
}

/**
 * The `search_first` call as a column (db/functions/search_first.sql), for the product list's first
 * statement: the terms, and with `ask` the page of the searches it takes and its rows; they are
 * read as `counted` reads them, with the same limits (the probe, GIN limit and leaps of
 * search-sparse.ts, the words merged and the matches sorted by id here).
 */
export function searchFirstColumn(search: string, ask: FirstPageAsk | null): SQL {
  return sql`search_first(${search}, ${SEARCH_COUNT_CAP + 1}::int, ${ask?.status ?? null}::text, ${ask?.descending ?? null}::boolean,
    ${ask?.limit ?? null}::int, ${ask?.offset ?? null}::int, ${ask?.outlet ?? null}::int, ${PROBE}::int, ${GIN_MAX}::int, ${LEAPS}::int,
    ${MERGED_WORDS}::int, ${SORTED_BY_ID}::int)`;
}

/**
 * `counted` for one word (`oneWordOf`): its rows are one range of the title words' index in title
 * order, so the count (up to the cap + 1) and the page (read forward or backward, the offset's rows
 * skipped) are each read from that range alone (`search_word_page`, db/functions), in one statement
 * with the page's rows. Gathered in a CTE and counted and sorted from there, as the other searches
 * are, the same took 2.05 against 1.70 ms (pgbench, interleaved, 100k products).
 */
async function oneWordCounted(db: DbOrTx, filters: ProductFilters, order: SearchOrder, word: string, page: Page, pageRows?: PageRows) {
  const status = oneWordStatus(filters) ?? null;
  const rowsColumn = pageRows ? sql`, ${pageRows(sql`s.page`)} as rows` : sql``;
  const [row] = await executePrepared<{ total: number; page: number[]; rows?: unknown }>(
    db,
    sql`select s.total, s.page${rowsColumn}
      from search_word_page(${word}, ${status}::text, ${order.descending}, ${page.limit}::int, ${page.offset}::int, ${SEARCH_COUNT_CAP + 1}::int) s`,
  );
  const total = row?.total ?? 0;
  return { total, wordRows: total, complete: false, page: row?.page ?? null, rows: row?.rows };
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
export async function searchPage(
  db: DbOrTx,
  filters: ProductFilters & { search: string },
  threshold: number,
  order: SearchOrder,
  page: Page,
  options: { terms?: SearchTerms; pageRows?: PageRows } = {},
): Promise<Found> {
  const terms = options.terms ?? (await termsOf(db, filters.search));
  const inStock = filters.stockStatus === undefined ? null : await withinStock(db, filters, threshold, order, terms, page);
  if (inStock) return inStock;
  const count = terms.manyCodes ? null : await counted(db, filters, threshold, order, terms, terms, page, options.pageRows, terms.firstPage);
  const total = count ? await totalOf(db, filters, threshold, order, terms, terms, count) : SEARCH_COUNT_CAP + 1;
  const found = (ids: number[]) => ({ ids, total: Math.min(total, SEARCH_COUNT_CAP), capped: total > SEARCH_COUNT_CAP });
  if (total === 0 || page.offset >= total) return found([]);
  if (count?.page && count.total === total) return { ...found(count.page), rows: count.rows };
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
