/**
 * How the screenshots are compared, shared by the Playwright config (`toHaveScreenshot`) and the
 * test proving the tolerance still notices a changed colour.
 *
 * The baselines are taken with the same Chromium, the same self-hosted font and software
 * rendering (`--disable-gpu`), so an unchanged page renders pixel for pixel alike: the tolerance
 * only has to absorb the odd anti-aliased glyph edge or image-decoding rounding. `threshold` is
 * the per-pixel colour distance (YIQ, 0–1) counted as a change; 0.05 is a quarter of Playwright's
 * default, so a token moved to a neighbouring shade still counts (at 0.1, the accent moved from
 * #0b5cad to #2f6fb8 passed unseen). `maxDiffPixelRatio` 0.002 lets through
 * 0.2 % of the pixels (a few thousand on a full desktop page, about one line of text): enough for
 * rendering noise, far below what a changed colour token, spacing or font touches.
 */
export const SCREENSHOT_TOLERANCE = { threshold: 0.05, maxDiffPixelRatio: 0.002 } as const

export const SCREENSHOT_OPTIONS = {
  ...SCREENSHOT_TOLERANCE,
  animations: 'disabled',
  caret: 'hide',
  scale: 'css',
} as const

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const

/** Where the baselines and the Chromium version they were taken with live (committed). */
export const BASELINE_DIR = 'tests/e2e/visual/baselines'
export const BASELINE_BROWSER_FILE = `${BASELINE_DIR}/chromium.json`
