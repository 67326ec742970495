import { expect, test } from '@playwright/test'

import { paths } from '../../src/site/routes'
import { audit, score, shortfalls, withChromium, type Category } from '../support/lighthouse'

/**
 * Lighthouse's accessibility, best-practices and SEO scores (mobile preset) of every kind of page
 * on the production build, on the pristine instance (the seeded content). One run per kind, the
 * languages alternating across kinds: these categories don't vary from run to run the way
 * performance does, and the bench (`npm run bench:lighthouse`) covers performance.
 */
const base = () => process.env.E2E_PRISTINE_BASE_URL!

const MINIMUM = 95
const PUBLIC: Category[] = ['accessibility', 'best-practices', 'seo']
/**
 * Pages that are deliberately not for search engines (a 404 answers 404, the admin is
 * `noindex`) are held to the other two categories.
 */
const NOT_INDEXED: Category[] = ['accessibility', 'best-practices']

const PAGES: { name: string; path: string; categories: Category[] }[] = [
  { name: 'home', path: paths.home('en'), categories: PUBLIC },
  { name: 'blog', path: paths.blog('es'), categories: PUBLIC },
  { name: 'post', path: paths.post('en', 'observability-before-incidents'), categories: PUBLIC },
  { name: 'category', path: paths.category('es', 'cloud'), categories: PUBLIC },
  { name: 'case studies', path: paths.caseStudies('en'), categories: PUBLIC },
  {
    name: 'case study',
    path: paths.caseStudy('es', 'logistics-cloud-migration'),
    categories: PUBLIC,
  },
  { name: 'contact', path: paths.contact('en'), categories: PUBLIC },
  { name: 'privacy', path: paths.privacy('es'), categories: PUBLIC },
  { name: 'search', path: paths.search('en'), categories: PUBLIC },
  { name: 'search results', path: paths.search('es', 'observabilidad'), categories: PUBLIC },
  { name: 'not found', path: '/en/no-such-page', categories: NOT_INDEXED },
  { name: 'admin login', path: '/admin/login', categories: NOT_INDEXED },
]

for (const page of PAGES) {
  test(`Lighthouse: ${page.name} (${page.path}) scores ${MINIMUM}+ in ${page.categories.join(', ')}`, async () => {
    test.setTimeout(180_000)
    const lhr = await withChromium((port) => audit(`${base()}${page.path}`, port, page.categories))
    for (const category of page.categories) {
      const scored = score(lhr, category)
      expect(
        scored,
        `${category} ${scored}: ${shortfalls(lhr, category).join('; ')}`,
      ).toBeGreaterThanOrEqual(MINIMUM)
    }
  })
}
