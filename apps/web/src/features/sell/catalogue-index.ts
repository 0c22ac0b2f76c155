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

/** A product as the register holds it in memory, with the keys its lookups need. */
type Entry = {
  product: SyncProduct;
  /** Lower-cased title: alphabetical lists and "title starts with". */
  sortTitle: string;
  /** Title words (as typed and in their parts), then the active variants' SKUs and barcodes and their parts. */
  words: string[];
  /** Lower-cased SKUs and barcodes of the active variants. */
  codes: string[];
  /** The full copy that last brought it: a finished full copy drops products it did not see. */
  generation: number;
};

/**
 * Up to this many products matching a typed word are gathered and sorted; a word in more products
 * than that is common, and the alphabetical order is walked instead, where its matches come often.
 */
const MAX_CANDIDATES = 20_000;

/** The first index in a sorted array whose value is not below `key`. */
function lowerBound<T>(sorted: readonly T[], key: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyOf(sorted[middle]!) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The items of a sorted array whose key starts with `prefix`, as an index range. */
function prefixRange<T>(sorted: readonly T[], prefix: string, keyOf: (item: T) => string): [number, number] {
  const start = lowerBound(sorted, prefix, keyOf);
  // Keys starting with the prefix sort together right after it, before the prefix followed by the last code unit.
  return [start, Math.max(start, lowerBound(sorted, `${prefix}\uffff`, keyOf))];
}

const addTo = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
};
const removeFrom = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
};

/**
 * The register's catalogue in memory: exact codes and variants by hash, title words by a sorted
 * vocabulary, SKUs and barcodes by a sorted list of keys, and the alphabetical order of titles.
 * The sorted structures are rebuilt lazily, when a lookup needs them after a change, so a copy
 * streaming in pays for them once, not per product.
 */
export class CatalogueIndex {
  private readonly entries = new Map<number, Entry>();
  /** Exact SKU or barcode (lower case) → products. */
  private readonly byCode = new Map<string, Set<number>>();
  private readonly byVariant = new Map<number, number>();
  /** Title word → products. */
  private readonly byWord = new Map<string, Set<number>>();
  /** SKU, barcode or a part of one → products: a cashier types the beginning of any of them. */
  private readonly byCodeKey = new Map<string, Set<number>>();

  private vocabulary: string[] | null = null;
  private codeKeys: string[] | null = null;
  private order: number[] | null = null;
  private rankOf: Map<number, number> | null = null;

  get size(): number {
    return this.entries.size;
  }

  /** Adds or replaces a product; an archived product or one without an active variant is left out. */
  put(product: SyncProduct, generation: number): void {
    this.remove(product.id);
    if (product.status !== 'active') return;
    const active = product.variants.filter((v) => v.active);
    const codes = new Set<string>();
    for (const variant of active) {
      if (variant.sku) codes.add(variant.sku.toLowerCase());
      if (variant.barcode) codes.add(variant.barcode.toLowerCase());
    }
    const titleWords = [...new Set([...tokensOf(product.title), ...wordsOf(product.title)])];
    const codeKeys = [...new Set([...codes, ...[...codes].flatMap(wordsOf)])];
    const entry: Entry = { product, sortTitle: product.title.toLowerCase(), words: [...new Set([...titleWords, ...codeKeys])], codes: [...codes], generation };
    this.entries.set(product.id, entry);
    for (const variant of product.variants) this.byVariant.set(variant.id, product.id);
    if (active.length === 0) return;
    for (const code of codes) addTo(this.byCode, code, product.id);
    for (const word of titleWords) {
      if (!this.byWord.has(word)) this.vocabulary = null;
      addTo(this.byWord, word, product.id);
    }
    for (const key of codeKeys) {
      if (!this.byCodeKey.has(key)) this.codeKeys = null;
      addTo(this.byCodeKey, key, product.id);
    }
    this.order = null;
  }

  remove(productId: number): void {
    const entry = this.entries.get(productId);
    if (!entry) return;
    this.entries.delete(productId);
    for (const variant of entry.product.variants) if (this.byVariant.get(variant.id) === productId) this.byVariant.delete(variant.id);
    for (const code of entry.codes) removeFrom(this.byCode, code, productId);
    for (const word of entry.words) {
      removeFrom(this.byWord, word, productId);
      removeFrom(this.byCodeKey, word, productId);
    }
    // A word no longer used stays in the sorted lists until they are rebuilt: lookups skip it.
    this.order = null;
  }

  get(productId: number): SyncProduct | undefined {
    return this.entries.get(productId)?.product;
  }

  /** The product that has this variant (active or not). */
  ownerOfVariant(variantId: number): SyncProduct | undefined {
    const id = this.byVariant.get(variantId);
    return id === undefined ? undefined : this.get(id);
  }

  generationOf(productId: number): number | undefined {
    return this.entries.get(productId)?.generation;
  }

