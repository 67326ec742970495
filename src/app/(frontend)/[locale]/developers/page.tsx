// /en/developers – for developers and agents (src/site/developers-route.tsx)
import { developersRoute } from '@/site/developers-route'

const route = developersRoute('en')

export const generateMetadata = route.generateMetadata
export default route.Page
