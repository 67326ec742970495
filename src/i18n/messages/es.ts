import type { Messages } from './en'

/** Spanish UI strings. */
export const es: Messages = {
  nav: {
    home: 'Inicio',
    blog: 'Blog',
    caseStudies: 'Casos de éxito',
    contact: 'Contacto',
    search: 'Buscar',
    label: 'Principal',
  },
  skipToContent: 'Saltar al contenido',
  languageSwitcher: { label: 'Idioma' },
  home: {
    latestPosts: 'Últimos artículos',
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
  },
  caseStudies: {
    title: 'Casos de éxito',
    description:
      'Cómo ayudamos a nuestros clientes: el problema, lo que construimos y lo que cambió.',
    client: 'Cliente',
    industry: 'Sector',
    empty: 'Todavía no hay casos de éxito.',
    challenge: 'El reto',
    solution: 'Lo que construimos',
    results: 'Resultados',
    summary: 'Resumen del caso',
  },
  document: {
    publishedOn: 'Publicado el',
    categories: 'Temas',
    back: 'Volver a la lista',
    readingTime: (minutes) => `${minutes} min de lectura`,
    related: 'Artículos relacionados',
    cta: {
      heading: 'Hablemos de tu proyecto',
      body: 'Cuéntanos dónde estás y adónde quieres llegar: respondemos a todas las consultas en dos días laborables.',
      button: 'Escríbenos',
    },
  },
  category: {
    title: (name) => `Artículos sobre ${name}`,
    description: (name) => `Artículos de nuestro equipo sobre ${name}.`,
    empty: 'Todavía no hay artículos sobre este tema.',
  },
  search: {
    title: 'Buscar',
    description: 'Busca en nuestros artículos, casos de éxito y servicios.',
    label: 'Buscar en el sitio',
    submit: 'Buscar',
    resultsFor: (total, query) => `${total} resultado${total === 1 ? '' : 's'} para «${query}»`,
    empty: (query) => `No encontramos nada para «${query}». Prueba con otras palabras o con menos.`,
    invalid: (max) => `Escribe entre 1 y ${max} caracteres para buscar.`,
    rateLimited: (seconds) =>
      `Has hecho muchas búsquedas en poco tiempo. Vuelve a intentarlo en ${seconds} segundos.`,
    previous: 'Resultados anteriores',
    next: 'Más resultados',
    post: 'Artículo',
    caseStudy: 'Caso de éxito',
    service: 'Servicio',
  },
  contact: {
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
    acknowledgement: {
      subject: (site) => `Hemos recibido tu consulta — ${site}`,
      body: (site) =>
        `Gracias por escribir a ${site}. Tu consulta ha llegado a nuestro equipo; respondemos a todas las consultas en dos días laborables.\n\nSi no nos has escrito, puedes ignorar este mensaje: no recibirás nada más.`,
    },
    next: {
      title: 'Qué pasa después',
      steps: [
        'Un consultor senior lee tu mensaje y te responde por correo en dos días laborables.',
        'Te proponemos una llamada corta para entender dónde estás y adónde quieres llegar.',
        'Si encajamos, te enviamos una propuesta por escrito: alcance, equipo, plazos y precio.',
      ],
      email: '¿Prefieres el correo? Escríbenos directamente a',
    },
    agents: {
      title: 'Enviar una consulta desde código',
      intro:
        'Los programas y los agentes de IA pueden enviar la misma consulta que el formulario de contacto:',
      http: 'con un cuerpo JSON, descrito en el',
      openapi: 'documento OpenAPI',
      mcpTool: 'la herramienta',
      mcpServer: 'del servidor MCP en',
      mcpTransport: '(Streamable HTTP)',
      skill: 'instrucciones paso a paso para agentes: la Agent Skill',
      fields: 'Campos',
      field: 'Campo',
      rules: 'Reglas',
      required: 'obligatorio',
      optional: 'opcional',
      upTo: (max: number) => `hasta ${max} caracteres`,
      oneOf: 'uno de',
      byDefault: 'por defecto',
      limits: (perEmail: number, perClient: number, global: number) =>
        `Cada hora, como máximo ${perEmail} consultas por dirección de correo, ${perClient} por cliente y ${global} para todo el sitio.`,
      example: 'Ejemplo',
      exampleMessage: 'Nos gustaría hablar de una plataforma de datos.',
    },
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
  privacy: {
    description:
      'Qué datos personales recoge este sitio, para qué, durante cuánto tiempo y tus derechos.',
    formNote: 'Usamos lo que nos envías solo para responderte.',
    link: 'Cómo tratamos tus datos',
  },
  notFound: {
    title: 'Página no encontrada',
    body: 'Lo sentimos, no hay nada en esta dirección. Puede que la página se haya movido o que el enlace tenga una errata. Prueba a buscar, o empieza por una de nuestras secciones principales.',
    searchLabel: 'Buscar artículos y casos de éxito',
    sections: 'Por dónde seguir',
  },
  // Correo de las cuentas y páginas del panel que fijan una contraseña (invitaciones, cambios).
  account: {
    invitation: {
      subject: (site: string) => `Te invitamos al panel de ${site}`,
      body: (site: string, email: string, link: string, days: number) =>
        `Hola:\n\nUn administrador ha creado una cuenta para ${email} en el panel de ${site}.\n\nElige tu contraseña aquí (el enlace sirve una sola vez, durante ${days} días):\n${link}\n\nDespués, inicia sesión con esta dirección de correo. Si no esperabas esta invitación, ignora este mensaje: nadie puede entrar en la cuenta hasta que se elija una contraseña.\n\n${site}`,
      title: (site: string) => `Te damos la bienvenida a ${site}`,
      intro: (site: string) =>
        `Un administrador ha creado una cuenta para ti en el panel de ${site}. Elige tu contraseña para empezar.`,
      submit: 'Guardar mi contraseña',
      createNotice:
        'Se enviará una invitación a esta dirección. La persona elige su propia contraseña desde el enlace que contiene (sirve una sola vez, durante 7 días): aquí no se fija ninguna contraseña.',
    },
    reset: {
      subject: (site: string) => `Restablece tu contraseña del panel de ${site}`,
      body: (site: string, email: string, link: string) =>
        `Hola:\n\nAlguien (esperamos que tú) ha pedido restablecer la contraseña de la cuenta ${email} en el panel de ${site}.\n\nElige una contraseña nueva aquí (el enlace sirve una sola vez, durante una hora):\n${link}\n\nSi no lo has pedido, ignora este mensaje: tu contraseña no cambia.\n\n${site}`,
      title: 'Elige una contraseña nueva',
      intro: (site: string) => `Elige una contraseña nueva para tu cuenta en el panel de ${site}.`,
      submit: 'Guardar mi contraseña nueva',
    },
    accountLabel: 'Cuenta',
    newPassword: 'Contraseña nueva',
    confirmPassword: 'Repite la contraseña',
    mismatch: 'Las dos contraseñas no coinciden.',
    required: 'Escribe una contraseña.',
    saving: 'Guardando…',
    failed: 'No se pudo guardar la contraseña. Inténtalo de nuevo.',
    linkSpent:
      'Este enlace ya se ha usado o ha caducado. Pide uno nuevo con «¿Olvidaste tu contraseña?» en la página de inicio de sesión, o pide a un administrador que te invite de nuevo.',
    requestNew: 'Pedir un enlace nuevo',
    signedInAs: (email: string) =>
      `Has iniciado sesión como ${email}. Cierra la sesión antes de usar este enlace para otra cuenta.`,
    signOut: 'Cerrar sesión',
    backToLogin: 'Volver al inicio de sesión',
  },
  footer: {
    about: 'Sobre nosotros',
    contact: 'Contacto',
    contactForm: 'Escríbenos',
    more: 'Más',
    privacy: 'Privacidad',
    apiReference: 'Referencia de la API',
    developers: 'Desarrolladores',
  },
  developers: {
    title: 'Para desarrolladores',
    description:
      'Envía una consulta desde tu propio código o un agente de IA: la API HTTP, el servidor MCP, los campos, los límites y un ejemplo.',
    intro:
      'Los programas y los agentes de IA pueden contactarnos sin el formulario. Si eres una persona con un proyecto, el formulario es más rápido:',
    contactForm: 'escríbenos',
    reference: 'La referencia completa de la API',
    llms: 'Un resumen del sitio para modelos de lenguaje (llms.txt)',
  },
  servicePage: {
    services: 'Servicios',
    whatWeDo: 'Qué hacemos',
    engagement: 'Una colaboración típica',
    caseStudies: 'Casos de éxito relacionados',
    posts: 'Artículos relacionados',
    talk: 'Háblanos de esto',
  },
}
