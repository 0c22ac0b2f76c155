import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  couponInput,
  customerInput,
  dateField,
  idParams,
  listQuery,
  loginInput,
  optionalDateField,
  optionalDateTimeField,
  optionalMultiLineText,
  optionalText,
  orderListQuery,
  pathId,
  productInput,
  queryId,
  queryNumber,
  receiptTemplateInput,
  requiredMultiLineText,
  requiredText,
} from './index.ts';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('text fields', () => {
  it('refuse a NUL character in every kind of text, with the field named', () => {
    expect(messagesOf(requiredText('title'), 'Mug\u0000')).toEqual(['The title may not contain a NUL character.']);
    expect(messagesOf(optionalText('SKU'), 'A\u0000B')).toEqual(['The SKU may not contain a NUL character.']);
    expect(messagesOf(requiredMultiLineText('note'), 'one\n\u0000')).toEqual(['The note may not contain a NUL character.']);
    expect(messagesOf(optionalMultiLineText('address'), '\u0000')).toEqual(['The address may not contain a NUL character.']);
    expect(messagesOf(loginInput, { email: 'admin\u0000', password: 'x' })).toEqual(['The email may not contain a NUL character.']);
    expect(messagesOf(loginInput, { email: 'admin', password: 'pass\u0000word' })).toEqual(['The password may not contain a NUL character.']);
  });

  it('keep one-line fields on one line and say so', () => {
    for (const value of ['Mug\nLarge', 'Mug\r\nLarge', 'Mug\u2028Large', 'Mug\rLarge']) {
      expect(messagesOf(requiredText('title'), value)).toEqual(['The title must be on one line.']);
    }
    expect(messagesOf(requiredText('title'), 'Mug\tLarge')).toEqual(['The title may not contain control characters such as tabs.']);
    expect(messagesOf(optionalText('barcode'), '123\u001b')).toEqual(['The barcode may not contain control characters such as tabs.']);
    // Line breaks around the text are trimmed like spaces; words, accents and emoji are kept.
    expect(requiredText('title').parse('  Café Mug ☕ \n')).toBe('Café Mug ☕');
    expect(optionalText('SKU').parse('')).toBeNull();
  });

  it('keep line breaks and tabs in multi-line fields but no other control character', () => {
    expect(optionalMultiLineText('address').parse('1 High St\r\nTown\tNorth')).toBe('1 High St\r\nTown\tNorth');
    expect(messagesOf(optionalMultiLineText('footer'), 'Thanks\u0007')).toEqual(['The footer may not contain control characters.']);
  });

  it('apply to the contract\'s forms: a product title is one line, its description may have several', () => {
    const product = productInput.safeParse({ title: 'Mug\nLarge', description: 'Line 1\nLine 2' });
    expect(product.success).toBe(false);
    const paths = product.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths).toContainEqual(['title', 'The title must be on one line.']);
    expect(paths?.some(([path]) => path === 'description')).toBe(false);
    const receipt = receiptTemplateInput.safeParse({ name: 'Shop\nreceipt', header: 'Thanks\nfor shopping', footer: null, paperWidth: 80 });
    expect(receipt.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['name', 'The name must be on one line.']);
    expect(receipt.error?.issues.some((i) => i.path[0] === 'header')).toBe(false);
  });
});

describe('ids in paths and queries', () => {
  it('are plain digits only', () => {
    expect(idParams.parse({ id: '12' })).toEqual({ id: 12 });
    for (const loose of ['+1', '0x10', '1e3', ' 1', '1 ', '1.0', '-1', '0', '', '١', '2147483648', '99999999999']) {
      expect(idParams.safeParse({ id: loose }).success, JSON.stringify(loose)).toBe(false);
    }
    expect(messagesOf(pathId(), '+1')).toEqual(['The id must be a whole number written with digits only.']);
    expect(messagesOf(queryId('outlet'), '0x10')).toEqual(['The outlet must be chosen from the list.']);
    expect(queryId('outlet').parse('2147483647')).toBe(2147483647);
  });

  it('apply to every id filter of a list and to page numbers', () => {
    const result = orderListQuery.safeParse({ outletId: '1e3', registerId: '+2', customerId: '0x1', cashboxSessionId: ' 3' });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['cashboxSessionId', 'customerId', 'outletId', 'registerId']);
    expect(listQuery.safeParse({ page: '1e3' }).success).toBe(false);
    expect(listQuery.parse({ page: '3', perPage: '100' })).toMatchObject({ page: 3, perPage: 100 });
    expect(listQuery.parse({})).toMatchObject({ page: 1, perPage: 25 });
    expect(messagesOf(queryNumber('limit', { min: 1, max: 10 }), '11')).toEqual(['The limit may not be greater than 10.']);
    expect(messagesOf(queryNumber('limit', { min: 1, max: 10 }), '1e1')).toEqual(['The limit must be a whole number.']);
  });
});

describe('dates', () => {
  it('stay between 1900-01-01 and 2100-12-31', () => {
    expect(dateField('from date').parse('2026-11-22')).toBe('2026-11-22');
    expect(dateField('from date').parse('1900-01-01')).toBe('1900-01-01');
    expect(dateField('from date').parse('2100-12-31')).toBe('2100-12-31');
    expect(messagesOf(dateField('from date'), '2101-01-01')).toEqual(['The from date must be between 1900-01-01 and 2100-12-31.']);
    expect(messagesOf(dateField('from date'), '1899-12-31')).toEqual(['The from date must be between 1900-01-01 and 2100-12-31.']);
    expect(messagesOf(dateField('from date'), '99999-01-01')).toEqual(['The from date must be a date like 2026-11-22.']);
    expect(messagesOf(dateField('from date'), '2026-02-30')).toEqual(['The from date must be a date like 2026-11-22.']);
    expect(optionalDateField('birthday').parse('')).toBeNull();
    expect(messagesOf(optionalDateField('birthday', '1990-05-31'), '0202-05-31')).toEqual(['The birthday must be between 1900-01-01 and 2100-12-31.']);
  });

  it('and date-times too, whatever their spelling', () => {
    expect(optionalDateTimeField('end').parse('2026-12-31T23:00:00+01:00')).toBe('2026-12-31T22:00:00.000Z');
    for (const far of ['99999-01-01', '+099999-01-01T00:00:00Z', '2101-01-01T00:00:00Z', '1800-01-01T00:00:00Z']) {
      expect(messagesOf(optionalDateTimeField('end'), far), far).toEqual(['The end must be between 1900-01-01 and 2100-12-31.']);
    }
  });

  it('apply to coupons and birthdays', () => {
    const coupon = couponInput.safeParse({ code: 'FAR', name: 'Far', kind: 'fixed', amount: 100, validUntil: '99999-01-01', appliesTo: 'all', active: true });
    expect(coupon.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['validUntil', 'The end must be between 1900-01-01 and 2100-12-31.']]);
    const customer = customerInput.safeParse({ name: 'Ann', birthday: '1066-10-14', marketingConsent: false });
    expect(customer.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['birthday', 'The birthday must be between 1900-01-01 and 2100-12-31.']]);
  });
});
