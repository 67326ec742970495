import type { GlobalConfig, Payload, PayloadRequest } from 'payload'

import { adminsOnly } from '@/access/admins'
import { isEditor } from '@/access/roles'

import { readTwoFactor } from './store'

/** The admins' security settings (table `security_settings`). */
export const SECURITY_SETTINGS = 'security-settings' as const

/**
 * Security settings, for admins only: whether admins and editors must use two-factor sign-in.
 * Saved, it applies at once (no drafts): an account it covers that has none is sent to set it up
 * before anything else in the admin (TwoFactorEnrolmentGate). Authors are not covered (they never
 * publish); API keys are never asked for a code.
 */
export const SecuritySettingsGlobal: GlobalConfig = {
  slug: SECURITY_SETTINGS,
  label: { en: 'Security', es: 'Seguridad' },
  admin: { group: { en: 'Settings', es: 'Ajustes' } },
  access: { read: adminsOnly, update: adminsOnly },
  fields: [
    {
      name: 'requireTwoFactor',
      type: 'checkbox',
      defaultValue: false,
      label: {
        en: 'Require two-factor sign-in for admins and editors',
        es: 'Exigir la verificación en dos pasos a administradores y editores',
      },
      admin: {
        description: {
          en: 'Admins and editors without it are sent to set it up (their account page) before anything else in the admin. API keys are not affected.',
          es: 'Los administradores y editores que no la tengan deben configurarla (en su cuenta) antes de usar el panel. Las claves de API no se ven afectadas.',
        },
      },
    },
  ],
}

/** Whether the admins require two-factor sign-in of admins and editors. */
export async function twoFactorRequired(payload: Payload, req?: PayloadRequest): Promise<boolean> {
  const settings = (await payload.findGlobal({
    slug: SECURITY_SETTINGS,
    overrideAccess: true,
    depth: 0,
    ...(req ? { req } : {}),
  })) as { requireTwoFactor?: unknown }
  return settings.requireTwoFactor === true
}

/** Whether the signed-in `req.user` must set up two-factor sign-in before using the admin. */
export async function mustEnrol(req: PayloadRequest): Promise<boolean> {
  const user = req.user as { id?: number | string } | null
  if (!user?.id || !isEditor(user)) return false
  if (!(await twoFactorRequired(req.payload))) return false
  return !(await readTwoFactor(req, user.id)).enabled
}
