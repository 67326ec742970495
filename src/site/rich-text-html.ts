import {
  convertLexicalToHTML,
  type HTMLConverter,
  type HTMLConverters,
  type HTMLConvertersFunction,
} from '@payloadcms/richtext-lexical/html'
import { sanitizeUrl } from 'payload/shared'

import type { Locale } from '@/i18n/locales'
import { creditLink, creditText } from '@/media/credit'

import type { SiteDocument } from './content'
import { bestInlineFile, inlineImage, mediaPath } from './content-images'
import { paths, type PageCollection } from './routes'
import { absoluteUrl, findDocument, mediaFileUrl, populatedMedia, type PublishedView } from './view'

/** Text and attribute values as HTML: the five characters that could end them. */
export const escapeHTML = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[char]!,
  )

const isPageCollection = (value: unknown): value is PageCollection =>
  value === 'posts' || value === 'case-studies'

interface LinkNode {
  fields?: {
    linkType?: string
    url?: string
    newTab?: boolean
    doc?: { relationTo?: unknown; value?: unknown } | null
  }
  children: unknown[]
}

interface UploadNode {
  value?: unknown
  fields?: { alt?: string } | null
}

/**
 * Payload's Lexical → HTML converter with the site's rules for what leaves the site: links and
 * images are absolute URLs (a feed reader has no base URL), an internal link goes to the
 * published page and becomes plain text when its target is not published (as in the markdown
 * twins), and an image the view does not hold (embargoed, deleted) is left out. An image with a
 * credit has it as its caption, linked as on the page (CC BY asks for it wherever it is shown).
 */
export function richTextHtml(input: {
  content: SiteDocument['content']
  locale: Locale
  site: PublishedView
  siteUrl: string
}): string {
  const { content, locale, site, siteUrl } = input
  if (!content?.root) return ''

  const link: HTMLConverter<LinkNode> = ({ node, nodesToHTML }) => {
    const children = nodesToHTML({ nodes: node.children as never[] }).join('')
    let href = node.fields?.url ?? ''
    if (node.fields?.linkType === 'internal') {
      const target = node.fields.doc
      const value = target?.value
      const id =
        typeof value === 'number' ? value : (value as { id?: unknown } | null | undefined)?.id
      const published =
        isPageCollection(target?.relationTo) && typeof id === 'number'
          ? findDocument(site, target.relationTo, locale, { id })
          : undefined
      if (!published || !isPageCollection(target?.relationTo)) return children
      href = absoluteUrl(siteUrl, paths.document(target.relationTo, locale, published.slug))
    } else if (href.startsWith('/')) {
      href = absoluteUrl(siteUrl, href)
    }
    const newTab = node.fields?.newTab ? ' rel="noopener noreferrer" target="_blank"' : ''
    return `<a href="${escapeHTML(sanitizeUrl(href))}"${newTab}>${children}</a>`
  }

  const upload: HTMLConverter<UploadNode> = ({ node }) => {
    const media =
      populatedMedia(node.value) ??
      (typeof node.value === 'number' ? (site.media[locale][node.value] ?? null) : null)
    if (!media?.filename) return ''
    const src = escapeHTML(mediaFileUrl(siteUrl, media.filename))
    if (!media.mimeType?.startsWith('image/')) {
      return `<a href="${src}">${escapeHTML(media.filename)}</a>`
    }
    const credit = creditText(media)
    const href = creditLink(media)
    const credited = (img: string) =>
      credit
        ? `<figure>${img}<figcaption>${href ? `<a href="${escapeHTML(href)}">${escapeHTML(credit)}</a>` : escapeHTML(credit)}</figcaption></figure>`
        : img
    const alt = escapeHTML(node.fields?.alt || media.alt || '')
    // The generated sizes, as on the page (src/site/content-images.ts), never the original.
    const image = inlineImage(media, node.fields?.alt)
    const best = bestInlineFile(media)
    if (!image || !best) {
      const size =
        media.width && media.height ? ` width="${media.width}" height="${media.height}"` : ''
      return credited(`<img src="${src}" alt="${alt}"${size} loading="lazy">`)
    }
    const srcset = image.variants
      .map((variant) => `${absoluteUrl(siteUrl, mediaPath(variant.url))} ${variant.width}w`)
      .join(', ')
    return credited(
      `<img src="${escapeHTML(absoluteUrl(siteUrl, mediaPath(best.url)))}" srcset="${escapeHTML(srcset)}"` +
        ` sizes="${escapeHTML(image.sizes)}" alt="${alt}" width="${image.width}"` +
        ` height="${image.height}" loading="lazy" decoding="async">`,
    )
  }

  // The converters' node types are Payload's; these two read only the fields declared above.
  const converters: HTMLConvertersFunction = ({ defaultConverters }) =>
    ({ ...defaultConverters, link, autolink: link, upload }) as unknown as HTMLConverters
  return convertLexicalToHTML({
    converters,
    data: content as unknown as Parameters<typeof convertLexicalToHTML>[0]['data'],
    disableContainer: true,
  })
}
