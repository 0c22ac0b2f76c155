import type { LabelFields, LabelLayout } from '@tillbook/contract';
import { QUIET_ZONES } from './barcode.ts';
import type { PrintedLabel } from './label-document.ts';

/**
 * Labels as ZPL for a thermal printer at 203 dpi (8 dots a millimetre): one ^XA…^XZ per label,
 * printed `quantity` times (^PQ), the label's size as ^PW/^LL, text in the printer's scalable
 * font (^A0, UTF-8 with ^CI28) and the barcode as ^BE (EAN-13), ^BU (UPC-A), ^B8 (EAN-8),
 * ^BC (Code 128) or ^BQ (QR code).
 */
const DOTS_PER_MM = 8;
const PADDING = 12;

/** Field data with ^ and ~ (ZPL's command characters) and _ written as ^FH hex escapes. */
function fieldData(text: string): string {
  return `^FH_^FD${text.replace(/[_^~]/g, (char) => `_${char.charCodeAt(0).toString(16).toUpperCase()}`)}^FS`;
}

/** The barcode's command, its data and how many modules wide it is drawn (quiet zones included). */
function barcodeCommand(label: PrintedLabel, height: number, moduleDots: number, qr: boolean): string {
  const { symbology, value } = label.code;
  if (qr) return `^BQN,2,${Math.max(1, Math.min(10, Math.floor(height / 29)))}^FDQA,${value.replace(/[\^~]/g, '')}^FS`;
  const digits = value.replace(/\D/g, '');
  switch (symbology) {
    case 'ean13':
      // ^BE takes the first 12 digits and adds the check digit itself.
      return `^BY${moduleDots}^BEN,${height},N,N^FD${digits.slice(0, 12)}^FS`;
    case 'upca':
      return `^BY${moduleDots}^BUN,${height},N,N,Y^FD${digits.slice(0, 11)}^FS`;
    case 'ean8':
      return `^BY${moduleDots}^B8N,${height},N,N^FD${digits.slice(0, 7)}^FS`;
    default:
      return `^BY${moduleDots}^BCN,${height},N,N,N${fieldData(value)}`;
  }
}

/** Modules of the barcode with its quiet zones, as the printer draws it (Code 128 counted as set B, the widest). */
function modulesOf(label: PrintedLabel): number {
  const [left, right] = QUIET_ZONES[label.code.symbology];
  const bars = { ean13: 95, upca: 95, ean8: 67, qrcode: 0, code128: 11 * label.code.value.length + 35 }[label.code.symbology];
  return left + bars + right;
}

export function labelsZpl(labels: readonly PrintedLabel[], layout: LabelLayout, fields: LabelFields): string {
  const width = Math.round(layout.width * DOTS_PER_MM);
  const height = Math.round(layout.height * DOTS_PER_MM);
  const scale = Math.min(1.1, Math.max(0.7, layout.height / 37));
  const blocks = labels.map((label) => {
    const out = ['^XA', '^CI28', `^PW${width}`, `^LL${height}`, '^LH0,0'];
    let y = PADDING;
    const text = (value: string, size: number) => {
      const dots = Math.round(size * scale);
      out.push(`^FO${PADDING},${y}^A0N,${dots},${dots}^FB${width - 2 * PADDING},1,0,L${fieldData(value)}`);
      y += Math.round(dots * 1.15);
    };
    if (fields.shopName && label.shopName) text(label.shopName, 18);
    if (fields.title) text(label.title, 24);
    if (fields.variant && label.variantName) text(label.variantName, 20);
    if (fields.price) text(label.price, 40);
    const skuSize = Math.round(18 * scale);
    const bottom = height - PADDING - (fields.sku ? Math.round(skuSize * 1.15) : 0);
    if (fields.barcode || fields.qr) {
      const barHeight = Math.max(16, bottom - y - 8);
      const modules = modulesOf(label);
      const moduleDots = Math.max(1, Math.min(4, Math.floor(width / modules)));
      const left = fields.qr ? PADDING : Math.max(0, Math.floor((width - modules * moduleDots) / 2) + QUIET_ZONES[label.code.symbology][0] * moduleDots);
      out.push(`^FO${left},${y + 4}${barcodeCommand(label, barHeight, moduleDots, fields.qr)}`);
    }
    if (fields.sku) out.push(`^FO${PADDING},${bottom}^A0N,${skuSize},${skuSize}${fieldData(`SKU ${label.sku}`)}`);
    out.push(`^PQ${label.quantity},0,1,N`, '^XZ');
    return out.join('\n');
  });
  return `${blocks.join('\n')}\n`;
}
