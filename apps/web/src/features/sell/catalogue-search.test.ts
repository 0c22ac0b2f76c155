import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from './catalogue-index.ts';
import { catalogueQueries } from './catalogue-search.ts';
import { syncProduct, syncVariant } from './sync-product.fixtures.ts';

const cola = syncProduct(2, 'Cola Zero 330 ml', { variants: [syncVariant(21, { sku: 'COLA-330', barcode: '5449000131805', price: 150, stock: 5, lowStockThreshold: 1 })] });

describe('catalogueQueries: a scan while the copy is partial', () => {
  it('waits for the stored copy to be read when the server cannot be reached, and finds the product in it', async () => {
    const index = new CatalogueIndex();
    let read: () => void = () => {};
    const storedCopyRead = new Promise<void>((resolve) => (read = resolve));
    const asked: string[] = [];
    const queries = catalogueQueries(index, () => [], {
      isPartial: () => true,
      askServer: async (code) => {
        asked.push(code);
        throw new Error('The server cannot be reached.');
      },
      storedCopyRead: () => storedCopyRead,
    });
    const scan = queries.findByCode(' 5449000131805 ');
    // The rest of the stored copy comes in after the scan: the scan is answered from it.
    await Promise.resolve();
    index.put(cola, 0);
    read();
    expect(await scan).toMatchObject({ product: { id: 2 }, variant: { id: 21 } });
    expect(asked).toEqual(['5449000131805']);
  });

  it('answers "not found" for a code the whole stored copy does not hold either', async () => {
    const queries = catalogueQueries(new CatalogueIndex(), () => [], {
      isPartial: () => true,
      askServer: () => Promise.reject(new Error('offline')),
      storedCopyRead: () => Promise.resolve(),
    });
    expect(await queries.findByCode('0000')).toBeNull();
  });
});
