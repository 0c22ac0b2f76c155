// Loaded only when the preview draws a barcode, so bwip-js never weighs on the rest of the app.
import { code128, drawingSVG, ean13, qrcode, upca } from 'bwip-js/browser';

/**
 * The label's code in SVG, drawn by bwip-js as the PDF draws it: the variant's EAN-13 or UPC-A, or
 * Code 128 of the SKU when it has neither; a QR code when asked. Null when the text cannot be encoded
 * (the PDF then refuses the line with a message).
 */
export function labelBarcodeSvg(barcode: string | null, sku: string, qr: boolean): string | null {
  const options = { scale: 2, height: 10, backgroundcolor: 'FFFFFF' };
  try {
    if (qr) return qrcode({ ...options, bcid: 'qrcode', text: barcode ?? sku }, drawingSVG());
    if (barcode && /^\d{13}$/.test(barcode)) return ean13({ ...options, bcid: 'ean13', text: barcode, includetext: true }, drawingSVG());
    if (barcode && /^\d{12}$/.test(barcode)) return upca({ ...options, bcid: 'upca', text: barcode, includetext: true }, drawingSVG());
    return code128({ ...options, bcid: 'code128', text: barcode ?? sku, includetext: true }, drawingSVG());
  } catch {
    return null;
  }
}
