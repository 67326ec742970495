'use client'

import { useTranslation } from '@payloadcms/ui'
import type { DefaultCellComponentProps } from 'payload'

import { accountLanguage } from '@/collections/Users/account-language'
import { serviceLabel } from '@/inquiries/reply'

/** The inbox list's service column: the contact form's label, not its code. */
export function InquiryServiceCell({ cellData }: DefaultCellComponentProps) {
  const { i18n } = useTranslation()
  const label = serviceLabel(
    typeof cellData === 'string' ? cellData : null,
    accountLanguage(i18n.language),
  )
  return <span>{label ?? ''}</span>
}
