/**
 * The firm's name, as the site, feeds, agent resources, the API description and account mail
 * present it. Its tagline, summary and the rest of what editors change live in the site
 * settings (src/globals/, read through src/site/settings.ts).
 */
export const SITE = {
  name: 'Meridian Consulting',
} as const
