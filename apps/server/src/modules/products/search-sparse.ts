import { sql, type SQL } from 'drizzle-orm';
import { sourceOf, whereOf, wordSourceOf, type ProductFilters } from './list-filters.ts';
import { hasWords, MERGED_WORDS, SEARCH_COUNT_CAP, wordsStarting, type Driven, type Terms } from './search-terms.ts';

/**
 * The parts of a product search that find few matches among many rows without reading those rows:
 * the leapfrog bound of two title words, and the GIN index over title words with the probe that
 * decides when it is used (search.ts `counted`).
 */

/** How many leaps the search for the first product holding two words takes at most (each two index probes). */
export const LEAPS = 64;

/**
 * How many title words a typed prefix beside the driver ("quarry w": "wash", "water", "wild") may
 * start and still be leapt to: each leap then seeks the first row of each of them.
 */
export const LOOSE_PARTNER_WORDS = 16;

/**
 * A lower bound, as `(title_key, product_id)`, of the first product whose title holds both `exact`
 * and `partner` (two title words): each word's rows are one index range in that order, and the two
 * ranges are walked by leaps, each seeking the first row at or after the other's (a leapfrog join).
 * Titles that share a brand and a line ("Quarry Wild …") sit together, and the leaps reach them in
 * a few probes where reading the driver's rows took 27,000 (10 ms at a million products). Every
 * position a leap reaches is at or before the first product with both words, so the rows read from
 * there miss none; after LEAPS leaps the position reached is still such a bound.
 *
 * A partner typed as the start of several title words (`loosePartner`, "quarry w" as it is typed)
 * leaps to the first row of any of them (up to LOOSE_PARTNER_WORDS; more, and the bound is the
 * driver's first row). Read from its first row instead, "Quarry W" at a million products read
 * 27,700 of Quarry's rows ("Quarry Almond" … ) before its 1,001st match, after a look in the title
 * words' index that fetched 4,000 products and gave up.
 */
export function leapfrogStart(driven: Driven): SQL {
  const { exact, partner, loosePartner } = driven;
  if (!hasBound(driven) || exact === null) return sql``;
  const seek = (word: SQL) => sql`select g.title_key, g.product_id from product_words g
    where g.word = ${word} and (g.title_key, g.product_id) >= (lf.k, lf.id) order by g.title_key, g.product_id limit 1`;
  // The partner's next row: its one word's; or the first of the next rows of the words a loose
  // prefix starts, leapt only while they are few.
  const [partners, next, few] =
    partner !== null
      ? [sql``, seek(sql`${partner}`), sql``]
      : [
          sql`partners as materialized (select array(${wordsStarting(loosePartner ?? '')}) as words),`,
          sql`select g.title_key, g.product_id from unnest((select words from partners)) as pw(word) cross join lateral (${seek(sql`pw.word`)}) g
            order by g.title_key, g.product_id limit 1`,
          sql` and (select cardinality(words) from partners) <= ${LOOSE_PARTNER_WORDS}`,
        ];
  return sql`${partners}
    lf(k, id, n, hit) as (
      (select f.title_key, f.product_id, 0, false from product_words f where f.word = ${exact} order by f.title_key, f.product_id limit 1)
      union all
      select a.title_key, a.product_id, lf.n + 1, (b.title_key, b.product_id) = (lf.k, lf.id)
      from lf
      cross join lateral (${next}) b
      cross join lateral (select f.title_key, f.product_id from product_words f
        where f.word = ${exact} and (f.title_key, f.product_id) >= (b.title_key, b.product_id) order by f.title_key, f.product_id limit 1) a
      where not lf.hit and lf.n < ${LEAPS}${few}
    ), bound as materialized (select k, id from lf order by n desc limit 1),`;
}

/** The driver's rows from the leapfrog bound on, when another typed word gives one (`leapfrogStart`). */
export function fromBound(driven: Driven): SQL[] {
  return hasBound(driven) ? [sql`(pw.title_key, pw.product_id) >= ((select k from bound), (select id from bound))`] : [];
}

/** Whether the driver starts one title word and another typed word gives it a partner to leap with. */
function hasBound(driven: Driven): boolean {
  return driven.exact !== null && (driven.partner !== null || driven.loosePartner !== null);
}

/** Rows of the driver read to judge, before the title words' own index, how densely they match. */
export const PROBE = 1000;

/** Matches at most that the title words' index (GIN) fetches, each a product row; past it the driver's rows are read. */
export const GIN_MAX = 4 * SEARCH_COUNT_CAP;

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
export function titleWordsRead(filters: ProductFilters, threshold: number, terms: Terms, driven: Driven): SQL | null {
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
export function looseSteps(terms: Terms, driven: Driven): SQL {
  const loose = looseWords(terms, driven);
  const lists = loose.map((word, i) => sql`array(${wordsStarting(word)}) as w${sql.raw(String(i))}`);
  const ok = loose.length ? sql.join(loose.map((_, i) => sql`cardinality(w${sql.raw(String(i))}) <= ${MERGED_WORDS}`), sql` and `) : sql`true`;
  return sql`loose0 as materialized (select ${lists.length ? sql.join(lists, sql`, `) : sql`1 as none`}),
    loose as materialized (select *, ${ok} as ok from loose0),`;
}

/**
 * Whether the driver's first PROBE rows (from the leapfrog bound, when there is one) hold under a
 * tenth of matches, so that reaching the cap would read ten times the cap's rows, and every loose
 * word starts few enough title words to look up. The rows are read until a tenth match: a dense
 * pair ("Quarry Wild", one in three) stops after about 300 rows, where all 1,000 took 0.75 ms at
 * 100k products; only a sparse one is counted again to see that it had PROBE rows at all.
 */
export function sparseProbe(filters: ProductFilters, threshold: number, driven: Driven): SQL {
  const source = wordSourceOf(filters, false);
  const match = sql.join(hasWords(sql`pw.title_key`, driven.others), sql` and `);
  const from = fromBound(driven);
  const rows = sql`select (${match}) as m from ${source.from} ${whereOf(filters, source, threshold, [sql`pw.word = ${driven.exact}`, ...from])}
    order by pw.title_key, pw.product_id limit ${PROBE}`;
  const tenth = PROBE / 10;
  return sql`select case when (select count(*) from (select 1 from (${rows}) x where x.m limit ${tenth}) y) < ${tenth}
      then (select count(*) from (${rows}) z) = ${PROBE} and (select ok from loose) else false end as sparse`;
}
