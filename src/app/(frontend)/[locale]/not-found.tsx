import { NotFoundMessage } from '@/components/NotFoundMessage'

/** Unknown and unpublished pages: a real 404 with a message in the page's language. */
export default function NotFound() {
  return <NotFoundMessage />
}
