/** Design tokens: the one source of colours, spacing, type and breakpoints. */
export const color = {
  primary: '#1d4ed8',
  primaryHover: '#1e40af',
  primarySoft: '#dbeafe',
  accent: '#0f766e',
  accentSoft: '#ccfbf1',
  success: '#15803d',
  successSoft: '#dcfce7',
  danger: '#b91c1c',
  dangerHover: '#991b1b',
  dangerSoft: '#fee2e2',
  warning: '#92400e',
  warningSoft: '#fef3c7',
  reward: '#a16207',
  rewardSoft: '#fef9c3',
  text: '#0f172a',
  muted: '#475569',
  border: '#cbd5e1',
  borderStrong: '#94a3b8',
  surface: '#ffffff',
  background: '#f8fafc',
  subtle: '#f1f5f9',
  inverse: '#0f172a',
  inverseText: '#f8fafc',
  focus: '#2563eb',
  overlay: 'rgba(15, 23, 42, 0.6)',
} as const;

/** Spacing on a 4 px grid: space(4) = 16px. */
export const space = (n: number): string => `${n * 4}px`;

export const radius = { sm: '6px', md: '10px', lg: '16px', pill: '999px' } as const;

export const font = {
  family: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  size: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: 'clamp(1.5rem, 4vw, 2rem)',
    hero: 'clamp(1.875rem, 6vw, 3.25rem)',
  },
  weight: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeight: 1.5,
} as const;

export const shadow = {
  sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
  md: '0 4px 12px rgba(15, 23, 42, 0.08)',
  lg: '0 20px 40px rgba(15, 23, 42, 0.2)',
} as const;

export const breakpoint = { sm: 640, md: 768, lg: 1024, xl: 1200 } as const;

export const media = {
  sm: `@media (min-width: ${breakpoint.sm}px)`,
  md: `@media (min-width: ${breakpoint.md}px)`,
  lg: `@media (min-width: ${breakpoint.lg}px)`,
} as const;

export const focusRing = `outline: 3px solid ${color.focus}; outline-offset: 2px;`;

export const zIndex = { header: 20, modal: 50, toast: 60 } as const;
