import type { Media } from '@/payload-types'
import { bestInlineFile, mediaPath } from '@/site/content-images'

import { mediaCreditLine } from './credit'
import {
  escapeInline,
  escapeLineStarts,
  linkDestination,
  markdownImage,
  markdownLink,
} from './escape'

/**
 * Lexical editor state (what Payload stores for rich text) → CommonMark/GFM, directly from the
 * JSON tree. Every node type of Payload's default editor is handled (paragraph, heading, lists
 * with nesting and check lists, quote, link and autolink, internal links, upload, relationship,
 * horizontal rule, line break, tab, table, code) and unknown nodes fall back to their text, so a
 * new editor feature degrades to plain text, never to markup. Text is escaped, so nothing an
 * editor types can become HTML or markdown syntax.
 */

interface LexicalNode {
  type?: unknown
  children?: unknown
  [key: string]: unknown
}

export interface LexicalContext {
  siteUrl: string
  /** A published post or case study (by collection and id or populated value), or null. */
  document: (relationTo: unknown, value: unknown) => { url: string; title: string } | null
  /** The media an upload node refers to (populated object or id), or null when not public. */
  media: (value: unknown) => Media | null
}

// Lexical's text format bit flags.
const BOLD = 1
const ITALIC = 2
const STRIKETHROUGH = 4
const CODE = 16

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])

