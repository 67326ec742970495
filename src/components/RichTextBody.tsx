import {
  RichText,
  type JSXConverter,
  type JSXConvertersFunction,
} from '@payloadcms/richtext-lexical/react'

import type { SiteDocument } from '@/site/content'
import { firstInlineImageNode, inlineImage, isSameNode } from '@/site/content-images'
import { asImage, asMedia } from '@/site/media'

import { CreditedImage } from './CreditedImage'
import { MediaImage } from './MediaImage'

interface UploadNode {
  id?: unknown
  value?: unknown
  fields?: { alt?: string | null } | null
}

/**
 * A document's rich text, with its images served as covers are: the generated sizes as a srcset
 * (WebP), the image's width and height, lazily loaded — except the first when the page has no
 * cover above it, which is then the page's largest image and asked for at once. Any other node
 * is Payload's default rendering (a non-image upload stays a link to its file). An image with a
 * credit has it under it, as a cover has (CreditedImage).
 */
export function RichTextBody({
  content,
  eagerFirstImage = false,
}: {
  content: NonNullable<SiteDocument['content']>
  /** No cover above: the first image is the page's LCP candidate. */
  eagerFirstImage?: boolean
}) {
  const first = eagerFirstImage ? firstInlineImageNode(content) : null
  const converters: JSXConvertersFunction = ({ defaultConverters }) => {
    const fallback = defaultConverters.upload as JSXConverter<never> | undefined
    const upload: JSXConverter<UploadNode> = (args) => {
      const image = inlineImage(args.node.value, args.node.fields?.alt)
      if (!image) {
        const rendered = typeof fallback === 'function' ? fallback(args as never) : null
        // An image shown Payload's way still has its credit under it (the twin gives it one).
        const media = asMedia(args.node.value)
        return rendered && media?.mimeType?.startsWith('image/') ? (
          <CreditedImage media={media} className="content-figure">
            {rendered}
          </CreditedImage>
        ) : (
          rendered
        )
      }
      return (
        <CreditedImage media={asImage(args.node.value) ?? {}} className="content-figure">
          <MediaImage
            className="content-image"
            alt={image.alt}
            variants={image.variants}
            width={image.width}
            height={image.height}
            sizes={image.sizes}
            priority={isSameNode(args.node, first)}
          />
        </CreditedImage>
      )
    }
    return { ...defaultConverters, upload: upload as never }
  }
  return <RichText data={content} converters={converters} />
}
