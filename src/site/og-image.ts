/** The default 1200×630 social image (public/og-default.png), also the firm's default logo. */
export const DEFAULT_OG_IMAGE = '/og-default.png'
