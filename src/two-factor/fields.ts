import type { Field, FieldAccess } from 'payload'

const nobody: FieldAccess = () => false

/**
 * The accounts' two-factor fields: the account page's panel, and whether it is on (a mirror for
 * the admins' list and the sidebar, changed only by the two-factor endpoints, endpoints.ts). The
 * secret, the last time step used and the recovery codes' digests are in a table of their own,
 * which no API reads (credentials.ts).
 */
export const TWO_FACTOR_FIELDS: Field[] = [
  {
    name: 'twoFactor',
    type: 'ui',
    // Named in the lists' column picker and the version compare view.
    label: { en: 'Two-factor sign-in settings', es: 'Ajustes de la verificación en dos pasos' },
    admin: {
      components: { Field: '/src/components/admin/TwoFactorAccountField#TwoFactorAccountField' },
      disableListColumn: true,
    },
  },
  {
    name: 'twoFactorEnabled',
    type: 'checkbox',
    defaultValue: false,
    label: { en: 'Two-factor sign-in', es: 'Verificación en dos pasos' },
    access: { create: nobody, update: nobody },
    admin: { readOnly: true, position: 'sidebar' },
  },
]
