import { BRAND } from '@waco/contracts';
import { useTheme } from './theme';

const MARK = {
  light: { tile: '#0f766e', cable: '#ffffff', river: '#99f6e4' },
  dark: { tile: '#2dd4bf', cable: '#042f2e', river: '#0f766e' },
} as const;

/** The mark: Waco's suspension bridge over the Brazos, drawn as a "W". Light or dark by theme. */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  const { theme } = useTheme();
  const c = MARK[theme];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden
      className={className}
      data-theme-logo={theme}
    >
      <rect width="32" height="32" rx="9" fill={c.tile} />
      <path
        d="M6 9l4.5 13L16 11l5.5 11L26 9"
        fill="none"
        stroke={c.cable}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M5 25.5c3.5-1.6 7.5-1.6 11 0s7.5 1.6 11 0"
        fill="none"
        stroke={c.river}
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The mark and the brand's name. */
export function Logo({ size = 32, showName = true }: { size?: number; showName?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark size={size} />
      {showName ? (
        // One line always; on the narrowest phones the mark alone (the name stays for screen readers),
        // so the header's buttons keep their room.
        <span className="whitespace-nowrap text-base font-bold tracking-tight max-[379px]:sr-only sm:text-lg">
          Waco <span className="text-primary">Commons</span>
        </span>
      ) : (
        <span className="sr-only">{BRAND}</span>
      )}
    </span>
  );
}
