import { createGlobalStyle } from 'styled-components';
import { breakpoint, color, darkPalette, font, focusRing, paletteVariables } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* The sticky header (one 64 px row; a second row of links from the lg breakpoint) never covers
     the element keyboard focus or an anchor scrolls to. */
  html { -webkit-text-size-adjust: 100%; scroll-padding-top: 80px; }
  @media (min-width: ${breakpoint.lg}px) { html { scroll-padding-top: 128px; } }
  html[data-theme='dark'] {
    ${paletteVariables(darkPalette)}
    color-scheme: dark;
  }
  @media (prefers-reduced-motion: no-preference) { html { scroll-behavior: smooth; } }
  body {
    margin: 0;
    min-width: 320px;
    font-family: ${font.family};
    font-size: ${font.size.md};
    line-height: ${font.lineHeight};
    color: ${color.text};
    background: ${color.background};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4, p { margin: 0; }
  h1, h2, h3 { line-height: 1.2; }
  img { max-width: 100%; display: block; }
  a { color: ${color.primary}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { ${focusRing} }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
    border: 0;
  }
  #root { min-height: 100vh; display: flex; flex-direction: column; }
`;
