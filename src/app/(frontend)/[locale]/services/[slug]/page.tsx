// /en/services/{key} – one service (src/site/service-route.tsx)
import { serviceRoute } from '@/site/service-route'

const route = serviceRoute('en')

export const generateMetadata = route.generateMetadata
export default route.Page
