// /{locale}/case-studies/{slug} – one published case study
import { documentRoute } from '@/site/document-route'

const route = documentRoute('case-studies')

export const generateMetadata = route.generateMetadata
export default route.Page
