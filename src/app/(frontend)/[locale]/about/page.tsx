// /en/about – the firm, its team, values and offices (src/site/about-route.tsx)
import { aboutRoute } from '@/site/about-route'

const route = aboutRoute('en')

export const generateMetadata = route.generateMetadata
export default route.Page
