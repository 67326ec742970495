import { SITE } from '@/site/config'

import { BrandMark } from './BrandMark'

/** The login page's logo (Payload's `admin.components.graphics.Logo`): our mark and name. */
export function Logo() {
  return (
    <span className="brand-logo" style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
      <BrandMark size={40} />
      <span style={{ fontSize: 24, fontWeight: 600 }}>{SITE.name}</span>
    </span>
  )
}
