// /{locale}/blog/{slug} – one published post
import { documentRoute } from '@/site/document-route'

const route = documentRoute('posts')

export const generateMetadata = route.generateMetadata
export default route.Page
