import type { SyncProduct, SyncVariant } from '@tillbook/contract';

/** Lower-cased words: letters and digits, split at anything else ("T-shirt" → t, shirt). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Lower-cased pieces between spaces, as a cashier types them ("t-shirt", "330ml"). */
export function tokensOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/u).filter(Boolean);
}

/** A product whose every variant is retired cannot be sold: lists leave it out. */
export function isSellable(product: SyncProduct): boolean {
  return product.variants.some((v) => v.active);
}

/** Of these products, the active variant whose barcode is the code, else whose SKU is (any case). */
export function variantWithCode(products: SyncProduct[], code: string): { product: SyncProduct; variant: SyncVariant } | null {
  const wanted = code.toLowerCase();
  // A barcode wins over a SKU that happens to read the same.
  for (const field of ['barcode', 'sku'] as const) {
    for (const product of products) {
      const variant = product.variants.find((v) => v.active && v[field]?.toLowerCase() === wanted);
      if (variant) return { product, variant };
    }
  }
  return null;
}

const productOf = (entry: Entry) => JSON.parse(entry.json) as SyncProduct;

/** Separates the words of an entry's `keys`: "\u0001t-shirt\u0001t\u0001shirt…". */
const SEP = '\u0001';

/**
 * A product as the register holds it in memory: as its JSON text (a string is one object to the
 * garbage collector, where the product is a dozen; it is read back for the few products a lookup
 * returns), with the keys its lookups need.
 */
type Entry = {
  id: number;
  json: string;
  /** ",3,7,": the categories it is filed under. */
  categories: string;
  /** ",11,12,": its variants, active or not. */
  variants: string;
  /** Lower-cased title: alphabetical lists and "title starts with". */
  sortTitle: string;
  /** Title words (as typed and in their parts), the active variants' SKUs and barcodes and their parts, each after SEP. */
  keys: string;
  sellable: boolean;
  /** The full copy that last brought it: a finished full copy drops products it did not see. */
  generation: number;
};

/**
 * Up to this many products matching a typed word are gathered and sorted; a word in more products
 * than that is common, and the alphabetical order is walked instead, where its matches come often.
 */
const MAX_CANDIDATES = 5000;
/** A walk of the titles for tokens nearly every product has gives up after this many, for the rarest token's products. */
const MAX_WALK = 20_000;
/** Keys a token may start before its products are looked for by walking the titles rather than key by key. */
const MAX_WALKED_KEYS = 256;
/** Products of another typed token gathered into a set to judge the rarest token's products by. */
const MAX_SET = 100_000;

/** One product as a number, more as an array: most keys (a barcode, a SKU) belong to one product. */
type Postings = number | number[];

const byTitle = (a: Entry, b: Entry) => (a.sortTitle < b.sortTitle ? -1 : a.sortTitle > b.sortTitle ? 1 : a.id - b.id);
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byKeyedTitle = (a: { id: number; title: string }, b: { id: number; title: string }) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id);

