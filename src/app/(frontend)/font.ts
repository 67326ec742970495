import localFont from 'next/font/local'

/**
 * The brand typeface, Inter (variable weight), self-hosted from the `@fontsource-variable/inter`
 * package: next/font copies the file into the build and serves it from the site's own origin
 * (no font CDN at build or run time; the CSP's `font-src 'self'` holds). The Latin subset covers
 * English and Spanish; italics are synthesized rather than costing a second download.
 */
export const brandFont = localFont({
  src: '../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-brand',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
  adjustFontFallback: 'Arial',
})
