import { SITE } from '@/site/config'

import { BrandMark } from './BrandMark'

/** The navigation's icon (Payload's `admin.components.graphics.Icon`). */
export function Icon() {
  return (
    <span className="brand-icon" title={SITE.name}>
      <BrandMark size={24} />
    </span>
  )
}
