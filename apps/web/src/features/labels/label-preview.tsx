import { useEffect, useState } from 'react';
import { labelsPerPage, type LabelFields, type LabelLayout } from '@tillbook/contract';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import type { LabelSource } from './api.ts';

/** "24 labels on 2 sheets" / "3 labels on the roll". */
export function labelCountText(layout: LabelLayout, count: number, startAt: number): string {
  const labels = `${count.toLocaleString()} ${count === 1 ? 'label' : 'labels'}`;
  if (layout.kind === 'roll') return `${labels} on the roll`;
  const sheets = sheetCount(layout, count, startAt);
  return `${labels} on ${sheets.toLocaleString()} ${sheets === 1 ? 'sheet' : 'sheets'}`;
}

/** Pages a print needs: the empty positions before `startAt` come first on the first sheet. */
export function sheetCount(layout: LabelLayout, count: number, startAt: number): number {
  if (count === 0) return 0;
  if (layout.kind === 'roll') return count;
  return Math.ceil((startAt - 1 + count) / labelsPerPage(layout));
}

type LabelPreviewProps = {
  layout: LabelLayout;
  /** The labels in print order (enough for the first page). */
  labels: LabelSource[];
  fields: LabelFields;
  startAt: number;
};

/**
 * The first sheet (or the first roll label) drawn to scale in millimetres: the positions left empty
 * before the start, then the first labels with their text and where the barcode goes. The PDF, read
 * at the moment of printing, is what prints.
 */
export function LabelPreview({ layout, labels, fields, startAt }: LabelPreviewProps) {
  const money = useMoney();
  const { businessName } = useShopSettings();
  const skipped = layout.kind === 'sheet' ? startAt - 1 : 0;
  const positions = Array.from({ length: labelsPerPage(layout) }, (_, index) => index);
  const isRoll = layout.kind === 'roll';
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-label={`Preview of ${layout.name}`}
        viewBox={`0 0 ${layout.pageWidth} ${layout.pageHeight}`}
        className={isRoll ? 'mx-auto w-64 max-w-full border border-gray-300 bg-white' : 'mx-auto w-full max-w-md border border-gray-300 bg-white shadow-sm'}
        fontFamily="Helvetica, Arial, sans-serif"
      >
        {positions.map((position) => {
          const column = position % layout.columns;
          const row = Math.floor(position / layout.columns);
          const x = layout.marginLeft + column * (layout.width + layout.gapX);
          const y = layout.marginTop + row * (layout.height + layout.gapY);
          const label = position >= skipped ? labels[position - skipped] : undefined;
          const state = position < skipped ? 'skipped' : label ? 'filled' : 'empty';
          return (
            <g key={position} transform={`translate(${x} ${y})`} data-testid={`position-${position + 1}`} data-state={state}>
              <rect
                width={layout.width}
                height={layout.height}
                rx={isRoll ? 1.5 : 1}
                fill={state === 'skipped' ? '#f3f4f6' : '#ffffff'}
                stroke="#d1d5db"
                strokeWidth={0.3}
                strokeDasharray={state === 'filled' ? undefined : '1 1'}
              />
              {label && <LabelFace layout={layout} label={label} fields={fields} shopName={businessName} price={money.format(label.price)} />}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

function LabelFace({ layout, label, fields, shopName, price }: { layout: LabelLayout; label: LabelSource; fields: LabelFields; shopName: string; price: string }) {
  const pad = 2;
  const size = Math.min(3.2, layout.height / 9);
  const lines: Array<{ text: string; bold?: boolean; scale?: number }> = [];
  if (fields.shopName) lines.push({ text: shopName, scale: 0.8 });
  if (fields.title) lines.push({ text: label.productTitle, bold: true });
  if (fields.variant && label.variantName) lines.push({ text: label.variantName });
  if (fields.sku) lines.push({ text: `SKU ${label.sku}`, scale: 0.8 });
  let y = pad + size;
  const texts = lines.map((line) => {
    const fontSize = size * (line.scale ?? 1);
    const element = (
      <text key={`${line.text}-${y}`} x={pad} y={y} fontSize={fontSize} fontWeight={line.bold ? 'bold' : undefined} fill="#111827">
        {clip(line.text, layout.width - 2 * pad, fontSize)}
      </text>
    );
    y += fontSize * 1.25;
    return element;
  });
  const codeHeight = Math.max(4, layout.height - y - pad - (fields.price ? size * 1.6 : 0));
  const code = label.barcode ?? label.sku;
  const codeWidth = fields.qr ? Math.min(codeHeight, 14) : Math.min(layout.width * 0.55, 38);
  return (
    <>
      {texts}
      {fields.price && (
        <text x={layout.width - pad} y={layout.height - pad} fontSize={size * 1.6} fontWeight="bold" textAnchor="end" fill="#111827">
          {price}
        </text>
      )}
      {(fields.barcode || fields.qr) && (
        <g transform={`translate(${pad} ${y})`} data-testid="barcode-placeholder">
          <title>{fields.qr ? `QR code ${code}` : `Barcode ${code}`}</title>
          <Code label={label} qr={fields.qr} width={codeWidth} height={fields.qr ? codeWidth : codeHeight} />
        </g>
      )}
    </>
  );
}

/** The code as bwip-js draws it (loaded on first use); stripes or a box stand in meanwhile. */
function Code({ label, qr, width, height }: { label: LabelSource; qr: boolean; width: number; height: number }) {
  const key = `${qr ? 'qr' : 'bars'}:${label.barcode ?? ''}:${label.sku}`;
  const [drawn, setDrawn] = useState<{ key: string; src: string | null } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('./label-barcode-svg.ts').then(({ labelBarcodeSvg }) => {
      const svg = labelBarcodeSvg(label.barcode, label.sku, qr);
      if (isCurrent) setDrawn({ key, src: svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null });
    });
    return () => {
      isCurrent = false;
    };
  }, [key, label.barcode, label.sku, qr]);
  const src = drawn?.key === key ? drawn.src : null;
  if (src) return <image href={src} width={width} height={height} preserveAspectRatio="xMinYMid meet" />;
  if (qr) return <rect width={width} height={height} fill="none" stroke="#6b7280" strokeWidth={0.4} strokeDasharray="1 0.6" />;
  return <Bars width={width} height={height} />;
}

/** Stripes where the barcode prints (the real bars are drawn in the PDF). */
function Bars({ width, height }: { width: number; height: number }) {
  const stripes = Array.from({ length: 30 }, (_, index) => index);
  const step = width / 30;
  return (
    <g fill="#6b7280">
      {stripes.map((index) => (
        <rect key={index} x={index * step} width={step * (index % 3 === 0 ? 0.6 : 0.3)} height={height} />
      ))}
    </g>
  );
}

/** The text cut to what fits across the label (an average letter is about half the font size wide). */
function clip(text: string, width: number, fontSize: number): string {
  const room = Math.floor(width / (fontSize * 0.5));
  return text.length > room ? `${text.slice(0, Math.max(1, room - 1))}…` : text;
}
