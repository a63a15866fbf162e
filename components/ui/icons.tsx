/**
 * Inline SVG icons (stroke style), sized by the surrounding font. Every stroke icon of the shop lives
 * here, so they share one look; islands import them too (nothing here touches the server).
 */
import type { ReactNode } from "react";

/**
 * The frame every stroke icon draws in: a 24 x 24 box, round line ends, hidden from assistive
 * technology (the control around an icon carries its name).
 */
export function IconSvg(
  { children, className = "h-5 w-5", strokeWidth = 2, fill = "none" }: {
    children: ReactNode;
    className?: string;
    strokeWidth?: number;
    fill?: string;
  },
) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill={fill}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}

type P = { className?: string; strokeWidth?: number };

export const SearchIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </IconSvg>
);
export const UserIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </IconSvg>
);
/** `filled` shows a saved state (the wishlist button). */
export const HeartIcon = ({ filled = false, ...p }: P & { filled?: boolean }) => (
  <IconSvg {...p} fill={filled ? "currentColor" : "none"}>
    <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7Z" />
  </IconSvg>
);
export const CartIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="8" cy="21" r="1" />
    <circle cx="19" cy="21" r="1" />
    <path d="M2 2h3l2.7 12.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
  </IconSvg>
);
export const MenuIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </IconSvg>
);
export const CloseIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </IconSvg>
);
export const ChevronLeftIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="m15 18-6-6 6-6" />
  </IconSvg>
);
export const ChevronRightIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="m9 18 6-6-6-6" />
  </IconSvg>
);
export const ChevronDownIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="m6 9 6 6 6-6" />
  </IconSvg>
);
export const ArrowUpIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="m5 12 7-7 7 7M12 19V5" />
  </IconSvg>
);
export const HomeIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="m3 10 9-7 9 7v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1Z" />
  </IconSvg>
);
export const GridIcon = (p: P) => (
  <IconSvg {...p}>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <rect x="14" y="14" width="7" height="7" rx="1" />
  </IconSvg>
);
export const TruckIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </IconSvg>
);
export const AwardIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="12" cy="9" r="6" />
    <path d="m8.5 14-1.5 8 5-3 5 3-1.5-8" />
  </IconSvg>
);
export const UsersIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3" />
  </IconSvg>
);
export const MailIcon = (p: P) => (
  <IconSvg {...p}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </IconSvg>
);
export const PhoneIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2Z" />
  </IconSvg>
);
export const MapPinIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0Z" />
    <circle cx="12" cy="10" r="3" />
  </IconSvg>
);
export const ClockIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </IconSvg>
);

export const PlusIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M12 5v14M5 12h14" />
  </IconSvg>
);
export const MinusIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M5 12h14" />
  </IconSvg>
);
export const EditIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </IconSvg>
);
export const TrashIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />
  </IconSvg>
);
export const StarIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1Z" />
  </IconSvg>
);
export const CreditCardIcon = (p: P) => (
  <IconSvg {...p}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20" />
  </IconSvg>
);
export const MessageIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z" />
  </IconSvg>
);
export const DownloadIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </IconSvg>
);
export const ShareIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </IconSvg>
);
export const BellIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </IconSvg>
);
/** A circular arrow turning back: returns and refunds. */
export const RotateLeftIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
  </IconSvg>
);
/** An arrow bending back: the returns policy. */
export const UndoIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />
  </IconSvg>
);
export const HelpCircleIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
  </IconSvg>
);
export const DashboardIcon = (p: P) => (
  <IconSvg {...p}>
    <rect x="3" y="3" width="7" height="9" rx="1.5" />
    <rect x="14" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="12" width="7" height="9" rx="1.5" />
    <rect x="3" y="16" width="7" height="5" rx="1.5" />
  </IconSvg>
);
export const PackageIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
    <path d="m3 8 9 5 9-5M12 13v8M7.5 5.5l9 5" />
  </IconSvg>
);
export const SettingsIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </IconSvg>
);
export const LogoutIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </IconSvg>
);
export const ShieldIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
  </IconSvg>
);

/** The shop's mark: a stylised gecko in a leaf. */
export function LogoMark({ className = "h-8 w-8" }: P) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="#166534" />
      <path
        d="M7 20c3-5 8-6 11-3s7 3 9 0M18 17c0-3 2-5 4-5s4 2 3 4-3 2-4 1M10 19l-2 4M14 18l1 4M21 19l2 3"
        fill="none"
        stroke="#bbf7d0"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export const CheckIcon = (p: P) => (
  <IconSvg {...p}>
    <path d="M20 6 9 17l-5-5" />
  </IconSvg>
);
export const CheckCircleIcon = (p: P) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12 3 3 5-6" />
  </IconSvg>
);
export const LockIcon = (p: P) => (
  <IconSvg {...p}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </IconSvg>
);
