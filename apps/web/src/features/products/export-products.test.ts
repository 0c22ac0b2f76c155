import { describe, expect, it, vi } from 'vitest';
import { exportProducts, exportUrl } from './export-products.ts';

describe('exportUrl', () => {
  it("carries the list's filters and leaves out paging, sort and empty values", () => {
    const url = exportUrl({ page: 3, perPage: 25, sort: '-price', search: 'tea & milk', categoryId: '4', stockStatus: 'low', status: '', outletId: undefined });
    expect(url).toBe('/api/products/export?search=tea+%26+milk&categoryId=4&stockStatus=low');
  });

  it('is the plain export without filters', () => {
    expect(exportUrl({ page: 1, perPage: 25 })).toBe('/api/products/export');
  });
});

describe('exportProducts', () => {
  it('lets the browser download the file from the export address, leaving the page as it is', () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.getAttribute('href')).toBe('/api/products/export?status=archived');
      expect(this.hasAttribute('download')).toBe(true);
      expect(this.isConnected).toBe(true);
    });
    exportProducts({ page: 2, perPage: 25, status: 'archived' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
