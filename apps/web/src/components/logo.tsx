import { thumbnailUrlOf } from '@tillbook/contract';
import defaultLogoUrl from '../assets/logo.svg';
import { cn } from '../lib/class-names.ts';
import { getRuntimeConfig } from '../lib/runtime-config.ts';

type LogoProps = { className?: string };

/**
 * The business logo (SPEC.md §2): the shop's own when one is uploaded in Settings, otherwise the
 * Tillbook wordmark with its receipt glyph.
 */
export function Logo({ className }: LogoProps) {
  const { businessName, logoUrl } = getRuntimeConfig();
  if (logoUrl) {
    return <img src={thumbnailUrlOf(logoUrl)} alt={`${businessName} logo`} className={cn('h-10 w-auto max-w-[200px] object-contain', className)} />;
  }
  return <img src={defaultLogoUrl} alt="Tillbook logo" width={176} height={40} className={cn('h-10 w-auto', className)} />;
}
