import type { Locale } from '@/i18n/locales'

/**
 * Two-factor sign-in's words in the admin's languages: the server's refusals (in the asker's
 * language, Accept-Language or the admin's choice) and the admin's forms.
 */
const WORDS = {
  en: {
    codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    codeWrong: 'That code is not right, or it was already used. Try the next code your app shows.',
    tooManyCodes: (minutes: number) =>
      `Too many wrong codes for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    signedInOnly: 'Sign in with your password (not an API key) to change two-factor sign-in.',
    alreadyOn: 'Two-factor sign-in is already on for this account.',
    notOn: 'Two-factor sign-in is not on for this account.',
    noSetup: 'Start again: scan a new QR code first.',
    adminsOnly: 'Only an administrator can turn off another account’s two-factor sign-in.',
    // The admin's forms
    title: 'Two-factor sign-in',
    statusOn: 'On: signing in asks for a code from your authenticator app.',
    statusOff: 'Off: signing in asks only for your password.',
    requiredNotice:
      'Your administrator requires two-factor sign-in for admins and editors. Set it up to go on.',
    start: 'Set up two-factor sign-in',
    scan: 'Scan this QR code with your authenticator app, or type the key by hand:',
    key: 'Key',
    codeLabel: 'Code from your app',
    confirm: 'Turn on',
    cancel: 'Cancel',
    recoveryTitle: 'Your recovery codes',
    recoveryIntro:
      'Keep these somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
    recoveryDone: 'I have kept them',
    disableIntro: 'To turn it off, enter a current code from your app or a recovery code.',
    disable: 'Turn off',
    regenerateIntro:
      'To replace your recovery codes with ten new ones, enter a current code from your app (not a recovery code). The old codes stop working at once.',
    regenerate: 'Generate new recovery codes',
    recoveryLeft: (count: number) => `Recovery codes left: ${count} of 10.`,
    failed: 'Something went wrong. Try again.',
    codeStepIntro: 'Enter the code from your authenticator app (or one of your recovery codes).',
    verify: 'Verify',
    back: 'Back',
  },
  es: {
    codeRequired:
      'Introduce el código de 6 cifras de tu aplicación de autenticación, o un código de recuperación.',
    codeWrong:
      'Ese código no es correcto o ya se usó. Prueba con el siguiente código que muestre tu aplicación.',
    tooManyCodes: (minutes: number) =>
      `Demasiados códigos incorrectos para esta cuenta. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
    signedInOnly:
      'Inicia sesión con tu contraseña (no con una clave de API) para cambiar la verificación en dos pasos.',
    alreadyOn: 'La verificación en dos pasos ya está activada en esta cuenta.',
    notOn: 'La verificación en dos pasos no está activada en esta cuenta.',
    noSetup: 'Empieza de nuevo: escanea primero un código QR nuevo.',
    adminsOnly:
      'Solo un administrador puede desactivar la verificación en dos pasos de otra cuenta.',
    title: 'Verificación en dos pasos',
    statusOn: 'Activada: al iniciar sesión se pide un código de tu aplicación de autenticación.',
    statusOff: 'Desactivada: al iniciar sesión solo se pide tu contraseña.',
    requiredNotice:
      'Tu administrador exige la verificación en dos pasos para administradores y editores. Actívala para continuar.',
    start: 'Configurar la verificación en dos pasos',
    scan: 'Escanea este código QR con tu aplicación de autenticación, o escribe la clave a mano:',
    key: 'Clave',
    codeLabel: 'Código de tu aplicación',
    confirm: 'Activar',
    cancel: 'Cancelar',
    recoveryTitle: 'Tus códigos de recuperación',
    recoveryIntro:
      'Guárdalos en un lugar seguro. Cada uno te permite iniciar sesión una vez si pierdes el teléfono. Solo se muestran ahora.',
    recoveryDone: 'Ya los he guardado',
    disableIntro:
      'Para desactivarla, introduce un código actual de tu aplicación o un código de recuperación.',
    disable: 'Desactivar',
    regenerateIntro:
      'Para sustituir tus códigos de recuperación por diez nuevos, introduce un código actual de tu aplicación (no un código de recuperación). Los códigos anteriores dejan de funcionar en el acto.',
    regenerate: 'Generar nuevos códigos de recuperación',
    recoveryLeft: (count: number) => `Códigos de recuperación restantes: ${count} de 10.`,
    failed: 'Algo ha fallado. Inténtalo de nuevo.',
    codeStepIntro:
      'Introduce el código de tu aplicación de autenticación (o uno de tus códigos de recuperación).',
    verify: 'Verificar',
    back: 'Volver',
  },
} satisfies Record<Locale, Record<string, unknown>>

export type TwoFactorWords = (typeof WORDS)['en']

export function twoFactorWords(language: unknown): TwoFactorWords {
  return language === 'es' ? WORDS.es : WORDS.en
}
