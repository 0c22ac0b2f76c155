/**
 * Stock documents are numbered from their id with a prefix and six digits: PO-000042 (goods order),
 * TR-000042 (stock transfer), SC-000042 (stock count). One formatter and one reader for all.
 */
export const documentPrefixes = { goodsOrder: 'PO', stockTransfer: 'TR', stockCount: 'SC' } as const;
export type DocumentKind = keyof typeof documentPrefixes;

export function documentNumber(kind: DocumentKind, id: number): string {
  return `${documentPrefixes[kind]}-${String(id).padStart(6, '0')}`;
}

export const goodsOrderNumber = (id: number) => documentNumber('goodsOrder', id);

/**
 * The id a search for a number means: "PO-000042", "po-42", "000042" and "42" all mean 42; anything
 * else (another prefix, letters, a number beyond an id) means none.
 */
export function documentIdOf(kind: DocumentKind, search: string): number | null {
  const match = new RegExp(`^(?:${documentPrefixes[kind]}-?)?0*(\\d{1,10})$`, 'i').exec(search.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
