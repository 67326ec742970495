import type { Locale } from '@/i18n/locales'
import type { PrivacyPage } from '@/payload-types'
import { richText } from '@/seed/richText'

export interface PrivacyCopy {
  title: string
  body: NonNullable<PrivacyPage['body']>
}

/**
 * The privacy page's text before an editor publishes one: the field defaults, and what a
 * language never published reads as (src/site/privacy.ts). A plain notice for a contact form:
 * what is collected, why, for how long, and the sender's rights.
 */
export const PRIVACY_DEFAULTS: Record<Locale, PrivacyCopy> = {
  en: {
    title: 'Privacy',
    body: richText([
      {
        type: 'paragraph',
        text: 'This page explains what personal data we collect through this website and what we do with it.',
      },
      { type: 'heading', text: 'What we collect' },
      {
        type: 'paragraph',
        text: 'When you send an inquiry through the contact form, we receive your name, your email address, your phone number if you give one, the service you choose and your message. With it we keep the page of this site you sent it from and, when your browser tells us, the name of the website whose link brought you to the contact page (never the full address). The site sets no advertising or tracking cookies.',
      },
      {
        type: 'paragraph',
        text: 'To know how the site is read, we count requests per day by kind of visitor (a person, a search engine, an AI crawler or assistant, a program using our API) and by page. These counts are aggregated: they keep no IP address, no browser details, no cookie and nothing that identifies you, and are deleted after 400 days.',
      },
      {
        type: 'paragraph',
        text: 'If you have an account on the site’s editing system, we record what you do there in an audit log (signing in, publishing, changes to accounts), with the IP address it was done from, and delete each entry after 365 days.',
      },
      { type: 'heading', text: 'Why and for how long' },
      {
        type: 'paragraph',
        text: 'We use your inquiry only to answer it and to discuss a possible project with you. We keep it for as long as that conversation needs, and for at most two years after our last exchange, unless a contract requires longer.',
      },
      { type: 'heading', text: 'Your rights' },
      {
        type: 'paragraph',
        text: 'You can ask us at any time to see, correct or delete the data we hold about you, or object to its use, by writing to us through the contact page. You may also complain to your data protection authority.',
      },
    ]),
  },
  es: {
    title: 'Privacidad',
    body: richText([
      {
        type: 'paragraph',
        text: 'Esta página explica qué datos personales recogemos a través de este sitio web y qué hacemos con ellos.',
      },
      { type: 'heading', text: 'Qué recogemos' },
      {
        type: 'paragraph',
        text: 'Cuando nos envías una consulta con el formulario de contacto, recibimos tu nombre, tu correo electrónico, tu teléfono si lo indicas, el servicio que eliges y tu mensaje. Con ella guardamos la página de este sitio desde la que la enviaste y, si tu navegador lo indica, el nombre del sitio web cuyo enlace te trajo a la página de contacto (nunca la dirección completa). El sitio no usa cookies de publicidad ni de seguimiento.',
      },
      {
        type: 'paragraph',
        text: 'Para saber cómo se lee el sitio, contamos las visitas por día, por tipo de visitante (una persona, un buscador, un rastreador o asistente de IA, un programa que usa nuestra API) y por página. Son recuentos agregados: no guardan tu dirección IP, ni datos de tu navegador, ni cookies, ni nada que te identifique, y se borran a los 400 días.',
      },
      {
        type: 'paragraph',
        text: 'Si tienes una cuenta en el sistema de edición del sitio, registramos lo que haces en él en un registro de auditoría (inicios de sesión, publicaciones, cambios en las cuentas), con la dirección IP desde la que se hizo, y borramos cada entrada a los 365 días.',
      },
      { type: 'heading', text: 'Para qué y durante cuánto tiempo' },
      {
        type: 'paragraph',
        text: 'Usamos tu consulta solo para responderte y hablar contigo de un posible proyecto. La conservamos mientras esa conversación lo requiera y, como máximo, dos años después de nuestro último intercambio, salvo que un contrato exija más.',
      },
      { type: 'heading', text: 'Tus derechos' },
      {
        type: 'paragraph',
        text: 'Puedes pedirnos en cualquier momento ver, corregir o borrar los datos que tenemos sobre ti, u oponerte a su uso, escribiéndonos desde la página de contacto. También puedes reclamar ante tu autoridad de protección de datos.',
      },
    ]),
  },
}
