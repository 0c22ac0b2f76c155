/**
 * Barcodes of product variants: GS1 check digits (EAN-13, UPC-A, EAN-8, UPC-E), the validation a
 * product form and a CSV import share, and in-store EAN-13 numbers for goods without a barcode.
 * No zod here: the POS scanner path and the web bundle use these as plain functions.
 */

export type BarcodeKind = 'ean13' | 'upca' | 'ean8' | 'upce' | 'other';

/** Letters, digits, spaces and - . / + (Code 128 and Code 39 labels, supplier codes). */
const barcodeCharacters = /^[A-Za-z0-9 ./+-]+$/;
export const BARCODE_MAX_LENGTH = 64;

/** GS1 mod-10 check digit of `digits` (all but the check digit): weights 3, 1, 3, … from the right. */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError(`gs1CheckDigit expects digits only (got "${digits}").`);
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Check digit of an EAN-13 from its first 12 digits: "400638133393" → 1. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`ean13CheckDigit expects 12 digits (got "${first12}").`);
  return gs1CheckDigit(first12);
}

function hasCheckDigit(code: string, length: number): boolean {
  return code.length === length && /^\d+$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

export function isValidEan13(code: string): boolean {
  return hasCheckDigit(code, 13);
}

/** 12 digits: "036000291452". */
export function isValidUpcA(code: string): boolean {
  return hasCheckDigit(code, 12);
}

export function isValidEan8(code: string): boolean {
  return hasCheckDigit(code, 8);
}

/**
 * UPC-E → UPC-A ("04252614" → "042100005264"), or null when `code` is not 8 digits with number
 * system 0 or 1. UPC-E's check digit is the one of the UPC-A it stands for.
 */
export function expandUpcE(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const [system, d1, d2, d3, d4, d5, d6, check] = code.split('');
  const body = (() => {
    switch (d6) {
      case '0':
      case '1':
      case '2':
        return `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      case '3':
        return `${d1}${d2}${d3}00000${d4}${d5}`;
      case '4':
        return `${d1}${d2}${d3}${d4}00000${d5}`;
      default:
        return `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
    }
  })();
  return `${system}${body}${check}`;
}

/** 8 digits whose check digit matches as a UPC-E (the small code on cans and cigarette packs). */
export function isValidUpcE(code: string): boolean {
  const upcA = expandUpcE(code);
  return upcA !== null && isValidUpcA(upcA);
}

/**
 * The symbology a code is valid for. A code of 8, 12 or 13 digits is judged by its check digit:
 * with a wrong one it is 'other' (and validateBarcode refuses it). 8 digits are read as EAN-8
 * first, then as UPC-E.
 */
export function barcodeKind(code: string): BarcodeKind {
  if (isValidEan13(code)) return 'ean13';
  if (isValidUpcA(code)) return 'upca';
  if (isValidEan8(code)) return 'ean8';
  if (isValidUpcE(code)) return 'upce';
  return 'other';
}

/**
 * Why a barcode cannot be saved, or null when it can. Any code of 1–64 letters, digits, spaces and
 * - . / + is accepted, except that 8, 12 and 13 digits must carry a right GS1 check digit — a
 * mistyped EAN would otherwise never scan. Trim the text before (the zod schema does).
 */
export function validateBarcode(code: string): string | null {
  if (code.length === 0) return 'The barcode field is required.';
  if (code.length > BARCODE_MAX_LENGTH) return `The barcode may not be greater than ${BARCODE_MAX_LENGTH} characters.`;
  if (!barcodeCharacters.test(code)) return 'The barcode may only contain letters, digits, spaces and - . / +';
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code) || barcodeKind(code) !== 'other') return null;
  const expected = gs1CheckDigit(code.slice(0, -1));
  return `The barcode's check digit is wrong: expected ${expected}.`;
}

/** GS1 restricted-circulation prefix "20": numbers only valid inside the shop (see makeInStoreEan13). */
export const IN_STORE_EAN13_PREFIX = '20';
export const IN_STORE_EAN13_MAX_SEQUENCE = 9_999_999_999;

/**
 * An EAN-13 for a product without a manufacturer's barcode: "20", the sequence zero-padded to 10
 * digits, the check digit — makeInStoreEan13(1) = "2000000000015".
 *
 * GS1 keeps prefixes 20–29 for restricted circulation: they never collide with a manufacturer's
 * GTIN. Within them, 21–29 are commonly used (country by country) for variable-measure labels
 * with the price or weight in the code, so Tillbook uses only "20", which scales read as a plain
 * in-store article number.
 */
export function makeInStoreEan13(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 0 || sequence > IN_STORE_EAN13_MAX_SEQUENCE) {
    throw new RangeError(`The in-store sequence must be a whole number from 0 to ${IN_STORE_EAN13_MAX_SEQUENCE}.`);
  }
  const first12 = `${IN_STORE_EAN13_PREFIX}${String(sequence).padStart(10, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** True for a valid EAN-13 in Tillbook's in-store range (prefix "20"). */
export function isInStoreEan13(code: string): boolean {
  return code.startsWith(IN_STORE_EAN13_PREFIX) && isValidEan13(code);
}
