/** The light palette: the values every colour token falls back to. */
const light = {
  primary: '#1d4ed8',
  primaryHover: '#1e40af',
  primarySoft: '#dbeafe',
  accent: '#0f766e',
  accentSoft: '#ccfbf1',
  accentText: '#115e59',
  success: '#15803d',
  successSoft: '#dcfce7',
  danger: '#b91c1c',
  dangerHover: '#991b1b',
  dangerSoft: '#fee2e2',
  warning: '#92400e',
  warningSoft: '#fef3c7',
  reward: '#a16207',
  rewardSoft: '#fef9c3',
  rewardText: '#854d0e',
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
};
export type ColorToken = keyof typeof light;

/** The dark palette (the analytics dashboard's theme switch puts `data-theme="dark"` on <html>). */
export const darkPalette: Record<ColorToken, string> = {
  primary: '#2563eb',
  primaryHover: '#60a5fa',
  primarySoft: '#1e3a8a',
  accent: '#2dd4bf',
  accentSoft: '#134e4a',
  accentText: '#99f6e4',
  success: '#4ade80',
  successSoft: '#14532d',
  danger: '#ef4444',
  dangerHover: '#dc2626',
  dangerSoft: '#450a0a',
  warning: '#fbbf24',
  warningSoft: '#451a03',
  reward: '#facc15',
  rewardSoft: '#422006',
  rewardText: '#fde68a',
  text: '#e2e8f0',
  muted: '#94a3b8',
  border: '#334155',
  borderStrong: '#475569',
  surface: '#0f172a',
  background: '#020617',
  subtle: '#1e293b',
  inverse: '#020617',
  inverseText: '#f8fafc',
  focus: '#60a5fa',
  overlay: 'rgba(0, 0, 0, 0.7)',
};

const variableName = (token: string) => `--color-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** CSS custom properties for a palette, e.g. in a `[data-theme='dark']` rule. */
export const paletteVariables = (palette: Record<ColorToken, string>): string =>
  Object.entries(palette)
    .map(([token, value]) => `${variableName(token)}: ${value};`)
    .join('\n');

/**
 * Design tokens: the one source of colours, spacing, type and breakpoints. Each colour is a CSS
 * custom property with its light value as the fallback, so a theme only sets the properties.
 */
export const color = Object.fromEntries(
  Object.entries(light).map(([token, value]) => [token, `var(${variableName(token)}, ${value})`]),
) as Record<ColorToken, string>;

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