function nodesOf(value: unknown): LexicalNode[] {
  return Array.isArray(value)
    ? value.filter((node): node is LexicalNode => typeof node === 'object' && node !== null)
    : []
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Absolute, and only for protocols a reader can follow safely; null for anything else. */
function safeUrl(raw: unknown, siteUrl: string): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null
  try {
    const url = new URL(raw.trim(), `${siteUrl}/`)
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

/** A code span whose fence is longer than any run of backticks inside it. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
  const fence = '`'.repeat(longest + 1)
  const padded = /^`|`$/.test(text) || /^ .* $/.test(text) ? ` ${text} ` : text
  return `${fence}${padded}${fence}`
}

function formatText(text: string, format: number): string {
  if (text === '') return ''
  if (format & CODE) return codeSpan(text.replace(/\n/g, ' '))
  // Emphasis markers must touch the text: surrounding spaces go outside them.
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? []
  if (core === '') return text
  let result = escapeInline(core)
  if (format & STRIKETHROUGH) result = `~~${result}~~`
  if (format & ITALIC) result = `*${result}*`
  if (format & BOLD) result = `**${result}**`
  return `${lead}${result}${trail}`
}

/** Adjacent text nodes with the same format read as one (`**a****b**` would not parse). */
function mergeTextRuns(nodes: LexicalNode[]): LexicalNode[] {
  const merged: LexicalNode[] = []
  for (const node of nodes) {
    const previous = merged.at(-1)
    if (
      node.type === 'text' &&
      previous?.type === 'text' &&
      (previous.format ?? 0) === (node.format ?? 0)
    ) {
      merged[merged.length - 1] = { ...previous, text: textOf(previous.text) + textOf(node.text) }
    } else {
      merged.push(node)
    }
  }
  return merged
}

interface InlineOptions {
  /** How a line break is written: a hard break, or a space (headings, table cells). */
  breaks: 'hard' | 'space'
}

class Renderer {
  constructor(private readonly context: LexicalContext) {}

  blocks(nodes: LexicalNode[]): string[] {
    return nodes.flatMap((node) => {
      const block = this.block(node)
      return block === null || block.trim() === '' ? [] : [block]
    })
  }

  block(node: LexicalNode): string | null {
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(nodesOf(node.children))
      case 'heading': {
        const level = Math.min(
          6,
          Math.max(2, Number(/^h([1-6])$/.exec(textOf(node.tag))?.[1] ?? 2)),
        )
        const text = this.inline(nodesOf(node.children), { breaks: 'space' })
        // The document title is the page's only `#`: body headings start at `##`. A trailing
        // run of `#` would be read as a closing sequence and dropped: escape it.
        const content = text.trim().replace(/(^|\s)(#+)$/, '$1\\$2')
        return content === '' ? null : `${'#'.repeat(level)} ${content}`
      }
      case 'list':
        return this.list(node)
      case 'quote': {
        const text = this.paragraph(nodesOf(node.children))
        return text === null
          ? null
          : text
              .split('\n')
              .map((line) => (line === '' ? '>' : `> ${line}`))
              .join('\n')
      }
      case 'horizontalrule':
        return '---'
      case 'upload': {
        // An image's credit under it, as the page's caption (RichTextBody.tsx): CC BY asks for
        // it wherever the picture is shown.
        const upload = this.upload(node)
        const credit = upload?.startsWith('!')
          ? mediaCreditLine(this.context.media(node.value))
          : null
        return credit ? `${upload}\n\n${credit}` : upload
      }
      case 'relationship': {
        const related = this.context.document(node.relationTo, node.value)
        return related ? markdownLink(related.title, related.url) : null
      }
      case 'table':
        return this.table(node)
      case 'code':
        return this.codeBlock(node)
      default: {
        const children = nodesOf(node.children)
        if (children.length === 0) {
          return typeof node.text === 'string' ? this.paragraph([node]) : null
        }
        // An unknown container: its blocks if it holds blocks, else its text as a paragraph.
        const holdsBlocks = children.some((child) => 'children' in child || child.type === 'upload')
        return holdsBlocks ? this.blocks(children).join('\n\n') : this.paragraph(children)
      }
    }
  }

  paragraph(nodes: LexicalNode[]): string | null {
    const text = this.inline(nodes, { breaks: 'hard' }).replace(/^\s+|\s+$/g, '')
    return text === '' ? null : escapeLineStarts(text)
  }

  inline(nodes: LexicalNode[], options: InlineOptions): string {
    return mergeTextRuns(nodes)
      .map((node) => this.inlineNode(node, options))
      .join('')
  }

  inlineNode(node: LexicalNode, options: InlineOptions): string {
    switch (node.type) {
      case 'text': {
        const text = textOf(node.text).replace(/\r\n?/g, '\n')
        const formatted = formatText(
          options.breaks === 'space' ? text.replace(/\n/g, ' ') : text,
          Number(node.format ?? 0),
        )
        return options.breaks === 'hard' ? formatted.replace(/\n/g, '\\\n') : formatted
      }
      case 'linebreak':
        return options.breaks === 'hard' ? '\\\n' : ' '
      case 'tab':
        return ' '
      case 'link':
      case 'autolink': {
        const text = this.inline(nodesOf(node.children), { breaks: 'space' }).trim()
        const fields = (node.fields ?? {}) as Record<string, unknown>
        const doc = (fields.doc ?? {}) as Record<string, unknown>
        const url =
          fields.linkType === 'internal'
            ? (this.context.document(doc.relationTo, doc.value)?.url ?? null)
            : safeUrl(fields.url ?? node.url, this.context.siteUrl)
        if (!url) return text
        return `[${text || escapeInline(url)}](${linkDestination(url)})`
      }
      case 'upload':
        return this.upload(node) ?? ''
      default:
        if (Array.isArray(node.children)) return this.inline(nodesOf(node.children), options)
        return typeof node.text === 'string' ? formatText(node.text, 0) : ''
    }
  }

  list(node: LexicalNode, indent = ''): string | null {
    const ordered = node.listType === 'number' || node.tag === 'ol'
    const checklist = node.listType === 'check'
    let number = Number.isInteger(node.start) && Number(node.start) > 0 ? Number(node.start) : 1
    let childIndent = indent + '  '
    const lines: string[] = []
    for (const item of nodesOf(node.children)) {
      const children = nodesOf(item.children)
      const nested = children.filter((child) => child.type === 'list')
      const content = children.filter((child) => child.type !== 'list')
      const text = this.paragraph(content) ?? ''
      // Lexical keeps a nested list in an item of its own, right after its parent item.
      if (text === '' && nested.length > 0) {
        for (const list of nested) lines.push(this.list(list, childIndent) ?? '')
        continue
      }
      const marker = ordered
        ? `${number}. `
        : checklist
          ? `- [${item.checked === true ? 'x' : ' '}] `
          : '- '
      number += 1
      childIndent = indent + ' '.repeat(marker.length)
      const [first = '', ...rest] = text.split('\n')
      lines.push(`${indent}${marker}${first}`.trimEnd())
      for (const line of rest) lines.push(`${childIndent}${line}`)
      for (const list of nested) lines.push(this.list(list, childIndent) ?? '')
    }
    const result = lines.filter((line) => line !== '').join('\n')
    return result === '' ? null : result
  }

  upload(node: LexicalNode): string | null {
    const media = this.context.media(node.value)
    if (!media?.filename) return null
    const isImage = media.mimeType?.startsWith('image/') ?? false
    // An image links the size the page would show (src/site/content-images.ts), not the
    // original, which may be many megabytes; any other file links itself.
    const sized = isImage ? bestInlineFile(media) : null
    const url = safeUrl(
      sized ? mediaPath(sized.url) : `/api/media/file/${encodeURIComponent(media.filename)}`,
      this.context.siteUrl,
    )
    if (!url) return null
    const fields = (node.fields ?? {}) as Record<string, unknown>
    const alt = textOf(fields.alt) || textOf(media.alt)
    return isImage ? markdownImage(alt, url) : markdownLink(media.filename, url)
  }

  table(node: LexicalNode): string | null {
    const rows = nodesOf(node.children).map((row) =>
      nodesOf(row.children).map((cell) =>
        nodesOf(cell.children)
          .map((child) =>
            child.type === 'paragraph'
              ? this.inline(nodesOf(child.children), { breaks: 'space' })
              : this.inlineNode(child, { breaks: 'space' }),
          )
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/\|/g, '\\|'),
      ),
    )
    const width = Math.max(0, ...rows.map((row) => row.length))
    if (width === 0) return null
    const line = (cells: string[]) =>
      `| ${Array.from({ length: width }, (_, index) => cells[index] ?? '').join(' | ')} |`
    const [header = [], ...body] = rows
    return [line(header), line(Array(width).fill('---')), ...body.map(line)].join('\n')
  }

  codeBlock(node: LexicalNode): string | null {
    const code = nodesOf(node.children)
      .map((child) =>
        child.type === 'linebreak' ? '\n' : child.type === 'tab' ? '\t' : textOf(child.text),
      )
      .join('')
    if (code.trim() === '') return null
    const longest = Math.max(0, ...[...code.matchAll(/`{3,}/g)].map((match) => match[0].length))
    const fence = '`'.repeat(Math.max(3, longest + 1))
    const language = textOf(node.language).replace(/[^\w+-]/g, '')
    return `${fence}${language}\n${code}\n${fence}`
  }
}

/** The markdown of a rich text value; empty for anything that is not an editor state. */
export function lexicalToMarkdown(state: unknown, context: LexicalContext): string {
  if (typeof state !== 'object' || state === null) return ''
  const root = (state as { root?: unknown }).root
  if (typeof root !== 'object' || root === null) return ''
  return new Renderer(context).blocks(nodesOf((root as LexicalNode).children)).join('\n\n')
}
