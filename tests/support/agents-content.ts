/**
 * Content for the agent-surface tests (markdown twins, llms.txt, the schema.org feed): bilingual
 * documents with rich text, an image and a category, a never-published draft and a published
 * document with a newer unpublished edit, each carrying a marker no public surface may show.
 */
import { BLOG_PAGE_SIZE } from '@/site/routes'

import { asAdminJson } from './api'
import {
  afterTheNewest,
  createCategory,
  createDocument,
  createImage,
  saveUnpublishedEdit,
  uniqueSlug,
  type PublicCollection,
} from './factories'

export const DRAFT_MARKER = 'AGENTS-DRAFT-MARKER'
export const EDIT_MARKER = 'AGENTS-UNPUBLISHED-EDIT-MARKER'
export const NOTE_MARKER = 'AGENTS-INTERNAL-NOTE-MARKER'
export const MARKERS = [DRAFT_MARKER, EDIT_MARKER, NOTE_MARKER]

const textNode = (text: string, format = 0) => ({
  type: 'text',
  text,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})
const element = { direction: 'ltr', format: '', indent: 0, version: 1 }
const paragraph = (...children: object[]) => ({
  type: 'paragraph',
  children,
  textFormat: 0,
  ...element,
})

/** An editor state with a heading, formatted text, a link, a list, a quote and an image. */
export function richBody(label: string, imageId: number) {
  return {
    root: {
      type: 'root',
      ...element,
      children: [
        paragraph(
          textNode(`${label}: the opening paragraph, with `),
          textNode('bold', 1),
          textNode(' text.'),
        ),
        { type: 'heading', tag: 'h2', children: [textNode(`${label} section`)], ...element },
        paragraph(
          textNode('Literal <b>tags</b> and *stars* stay text; see '),
          {
            type: 'link',
            fields: { url: 'https://example.com/reference', linkType: 'custom', newTab: false },
            children: [textNode('the reference')],
            ...element,
          },
          textNode('.'),
        ),
        {
          type: 'list',
          listType: 'bullet',
          tag: 'ul',
          start: 1,
          ...element,
          children: ['First point', 'Second point'].map((item, index) => ({
            type: 'listitem',
            value: index + 1,
            children: [textNode(item)],
            ...element,
          })),
        },
        { type: 'quote', children: [textNode('A quoted line.')], ...element },
        {
          type: 'upload',
          relationTo: 'media',
          value: imageId,
          fields: null,
          format: '',
          version: 3,
        },
      ],
    },
  }
}

export interface RichDocumentInput {
  status: 'published' | 'draft'
  title: { en: string; es: string }
  excerpt: { en: string; es: string }
  imageId: number
  categoryId?: number
  publishedAt?: string
  internalNotes?: string
  extra?: Record<string, unknown>
}

/** A post or case study in English and Spanish, with rich text, cover image and category. */
export async function createRichDocument(
  collection: PublicCollection,
  input: RichDocumentInput,
): Promise<{ id: number; slug: string }> {
  const slug = uniqueSlug(`agents-${collection}`)
  const draft = input.status === 'draft' ? '&draft=true' : ''
  const { doc } = await asAdminJson<{ doc: { id: number } }>(
    `/api/${collection}?locale=en${draft}`,
    {
      method: 'POST',
      body: JSON.stringify({
        _status: input.status,
        slug,
        title: input.title.en,
        excerpt: input.excerpt.en,
        content: richBody(input.title.en, input.imageId),
        coverImage: input.imageId,
        categories: input.categoryId ? [input.categoryId] : [],
        publishedAt: input.publishedAt,
        internalNotes: input.internalNotes,
        ...input.extra,
      }),
    },
  )
  await asAdminJson(`/api/${collection}/${doc.id}?locale=es${draft}`, {
    method: 'PATCH',
    body: JSON.stringify({
      _status: input.status,
      title: input.title.es,
      excerpt: input.excerpt.es,
      content: richBody(input.title.es, input.imageId),
    }),
  })
  return { id: doc.id, slug }
}

