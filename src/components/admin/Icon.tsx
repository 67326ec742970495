import { SITE } from '@/site/config'

import { BrandMark } from './BrandMark'

/**
 * The navigation's icon (Payload's `admin.components.graphics.Icon`). It fills the box Payload
 * gives it (the breadcrumbs' home link is 16–18 px, and clips what overflows), so the mark is
 * drawn whole at whatever size that is, never cut at a fixed 24 px.
 */
export function Icon() {
  return (
    <span
      className="brand-icon"
      title={SITE.name}
      style={{ display: 'block', width: '100%', height: '100%', overflow: 'visible' }}
    >
      <BrandMark size="100%" />
    </span>
  )
}
