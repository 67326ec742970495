/**
 * What the audit log records: a fixed list of action codes (the `action` column is an enum of
 * exactly these, migrations/20261128_150000_audit_log.ts), each with its label in the admin's
 * languages. A new action is a new value here and in a migration.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'document.publish',
  'document.unpublish',
  'document.restore',
  'document.delete',
  'settings.publish',
  'settings.restore',
  'redirect.create',
  'redirect.update',
  'redirect.delete',
  'user.create',
  'user.role_change',
  'user.delete',
  'user.api_key_create',
  'user.api_key_revoke',
  'user.two_factor_enable',
  'user.two_factor_disable',
  'auth.recovery_code_used',
  'user.recovery_codes_renew',
  'inquiry.status_change',
  'inquiry.delete',
  'inquiry.export',
] as const

export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_ACTION_LABELS: Record<AuditAction, { en: string; es: string }> = {
  'auth.sign_in': { en: 'Signed in', es: 'Inicio de sesión' },
  'auth.sign_in_failed': { en: 'Sign-in failed', es: 'Inicio de sesión fallido' },
  'document.publish': { en: 'Published', es: 'Publicado' },
  'document.unpublish': { en: 'Unpublished', es: 'Despublicado' },
  'document.restore': { en: 'Version restored', es: 'Versión restaurada' },
  'document.delete': { en: 'Deleted', es: 'Eliminado' },
  'settings.publish': { en: 'Settings published', es: 'Ajustes publicados' },
  'settings.restore': { en: 'Settings version restored', es: 'Versión de ajustes restaurada' },
  'redirect.create': { en: 'Redirect created', es: 'Redirección creada' },
  'redirect.update': { en: 'Redirect changed', es: 'Redirección cambiada' },
  'redirect.delete': { en: 'Redirect deleted', es: 'Redirección eliminada' },
  'user.create': { en: 'Account created', es: 'Cuenta creada' },
  'user.role_change': { en: 'Roles changed', es: 'Roles cambiados' },
  'user.delete': { en: 'Account deleted', es: 'Cuenta eliminada' },
  'user.api_key_create': { en: 'API key created', es: 'Clave de API creada' },
  'user.api_key_revoke': { en: 'API key revoked', es: 'Clave de API revocada' },
  'user.two_factor_enable': {
    en: 'Two-factor sign-in turned on',
    es: 'Verificación en dos pasos activada',
  },
  'user.two_factor_disable': {
    en: 'Two-factor sign-in turned off',
    es: 'Verificación en dos pasos desactivada',
  },
  'auth.recovery_code_used': {
    en: 'Signed in with a recovery code',
    es: 'Inicio de sesión con código de recuperación',
  },
  'user.recovery_codes_renew': {
    en: 'Recovery codes renewed',
    es: 'Códigos de recuperación renovados',
  },
  'inquiry.status_change': { en: 'Inquiry status changed', es: 'Estado de consulta cambiado' },
  'inquiry.delete': { en: 'Inquiry deleted', es: 'Consulta eliminada' },
  'inquiry.export': { en: 'Inquiries exported', es: 'Consultas exportadas' },
}

/** Who acted: a signed-in account, the site itself (jobs, scripts), or nobody signed in. */
export const ACTOR_TYPES = ['user', 'system', 'anonymous'] as const
export type ActorType = (typeof ACTOR_TYPES)[number]

export const ACTOR_TYPE_LABELS: Record<ActorType, { en: string; es: string }> = {
  user: { en: 'Account', es: 'Cuenta' },
  system: { en: 'System', es: 'Sistema' },
  anonymous: { en: 'Anonymous', es: 'Anónimo' },
}