export interface AgentsContent {
  image: { id: number; filename: string }
  post: { id: number; slug: string; title: { en: string; es: string }; publishedAt: string }
  caseStudy: { id: number; slug: string; title: { en: string; es: string } }
  draftPost: { id: number; slug: string }
  draftCaseStudy: { id: number; slug: string }
  editedPost: { id: number; slug: string; title: { en: string; es: string } }
}

/**
 * One rich post and case study, a draft of each, a published post with an unpublished edit, and
 * enough plain posts for the blog to have a second page.
 */
export async function createAgentsContent(): Promise<AgentsContent> {
  const image = await createImage('Agents cover image')
  const categoryId = await createCategory({ en: 'Agent Topics', es: 'Temas de agentes' })
  const postTitle = { en: 'Agents post in English', es: 'Artículo para agentes en español' }
  // The newest of all when made: llms.txt and the feeds list the newest documents only.
  const postPublishedAt = (await afterTheNewest('posts')).toISOString()
  const post = await createRichDocument('posts', {
    status: 'published',
    title: postTitle,
    excerpt: { en: 'What agents read first.', es: 'Lo que los agentes leen primero.' },
    imageId: image.id,
    categoryId,
    publishedAt: postPublishedAt,
    internalNotes: NOTE_MARKER,
  })
  const studyTitle = { en: 'Agents case study', es: 'Caso de éxito para agentes' }
  const caseStudy = await createRichDocument('case-studies', {
    status: 'published',
    title: studyTitle,
    excerpt: { en: 'A project for agents.', es: 'Un proyecto para agentes.' },
    imageId: image.id,
    categoryId,
    publishedAt: (await afterTheNewest('case-studies')).toISOString(),
    internalNotes: NOTE_MARKER,
    extra: {
      client: 'Agents Client Ltd',
      industry: 'Logistics',
      challenge: 'Parcels were tracked by hand.',
      solution: 'A tracking service agents can read.',
      results: [
        { value: '−40 %', label: 'manual work' },
        { value: '3×', label: 'faster answers' },
      ],
      featured: true,
    },
  })
  const draftInput = {
    status: 'draft' as const,
    title: { en: `${DRAFT_MARKER} secret`, es: `${DRAFT_MARKER} secreto` },
    excerpt: { en: `${DRAFT_MARKER} excerpt`, es: `${DRAFT_MARKER} resumen` },
    imageId: image.id,
    internalNotes: NOTE_MARKER,
  }
  const draftPost = await createRichDocument('posts', draftInput)
  const draftCaseStudy = await createRichDocument('case-studies', draftInput)
  const editedTitle = {
    en: 'Edited post, published version',
    es: 'Artículo editado, versión publicada',
  }
  const edited = await createDocument('posts', { status: 'published', title: editedTitle })
  await saveUnpublishedEdit('posts', edited.id, { title: EDIT_MARKER, excerpt: EDIT_MARKER })
  for (let index = 0; index <= BLOG_PAGE_SIZE; index += 1) {
    await createDocument('posts', { status: 'published' })
  }
  return {
    image,
    post: { ...post, title: postTitle, publishedAt: postPublishedAt },
    caseStudy: { ...caseStudy, title: studyTitle },
    draftPost,
    draftCaseStudy,
    editedPost: { id: edited.id, slug: edited.slug, title: editedTitle },
  }
}

/** Asserts helper: the markers that appear in a text (none, for any public surface). */
export function markersIn(text: string): string[] {
  return MARKERS.filter((marker) => text.includes(marker))
}

/**
 * The length a HEAD response declares: Content-Length once the project's server restores it
 * from the internal declared-length header (src/media/declared-length.ts), which Next.js strips;
 * the internal header itself where the server does not (yet) translate it.
 */
export function declaredLength(response: Response): string | null {
  return response.headers.get('content-length') ?? response.headers.get('x-declared-content-length')
}