/** The first index in a sorted array whose value is not below `key`. */
function lowerBound<T>(sorted: readonly T[], below: (item: T) => boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (below(sorted[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Merge work between two looks at the clock while the copy is put in order (a few tenths of a millisecond). */
const STEP = 4096;

/** `a` and `b` (each sorted) merged, yielding every STEP items so the caller can stop between slices. */
function* mergeInSteps<T>(a: T[], b: T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  // Pushed, not written into `new Array(n)`: past about 100,000 slots V8 makes that a dictionary, each write a hash insert.
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    merged.push(compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
    if (merged.length % STEP === 0) yield;
  }
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

/** A sorted copy of `items`, yielding between blocks and merge steps (a merge sort that can be driven a slice at a time). */
function* sortInSteps<T>(items: T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  const block = 1024;
  let runs: T[][] = [];
  for (let i = 0; i < items.length; i += block) {
    runs.push(items.slice(i, i + block).sort(compare));
    yield;
  }
  while (runs.length > 1) {
    const next: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      next.push(r + 1 < runs.length ? yield* mergeInSteps(runs[r]!, runs[r + 1]!, compare) : runs[r]!);
      // The first passes' merges are shorter than a step: one yield each.
      yield;
    }
    runs = next;
  }
  return runs[0] ?? [];
}

/** Runs steps to the end. */
function finish<R>(steps: Generator<void, R>): R {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs are merged as items come only up to this length; longer merges wait for `mergeSteps`, a slice at a time. */
const MERGED_AS_THEY_COME = 32_768;

/**
 * Items kept sorted in runs, as they come: new items wait unsorted until a lookup, then become a
 * run of their own, and two runs of about the same length are merged (linear, as in a log-structured
 * merge) up to MERGED_AS_THEY_COME. A copy streaming in never sorts or merges everything at once
 * (a lookup waits at most for a short merge); the long runs are merged when the till is idle.
 */
class SortedRuns<T> {
  private runs: T[][] = [];
  private pending: T[] = [];
  constructor(private readonly compare: (a: T, b: T) => number) {}

  add(item: T): void {
    this.pending.push(item);
  }

  clear(): void {
    this.runs = [];
    this.pending = [];
  }

  /** The runs, with what was pending sorted in. */
  sorted(): T[][] {
    if (this.pending.length > 0) {
      this.runs.push(this.pending.sort(this.compare));
      this.pending = [];
      for (;;) {
        const [before, last] = [this.runs.at(-2), this.runs.at(-1)!];
        if (!before || last.length * 2 < before.length || before.length + last.length > MERGED_AS_THEY_COME) break;
        this.runs.splice(-2, 2, finish(mergeInSteps(before, last, this.compare)));
      }
    }
    return this.runs;
  }

  /**
   * Merges the runs into one, the two neighbours shortest together first, yielding between steps.
   * Runs are never changed in place, so a lookup between steps reads them as they are; a merge
   * whose runs a lookup or a change replaced meanwhile is dropped.
   */
  *mergeSteps(): Generator<void> {
    for (;;) {
      const runs = this.sorted();
      if (runs.length <= 1) return;
      let at = 0;
      for (let i = 1; i + 1 < runs.length; i += 1) if (runs[i]!.length + runs[i + 1]!.length < runs[at]!.length + runs[at + 1]!.length) at = i;
      const [a, b] = [runs[at]!, runs[at + 1]!];
      const merged = yield* mergeInSteps(a, b, this.compare);
      const now = this.runs.indexOf(a);
      if (now >= 0 && this.runs[now + 1] === b) this.runs.splice(now, 2, merged);
    }
  }

  /** Every item in order from the first not `below`, merging the runs as it goes; `visit` returns false to stop. */
  walk(below: (item: T) => boolean, visit: (item: T) => boolean): void {
    const runs = this.sorted();
    const at = runs.map((run) => lowerBound(run, below));
    for (;;) {
      let best = -1;
      for (let r = 0; r < runs.length; r += 1) {
        if (at[r]! < runs[r]!.length && (best < 0 || this.compare(runs[r]![at[r]!]!, runs[best]![at[best]!]!) < 0)) best = r;
      }
      if (best < 0 || !visit(runs[best]![at[best]!]!)) return;
      at[best]! += 1;
    }
  }
}

/**
 * The register's catalogue in memory. One map from every key a product is found by (title words,
 * SKUs, barcodes and their parts) to its products, the keys in sorted runs for "starts with", and
 * the products in sorted runs for alphabetical lists. Nothing is taken out of them when a product
 * changes: every lookup checks the product still has what it was found by, and the structures are
 * built again when stale entries outnumber the products.
 */
export class CatalogueIndex {
  private readonly entries = new Map<number, Entry>();
  private postings = new Map<string, Postings>();
  private readonly keys = new SortedRuns<string>(byString);
  private readonly titles = new SortedRuns<Entry>(byTitle);
  private stale = 0;
  /** Postings in title order as they are (a product added or changed since puts them out of order). */
  private sortedPostings = new WeakSet<number[]>();
  /** Preparing under way (`prepare`), a step at a time. */
  private preparing: Generator<void> | null = null;
  /** The runs of titles and keys were merged by the last preparing (later changes add short runs only). */
  private runsMerged = false;

  get size(): number {
    return this.entries.size;
  }

  /** Adds or replaces a product; an archived product is left out. */
  put(product: SyncProduct, generation: number, json: string = JSON.stringify(product)): void {
    if (this.entries.delete(product.id)) this.stale += 1;
    if (product.status !== 'active') return;
    const words = new Set([...tokensOf(product.title), ...wordsOf(product.title)]);
    let sellable = false;
    for (const variant of product.variants) {
      if (!variant.active) continue;
      sellable = true;
      for (const code of [variant.sku, variant.barcode]) {
        if (!code) continue;
        const lower = code.toLowerCase();
        words.add(lower);
        // "shirt-m-red" is found by "red" too; the digits of "sku-0001234" only from the code's beginning.
        for (const part of wordsOf(lower)) if (!/^\d+$/.test(part)) words.add(part);
      }
    }
    const entry: Entry = {
      id: product.id,
      json,
      categories: `,${product.categoryIds.join(',')},`,
      variants: `,${product.variants.map((v) => v.id).join(',')},`,
      sortTitle: product.title.toLowerCase(),
      keys: SEP + [...words].join(SEP),
      sellable,
      generation,
    };
    this.entries.set(product.id, entry);
    if (!sellable) return;
    this.titles.add(entry);
    for (const word of words) {
      const at = this.postings.get(word);
      if (at === undefined) {
        this.postings.set(word, product.id);
        this.keys.add(word);
      } else if (typeof at === 'number') {
        if (at !== product.id) this.postings.set(word, [at, product.id]);
      } else if (at.at(-1) !== product.id) {
        at.push(product.id);
        this.sortedPostings.delete(at);
      }
    }
    if (this.stale > 1000 && this.stale > this.entries.size) this.rebuild();
  }

  remove(productId: number): void {
    if (this.entries.delete(productId)) this.stale += 1;
  }

  /** Builds the lookups again from the products held, without the stale entries changes left. */
  private rebuild(): void {
    const held = [...this.entries.values()];
    this.entries.clear();
    this.postings = new Map();
    this.sortedPostings = new WeakSet();
    this.keys.clear();
    this.titles.clear();
    this.preparing = null;
    this.runsMerged = false;
    this.stale = 0;
    for (const entry of held) this.put(JSON.parse(entry.json) as SyncProduct, entry.generation, entry.json);
  }

  /** The entry, when it is the product's current one (a lookup may hold one a change replaced). */
  private current(entry: Entry): boolean {
    return this.entries.get(entry.id) === entry;
  }

  get(productId: number): SyncProduct | undefined {
    const entry = this.entries.get(productId);
    return entry && productOf(entry);
  }

  /** The product that has this variant (active or not). Reads every product: for the odd reward or deleted variant. */
  ownerOfVariant(variantId: number): SyncProduct | undefined {
    const wanted = `,${variantId},`;
    for (const entry of this.entries.values()) if (entry.variants.includes(wanted)) return productOf(entry);
    return undefined;
  }

  generationOf(productId: number): number | undefined {
    return this.entries.get(productId)?.generation;
  }

  /** Products a finished full copy of `generation` did not bring. */
  olderThan(generation: number): number[] {
    return [...this.entries.values()].filter((e) => e.generation < generation).map((e) => e.id);
  }

  /** Every product held, as JSON text (what a stored piece holds). */
  allJson(): string[] {
    return [...this.entries.values()].map((e) => e.json);
  }

  /** The keys starting with the token and how many products they hold, counted up to `cap`. */
  private keysStarting(token: string, cap: number): { token: string; keys: string[]; size: number } {
    const keys: string[] = [];
    let size = 0;
    for (const run of this.keys.sorted()) {
      for (let i = lowerBound(run, (key) => key < token); i < run.length && run[i]!.startsWith(token); i += 1) {
        const at = this.postings.get(run[i]!);
        if (at === undefined) continue;
        keys.push(run[i]!);
        size += typeof at === 'number' ? 1 : at.length;
        if (size > cap) return { token, keys, size };
      }
    }
    return { token, keys, size };
  }

  /**
   * Every typed token starts a word of the title or a code; alphabetical, at most `limit`. The
   * products of the rarest token are checked for the others and the first `limit` titles kept as
   * they come (never a sort of every match). Tokens that nearly every product has (one letter, the
   * start of every SKU) walk the titles in order first, where their matches are dense.
   */
  matching(tokens: string[], limit: number): SyncProduct[] {
    const unique = [...new Set(tokens)];
    const wanted = unique.map((token) => SEP + token);
    const matchesAll = (entry: Entry) => entry.sellable && wanted.every((token) => entry.keys.includes(token));
    let rarest = this.keysStarting(unique[0]!, MAX_CANDIDATES);
    for (const token of unique) {
      const found = token === rarest.token ? rarest : this.keysStarting(token, MAX_CANDIDATES);
      if (found.size === 0) return [];
      if (found.size < rarest.size) rarest = found;
    }
    // A token that is the start of a great many keys (one letter, the start of every SKU) is in nearly every product.
    if (rarest.size > MAX_CANDIDATES && rarest.keys.length > MAX_WALKED_KEYS) {
      let walked = 0;
      const dense = this.inOrder(limit, () => false, matchesAll, () => (walked += 1) > MAX_WALK);
      if (dense.length === limit || walked <= MAX_WALK) return dense;
      rarest = this.keysStarting(rarest.token, Infinity);
    }
    // Each of the rarest token's keys lists its products in title order: the first `limit` of each
    // that match every token hold the first `limit` of all.
    // The other tokens' products as sets, when they are not too many, so most ids are judged by a lookup.
    const others = unique.filter((token) => token !== rarest.token).flatMap((token) => {
      const found = this.keysStarting(token, MAX_SET);
      if (found.size > MAX_SET) return [];
      const ids = new Set<number>();
      for (const key of found.keys) {
        const at = this.postings.get(key)!;
        if (typeof at === 'number') ids.add(at);
        else for (const id of at) ids.add(id);
      }
      return [ids];
    });
    const firsts: Entry[] = [];
    for (const key of rarest.keys) {
      let taken = 0;
      for (const id of this.inTitleOrderOf(key)) {
        if (others.some((ids) => !ids.has(id))) continue;
        const entry = this.entries.get(id);
        if (!entry || !matchesAll(entry)) continue;
        firsts.push(entry);
        if ((taken += 1) === limit) break;
      }
    }
    return [...new Set(firsts)].sort(byTitle).slice(0, limit).map(productOf);
  }

  /**
   * Sorts what came in since into runs of their own (merged with the runs of about their size).
   * Called after each piece of a copy, so the 300,000 titles of a stored copy are never sorted at
   * once (about half a second) by the first lookup or step of preparing after the copy is read.
   */
  settle(): void {
    this.titles.sorted();
    this.keys.sorted();
  }

  /**
   * Puts the lists a search reads in order ahead of time, a slice of at most about `budgetMs` at a
   * time (the screen calls it after a copy comes in): the long runs of titles and keys merged (every
   * lookup reads them), then every key's products sorted by title, so the first search of a common
   * word does not pay for it. Every step is small (a block of a sort, a stretch of a merge), so a
   * scan that comes in waits at most for one slice. `onlyRuns`: stop once the runs are merged (the
   * lists wait for a quiet moment). Returns whether that much is done.
   */
  prepare(budgetMs: number, onlyRuns = false): boolean {
    if (onlyRuns && this.runsMerged) return true;
    const started = performance.now();
    this.preparing ??= this.prepareSteps();
    do {
      if (this.preparing.next().done) {
        this.preparing = null;
        return true;
      }
      if (onlyRuns && this.runsMerged) return true;
    } while (performance.now() - started < budgetMs);
    return false;
  }

  private *prepareSteps(): Generator<void> {
    this.runsMerged = false;
    yield* this.titles.mergeSteps();
    yield* this.keys.mergeSteps();
    this.runsMerged = true;
    let seen = 0;
    for (const [key, at] of this.postings) {
      if ((seen += 1) % STEP === 0) yield;
      if (typeof at === 'number' || at.length < 64 || this.sortedPostings.has(at)) continue;
      const length = at.length;
      const sorted = yield* this.titleOrderSteps(at);
      // A lookup sorted the list meanwhile, or a change added to it: what was sorted is not the list now.
      if (this.postings.get(key) !== at || at.length !== length) continue;
      this.postings.set(key, sorted);
      this.sortedPostings.add(sorted);
    }
  }

  /** Products (ids, repeats dropped) sorted by title: each title looked up once, the sort driven a step at a time. */
  private *titleOrderSteps(ids: number[]): Generator<void, number[]> {
    const missing = '\uffff';
    const unique = new Set<number>();
    const keyed: Array<{ id: number; title: string }> = [];
    for (const id of ids) {
      if (unique.has(id)) continue;
      unique.add(id);
      keyed.push({ id, title: this.entries.get(id)?.sortTitle ?? missing });
      if (keyed.length % STEP === 0) yield;
    }
    const sorted = yield* sortInSteps(keyed, byKeyedTitle);
    return sorted.map((k) => k.id);
  }

  /** A key's products in title order, sorted when first asked for after a change (most keys hold one). */
  private inTitleOrderOf(key: string): number[] {
    const at = this.postings.get(key);
    if (at === undefined) return [];
    if (typeof at === 'number') return [at];
    if (!this.sortedPostings.has(at)) {
      const sorted = finish(this.titleOrderSteps(at));
      this.postings.set(key, sorted);
      this.sortedPostings.add(sorted);
      return sorted;
    }
    return at;
  }

  /** Sellable products in title order from the first not `below`, that pass `keep`, at most `limit`. */
  private inOrder(limit: number, below: (entry: Entry) => boolean, keep: (entry: Entry) => boolean, until: (entry: Entry) => boolean = () => false): SyncProduct[] {
    const results: SyncProduct[] = [];
    this.titles.walk(below, (entry) => {
      if (until(entry)) return false;
      if (this.current(entry) && entry.sellable && keep(entry)) results.push(productOf(entry));
      return results.length < limit;
    });
    return results;
  }

  /** Sellable products whose title starts with the text, alphabetical, at most `limit`. */
  titleStartsWith(text: string, limit: number): SyncProduct[] {
    return this.inOrder(limit, (entry) => entry.sortTitle < text, () => true, (entry) => !entry.sortTitle.startsWith(text));
  }

  /** Products with an active variant whose SKU or barcode is exactly the code (lower case), alphabetical. */
  withCode(code: string): SyncProduct[] {
    const at = this.postings.get(code);
    const ids = at === undefined ? [] : typeof at === 'number' ? [at] : [...new Set(at)];
    const entries = ids.flatMap((id) => {
      const entry = this.entries.get(id);
      const product = entry && productOf(entry);
      return product && variantWithCode([product], code) ? [{ entry, product }] : [];
    });
    return entries.sort((a, b) => byTitle(a.entry, b.entry)).map((e) => e.product);
  }

  /** The active variant whose barcode, else SKU, is the code (lower case), with its product. */
  findByCode(code: string): { product: SyncProduct; variant: SyncVariant } | null {
    return variantWithCode(this.withCode(code), code);
  }

  /** Sellable products in title order, filed under one of the categories when given, at most `limit`. */
  inTitleOrder(limit: number, categoryIds: ReadonlySet<number> | null = null): SyncProduct[] {
    const wanted = categoryIds && [...categoryIds].map((id) => `,${id},`);
    return this.inOrder(limit, () => false, (entry) => !wanted || wanted.some((id) => entry.categories.includes(id)));
  }
}
