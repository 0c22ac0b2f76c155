import { useEffect, useState } from 'react';

/** The barcode's SVG as a picture: bwip-js loads the first time a receipt shows one. */
function useOrderBarcodeSrc(value: string): string | null {
  const [drawn, setDrawn] = useState<{ value: string; src: string | null } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('./order-barcode-svg.ts').then(({ orderBarcodeSvg }) => {
      const svg = orderBarcodeSvg(value);
      if (isCurrent) setDrawn({ value, src: svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null });
    });
    return () => {
      isCurrent = false;
    };
  }, [value]);
  return drawn?.value === value ? drawn.src : null;
}

/** The order number as a Code 128 barcode a scanner reads back, with the number under it. */
export function OrderBarcode({ value }: { value: string }) {
  const src = useOrderBarcodeSrc(value);
  return (
    <div className="my-2 flex flex-col items-center" data-testid="receipt-barcode">
      {/* The bars' height is kept while bwip-js loads, so the receipt does not jump. */}
      {src ? <img src={src} alt={`Barcode ${value}`} className="h-10 max-w-full" /> : <div className="h-10" aria-hidden />}
      <span>{value}</span>
    </div>
  );
}
