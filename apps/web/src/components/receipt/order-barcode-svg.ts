// Loaded only when a receipt shows its barcode, so bwip-js never weighs on the login route.
import { code128, drawingSVG } from 'bwip-js/browser';

/**
 * The order number as a Code 128 barcode in SVG, drawn by bwip-js — the library the server draws
 * the receipt's PDF and e-mail barcode with, so screen and paper show the same bars. Null when the
 * text cannot be encoded. The bars stand on white of their own, so they scan wherever the picture
 * is shown or saved (a transparent picture reads as all black to many readers).
 */
export function orderBarcodeSvg(value: string): string | null {
  try {
    return code128({ bcid: 'code128', text: value, scale: 2, height: 10, paddingwidth: 10, paddingheight: 0, backgroundcolor: 'FFFFFF' }, drawingSVG());
  } catch {
    return null;
  }
}
