import type { ReactNode } from 'react';
import { cn } from '../lib/class-names.ts';

export type IconProps = { className?: string };

function Icon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('size-5 shrink-0', className)}
    >
      {children}
    </svg>
  );
}

export function DashboardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="3.5" width="7" height="9" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
      <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
      <rect x="3.5" y="15.5" width="7" height="5" rx="1.5" />
    </Icon>
  );
}

export function ProductsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1 1 0 0 1 0 1.4l-7.3 7.3a1 1 0 0 1-1.4 0Z" />
      <circle cx="8" cy="8" r="1.5" />
    </Icon>
  );
}

export function OutletsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 4h16l1 5H3Z" />
      <path d="M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0" />
      <path d="M5 11.5V20h14v-8.5" />
      <path d="M10 20v-5h4v5" />
    </Icon>
  );
}

export function CouponsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 7a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v3a2 2 0 0 0 0 4v3a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-3a2 2 0 0 0 0-4Z" />
      <path d="M15 6v12" strokeDasharray="2 2.5" />
      <path d="M7.5 14.5l4-5" />
    </Icon>
  );
}

export function ReceiptsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3h12v18l-2-1.4-2 1.4-2-1.4-2 1.4-2-1.4L6 21Z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </Icon>
  );
}

export function RegistersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8.5 3.5h7v4h-7Z" />
      <path d="M5 13l1.2-5.5h11.6L19 13" />
      <rect x="3.5" y="13" width="17" height="7.5" rx="1" />
      <path d="M8 16.75h8" />
    </Icon>
  );
}

export function TaxesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18.5 5.5l-13 13" />
      <circle cx="7" cy="7" r="2.5" />
      <circle cx="17" cy="17" r="2.5" />
    </Icon>
  );
}

export function OrdersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 8h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9Z" />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" />
    </Icon>
  );
}

export function CustomersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <path d="M15.5 4.8a3.2 3.2 0 0 1 0 6.4" />
      <path d="M17.5 14a6 6 0 0 1 4 6" />
    </Icon>
  );
}

export function GiftCardsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="8" width="18" height="12" rx="1.5" />
      <path d="M3 12h18" />
      <path d="M12 8v12" />
      <path d="M12 8c-1.5-3-5-3.5-5-1.2C7 8 9.5 8 12 8c2.5 0 5 0 5-1.2 0-2.3-3.5-1.8-5 1.2" />
    </Icon>
  );
}

export function StaffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="3.5" width="16" height="17" rx="2" />
      <circle cx="12" cy="10" r="2.75" />
      <path d="M7.5 17.5a4.5 4.5 0 0 1 9 0" />
    </Icon>
  );
}

export function SuppliersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 6h11.5v10.5H2.5Z" />
      <path d="M14 9.5h4l3.5 3.5v3.5H14" />
      <circle cx="6.5" cy="17.5" r="1.75" />
      <circle cx="17.5" cy="17.5" r="1.75" />
    </Icon>
  );
}

export function GoodsOrdersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 7.5L12 3.5l8.5 4-8.5 4Z" />
      <path d="M3.5 7.5v9l8.5 4 8.5-4v-9" />
      <path d="M12 11.5v9" />
    </Icon>
  );
}

export function PrintingLabelIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M7 9v6M9.5 9v6M12 9v6M15.5 9v6M17.5 9v6" />
    </Icon>
  );
}

export function RewardsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z" />
    </Icon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </Icon>
  );
}

export function AnalyticsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 3.5v17h17" />
      <path d="M8 16v-4M12 16V8M16 16v-6M20 16V6" />
    </Icon>
  );
}

export function ChevronIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6l6 6-6 6" />
    </Icon>
  );
}
