// /es/servicios/{key} – one service (src/site/service-route.tsx)
import { serviceRoute } from '@/site/service-route'

const route = serviceRoute('es')

export const generateMetadata = route.generateMetadata
export default route.Page
