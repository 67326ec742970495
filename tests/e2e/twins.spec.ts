import { expect, test } from '@playwright/test'

/**
 * Each page's markdown twin has the words a reader sees in the page's `<main>`, as Chromium lays
 * it out (`innerText`), images read as their alt text, without what twins leave out by design
 * (scripts, forms but for their notes, buttons: src/markdown/page-twin.ts). Posts and case studies are the seeded
 * ones: their twins are rendered from rich text on their own, so this keeps them in step.
 */

const base = () => process.env.E2E_BASE_URL!

const words = (text: string) => text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []

/** The markdown as text: no frontmatter, fence lines, link targets; images their alt. */
const markdownText = (markdown: string) =>
  markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^(`{3,}|~{3,}).*$/gm, ' ')
    .replace(/!\[((?:\\.|[^\]\\])*)\]\([^)\s]*\)/g, ' $1 ')
    .replace(/\]\([^)\s]*\)/g, ' ')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&lt;/g, '<')

test.describe('twins have the words of their pages', () => {
  test.use({ javaScriptEnabled: false })

  for (const pagePath of [
    '/en',
    '/es',
    '/es/blog',
    '/en/blog?page=2',
    '/en/case-studies',
    '/en/contact',
    '/es/contact',
    '/en/blog/observability-before-incidents',
    '/es/case-studies/retail-demand-forecasting',
  ]) {
    test(pagePath, async ({ page, request }) => {
      const response = await page.goto(`${base()}${pagePath}`)
      expect(response?.status()).toBe(200)
      const seen = await page.evaluate(() => {
        const main = document.querySelector('main')!
        // A form is only its notes (its paragraphs, as a reader sees them).
        main.querySelectorAll('form').forEach((form) => {
          const notes = [...form.querySelectorAll('p')].filter((note) => note.offsetParent !== null)
          form.replaceWith(...notes)
        })
        main
          .querySelectorAll('script, style, template, noscript, button, svg')
          .forEach((element) => element.remove())
        main.querySelectorAll('img').forEach((image) => {
          image.replaceWith(document.createTextNode(` ${image.alt} `))
        })
        return {
          text: main.innerText,
          h1: main.querySelector('h1')!.innerText.replace(/\s+/g, ' ').trim(),
        }
      })
      const [pathname, query] = pagePath.split('?')
      const twin = await request.get(`${base()}${pathname}.md${query ? `?${query}` : ''}`)
      expect(twin.status()).toBe(200)
      const markdown = await twin.text()
      expect(markdownText(markdown).match(/^# .*$/gm)).toEqual([`# ${seen.h1}`])
      expect(words(markdownText(markdown))).toEqual(words(seen.text))
    })
  }
})
