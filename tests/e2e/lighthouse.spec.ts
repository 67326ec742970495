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
const ALL: Category[] = ['accessibility', 'best-practices', 'seo']

interface AuditedPage {
  name: string
  path: string
  categories: Category[]
  /**
   * SEO audits a page fails on purpose: the search pages say `noindex` (results are not content
   * of their own). Every other SEO audit must pass there; the score is not compared.
   */
  deliberate?: string[]
}

/**
 * The 404 is not here: Lighthouse refuses to audit a document answered with 4xx. site.spec.ts
 * runs axe (the engine of Lighthouse's accessibility category) on it.
 */
const PAGES: AuditedPage[] = [
  { name: 'home', path: paths.home('en'), categories: ALL },
  { name: 'blog', path: paths.blog('es'), categories: ALL },
  { name: 'post', path: paths.post('en', 'observability-before-incidents'), categories: ALL },
  { name: 'category', path: paths.category('es', 'cloud'), categories: ALL },
  { name: 'case studies', path: paths.caseStudies('en'), categories: ALL },
  {
    name: 'case study',
    path: paths.caseStudy('es', 'logistics-cloud-migration'),
    categories: ALL,
  },
  { name: 'contact', path: paths.contact('en'), categories: ALL },
  { name: 'about', path: paths.about('es'), categories: ALL },
  { name: 'service', path: paths.service('en', 'data-platforms'), categories: ALL },
  { name: 'developers', path: paths.developers('en'), categories: ALL },
  { name: 'privacy', path: paths.privacy('es'), categories: ALL },
  { name: 'search', path: paths.search('en'), categories: ALL, deliberate: ['is-crawlable'] },
  {
    name: 'search results',
    path: paths.search('es', 'observabilidad'),
    categories: ALL,
    deliberate: ['is-crawlable'],
  },
  // Payload's admin is for editors, not search engines.
  { name: 'admin login', path: '/admin/login', categories: ['accessibility', 'best-practices'] },
]

for (const page of PAGES) {
  test(`Lighthouse: ${page.name} (${page.path}) scores ${MINIMUM}+ in ${page.categories.join(', ')}`, async () => {
    test.setTimeout(180_000)
    const lhr = await withChromium((port) => audit(`${base()}${page.path}`, port, page.categories))
    for (const category of page.categories) {
      const missed = shortfalls(lhr, category)
      if (category === 'seo' && page.deliberate) {
        const deliberate = page.deliberate
        expect(
          missed.filter((line) => !deliberate.some((id) => line.startsWith(`${id} `))),
        ).toEqual([])
        continue
      }
      const scored = score(lhr, category)
      expect(scored, `${category} ${scored}: ${missed.join('; ')}`).toBeGreaterThanOrEqual(MINIMUM)
    }
  })
}
