import type { Messages } from './en'

/** Spanish UI strings. */
export const es: Messages = {
  nav: {
    home: 'Inicio',
    blog: 'Blog',
    caseStudies: 'Casos de éxito',
    contact: 'Contacto',
    label: 'Principal',
  },
  skipToContent: 'Saltar al contenido',
  languageSwitcher: { label: 'Idioma' },
  home: {
    title: 'Consultoría de software, datos y nube que llega a producción',
    intro:
      'Somos un equipo pequeño y senior que ayuda a empresas a diseñar, construir y operar software, plataformas de datos e infraestructura en la nube, y que deja a sus equipos más fuertes de lo que los encontró.',
    cta: 'Cuéntanos tu proyecto',
    latestPosts: 'Últimos artículos',
    featuredCaseStudies: 'Casos de éxito destacados',
    allPosts: 'Todos los artículos',
    allCaseStudies: 'Todos los casos de éxito',
  },
  blog: {
    title: 'Blog',
    description:
      'Artículos sobre entrega de software, plataformas de datos, nube y seguridad de nuestro equipo.',
    pageOf: (page, total) => `Página ${page} de ${total}`,
    previous: 'Artículos más recientes',
    next: 'Artículos anteriores',
    pagination: 'Paginación',
    empty: 'Todavía no hay artículos.',
    readMore: 'Leer el artículo',
  },
  caseStudies: {
    title: 'Casos de éxito',
    description:
      'Cómo ayudamos a nuestros clientes: el problema, lo que construimos y lo que cambió.',
    client: 'Cliente',
    industry: 'Sector',
    empty: 'Todavía no hay casos de éxito.',
    readMore: 'Leer el caso',
  },
  document: { publishedOn: 'Publicado el', categories: 'Temas', back: 'Volver a la lista' },
  contact: {
    title: 'Contacto',
    description: 'Cuéntanos tu proyecto: respondemos a todas las consultas en dos días laborables.',
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono (con prefijo internacional)',
    service: 'Servicio',
    servicePlaceholder: 'Elige un servicio (opcional)',
    message: 'Tu proyecto o pregunta',
    submit: 'Enviar consulta',
    sending: 'Enviando…',
    optional: 'opcional',
    sent: '¡Gracias! Tu consulta ha llegado a nuestro equipo; te responderemos por correo.',
    invalid: 'Revisa los campos marcados.',
    rateLimited: (minutes) =>
      `Has enviado varias consultas recientemente. Inténtalo de nuevo dentro de unos ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
    unavailable:
      'No hemos podido aceptar tu consulta ahora mismo. Inténtalo de nuevo en un minuto.',
    errors: {
      required: 'Este campo es obligatorio.',
      email: 'Introduce un correo electrónico válido.',
      tooLong: (max) => `Como máximo ${max} caracteres.`,
      invalid: 'Este valor no es válido.',
    },
  },
  services: {
    'software-engineering': 'Ingeniería de software',
    'data-platforms': 'Plataformas de datos',
    cloud: 'Nube e infraestructura',
    security: 'Seguridad',
    'machine-learning': 'Aprendizaje automático',
    other: 'Otra cosa',
  },
  notFound: {
    title: 'Página no encontrada',
    body: 'La página que buscas no existe o no está publicada.',
    home: 'Ir a la página de inicio',
  },
  footer: {
    rights: 'Todos los derechos reservados.',
    feed: 'Feed RSS',
    forAgents: 'Para agentes: llms.txt, API y MCP',
  },
}
