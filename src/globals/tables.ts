/**
 * The tables of the settings globals' published state (their `_v` version tables hold drafts
 * and are left out): a committed write to any of them is a settings publish, which the content
 * change feed (src/cache/invalidation.ts) hears through the triggers of the site-settings
 * migration.
 */
export const SETTINGS_TABLES = [
  'site_settings',
  'site_settings_locales',
  'site_settings_organization_same_as',
  'home',
  'home_locales',
  'home_services_items',
  'home_principles_items',
  'navigation',
  'navigation_locales',
  'navigation_header_links',
  'contact_page',
  'contact_page_locales',
  'privacy_page',
  'privacy_page_locales',
  'about_page',
  'about_page_locales',
  'about_page_values',
  'about_page_offices',
] as const
