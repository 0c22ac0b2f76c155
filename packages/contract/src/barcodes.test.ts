import { describe, expect, it } from 'vitest';
import {
  barcodeKind,
  ean13CheckDigit,
  expandUpcE,
  isInStoreEan13,
  isValidEan13,
  isValidEan8,
  isValidUpcA,
  isValidUpcE,
  makeInStoreEan13,
  validateBarcode,
} from './barcodes.ts';

describe('GS1 check digits', () => {
  it('computes the EAN-13 check digit of 400638133393 as 1 (4006381333931)', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7); // 5901234123457
    expect(() => ean13CheckDigit('40063813339')).toThrow(RangeError);
    expect(() => ean13CheckDigit('40063813339x')).toThrow(RangeError);
  });

  it('accepts real codes and refuses one wrong digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidUpcA('036000291452')).toBe(true);
    expect(isValidUpcA('036000291453')).toBe(false);
    expect(isValidEan8('96385074')).toBe(true);
    expect(isValidEan8('96385075')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false); // 12 digits
    expect(isValidEan13(' 4006381333931')).toBe(false);
  });

  it('expands UPC-E 04252614 to UPC-A 042100005264 and checks it there', () => {
    expect(expandUpcE('04252614')).toBe('042100005264');
    expect(expandUpcE('01234531')).toBe('012300000451'); // last digit 3
    expect(expandUpcE('01234642')).toBe('012340000062'); // last digit 4
    expect(expandUpcE('01234576')).toBe('012345000076'); // last digit 5–9 (the check digit is carried over)
    expect(expandUpcE('24252614')).toBeNull(); // number system 2 does not exist in UPC-E
    expect(isValidUpcE('04252614')).toBe(true);
    expect(isValidUpcE('04252615')).toBe(false);
  });

  it('names the kind of a code by its length and check digit', () => {
    expect(barcodeKind('4006381333931')).toBe('ean13');
    expect(barcodeKind('036000291452')).toBe('upca');
    expect(barcodeKind('96385074')).toBe('ean8');
    expect(barcodeKind('04252614')).toBe('upce');
    expect(barcodeKind('4006381333932')).toBe('other');
    expect(barcodeKind('ABC-123')).toBe('other');
    expect(barcodeKind('12345')).toBe('other');
  });
});

describe('validateBarcode', () => {
  it('accepts real EAN/UPC codes and any other code of letters, digits, spaces and - . / +', () => {
    for (const code of ['4006381333931', '036000291452', '96385074', '04252614', 'ABC-123', 'SKU 12/4.5+', '1', '12345', 'x'.repeat(64)]) {
      expect(validateBarcode(code), code).toBeNull();
    }
  });

  it('names the expected check digit of a mistyped EAN-13, UPC-A or EAN-8', () => {
    expect(validateBarcode('4006381333932')).toBe("The barcode's check digit is wrong: expected 1.");
    expect(validateBarcode('036000291453')).toBe("The barcode's check digit is wrong: expected 2.");
    expect(validateBarcode('96385070')).toBe("The barcode's check digit is wrong: expected 4.");
  });

  it('refuses an empty, too long or oddly written code', () => {
    expect(validateBarcode('')).toBe('The barcode field is required.');
    expect(validateBarcode('x'.repeat(65))).toBe('The barcode may not be greater than 64 characters.');
    for (const code of ['abc_1', 'ä123', '12;34', 'a\tb', '<script>']) {
      expect(validateBarcode(code), code).toBe('The barcode may only contain letters, digits, spaces and - . / +');
    }
  });
});

describe('in-store EAN-13 (GS1 restricted circulation, prefix 20)', () => {
  it('makes "20" + the sequence in 10 digits + the check digit: 1 → 2000000000015', () => {
    expect(makeInStoreEan13(1)).toBe('2000000000015');
    expect(makeInStoreEan13(0)).toBe('2000000000008');
    expect(makeInStoreEan13(9_999_999_999)).toBe('2099999999998');
    for (const sequence of [1, 42, 123_456, 9_999_999_999]) {
      const code = makeInStoreEan13(sequence);
      expect(code).toHaveLength(13);
      expect(isValidEan13(code)).toBe(true);
      expect(isInStoreEan13(code)).toBe(true);
      expect(validateBarcode(code)).toBeNull();
    }
    expect(isInStoreEan13('4006381333931')).toBe(false);
  });

  it('refuses a sequence that does not fit in 10 digits', () => {
    for (const sequence of [-1, 1.5, 10_000_000_000, Number.NaN]) {
      expect(() => makeInStoreEan13(sequence)).toThrow(RangeError);
    }
  });
});