  /** Products a finished full copy of `generation` did not bring. */
  olderThan(generation: number): number[] {
    return [...this.entries.values()].filter((e) => e.generation < generation).map((e) => e.product.id);
  }

  all(): SyncProduct[] {
    return [...this.entries.values()].map((e) => e.product);
  }

  /** Product ids in title order, and each one's place in it. */
  private ranked(): { order: number[]; rankOf: Map<number, number> } {
    if (!this.order || !this.rankOf) {
      const sorted = [...this.entries.values()].filter((e) => isSellable(e.product));
      sorted.sort((a, b) => (a.sortTitle < b.sortTitle ? -1 : a.sortTitle > b.sortTitle ? 1 : a.product.id - b.product.id));
      this.order = sorted.map((e) => e.product.id);
      this.rankOf = new Map(this.order.map((id, rank) => [id, rank]));
    }
    return { order: this.order, rankOf: this.rankOf };
  }

  private sortedVocabulary(): string[] {
    this.vocabulary ??= [...this.byWord.keys()].sort();
    return this.vocabulary;
  }

  private sortedCodeKeys(): string[] {
    this.codeKeys ??= [...this.byCodeKey.keys()].sort();
    return this.codeKeys;
  }

  /** Sets of products whose title word, or code, starts with the token; and how many products they hold at most. */
  private candidateSets(token: string): { sets: Set<number>[]; size: number } {
    const sets: Set<number>[] = [];
    let size = 0;
    for (const [sorted, map] of [
      [this.sortedVocabulary(), this.byWord],
      [this.sortedCodeKeys(), this.byCodeKey],
    ] as const) {
      const [start, end] = prefixRange(sorted, token, (word) => word);
      for (let i = start; i < end; i += 1) {
        const set = map.get(sorted[i]!);
        if (!set) continue;
        sets.push(set);
        size += set.size;
        if (size > MAX_CANDIDATES) return { sets, size };
      }
    }
    return { sets, size };
  }

  /** Every typed token starts a word of the title or a code, in alphabetical order of titles, at most `limit`. */
  matching(tokens: string[], limit: number): SyncProduct[] {
    const matchesAll = (entry: Entry) => isSellable(entry.product) && tokens.every((token) => entry.words.some((word) => word.startsWith(token)));
    const { order, rankOf } = this.ranked();
    let narrowest: { sets: Set<number>[]; size: number } | null = null;
    for (const token of new Set(tokens)) {
      const found = this.candidateSets(token);
      if (found.size === 0) return [];
      if (found.size <= MAX_CANDIDATES && (!narrowest || found.size < narrowest.size)) narrowest = found;
    }
    const results: SyncProduct[] = [];
    if (narrowest) {
      const ranks: number[] = [];
      for (const set of narrowest.sets) {
        for (const id of set) {
          const rank = rankOf.get(id);
          if (rank !== undefined) ranks.push(rank);
        }
      }
      ranks.sort((a, b) => a - b);
      let previous = -1;
      for (const rank of ranks) {
        if (rank === previous) continue;
        previous = rank;
        const entry = this.entries.get(order[rank]!)!;
        if (matchesAll(entry)) results.push(entry.product);
        if (results.length >= limit) break;
      }
      return results;
    }
    // Every token is common: their matches are dense in title order.
    for (const id of order) {
      const entry = this.entries.get(id)!;
      if (matchesAll(entry)) results.push(entry.product);
      if (results.length >= limit) break;
    }
    return results;
  }

  /** Sellable products whose title starts with the text, alphabetical, at most `limit`. */
  titleStartsWith(text: string, limit: number): SyncProduct[] {
    const { order } = this.ranked();
    const start = lowerBound(order, text, (id) => this.entries.get(id)!.sortTitle);
    const results: SyncProduct[] = [];
    for (let i = start; i < order.length && results.length < limit; i += 1) {
      const entry = this.entries.get(order[i]!)!;
      if (!entry.sortTitle.startsWith(text)) break;
      results.push(entry.product);
    }
    return results;
  }

  /** Products with an active variant whose SKU or barcode is exactly the code, alphabetical. */
  withCode(code: string): SyncProduct[] {
    const ids = [...(this.byCode.get(code) ?? [])];
    const { rankOf } = this.ranked();
    return ids.sort((a, b) => (rankOf.get(a) ?? 0) - (rankOf.get(b) ?? 0)).map((id) => this.entries.get(id)!.product);
  }

  /** The active variant whose barcode, else SKU, is the code (lower case), with its product. */
  findByCode(code: string): { product: SyncProduct; variant: SyncVariant } | null {
    return variantWithCode(this.withCode(code), code);
  }

  /** Sellable products in title order that pass `keep`, at most `limit`. */
  inTitleOrder(limit: number, keep: (product: SyncProduct) => boolean = () => true): SyncProduct[] {
    const results: SyncProduct[] = [];
    for (const id of this.ranked().order) {
      const product = this.entries.get(id)!.product;
      if (keep(product)) results.push(product);
      if (results.length >= limit) break;
    }
    return results;
  }
}
