/**
 * Builds Lexical editor states (the JSON the richText fields store) from a few plain blocks, so
 * the seed content can be written as text rather than as node trees.
 */
import type { Post } from '@/payload-types'

/** One block of a document body: a second-level heading, a paragraph or a bullet list. */
export type ContentBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: readonly string[] }

/** The shape Payload's generated types give a Lexical field value. */
export type RichText = NonNullable<Post['content']>

type LexicalNode = RichText['root']['children'][number]

function textNode(text: string): LexicalNode {
  return { type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }
}

function elementFields() {
  return { direction: 'ltr' as const, format: '' as const, indent: 0, version: 1 }
}

function headingNode(text: string): LexicalNode {
  return { type: 'heading', tag: 'h2', children: [textNode(text)], ...elementFields() }
}

function paragraphNode(text: string): LexicalNode {
  return {
    type: 'paragraph',
    children: [textNode(text)],
    textFormat: 0,
    textStyle: '',
    ...elementFields(),
  }
}

function listNode(items: readonly string[]): LexicalNode {
  return {
    type: 'list',
    listType: 'bullet',
    start: 1,
    tag: 'ul',
    children: items.map((item, index) => ({
      type: 'listitem',
      value: index + 1,
      children: [textNode(item)],
      ...elementFields(),
    })),
    ...elementFields(),
  }
}

function blockNode(block: ContentBlock): LexicalNode {
  switch (block.type) {
    case 'heading':
      return headingNode(block.text)
    case 'paragraph':
      return paragraphNode(block.text)
    case 'list':
      return listNode(block.items)
  }
}

/** A complete editor state: a root holding one node per block. */
export function richText(blocks: readonly ContentBlock[]): RichText {
  return {
    root: {
      type: 'root',
      children: blocks.map(blockNode),
      ...elementFields(),
    },
  }
}
