/** English UI strings. `es.ts` must have the same shape (the type checks it). */
export const en = {
  nav: {
    home: 'Home',
    blog: 'Blog',
    caseStudies: 'Case studies',
    contact: 'Contact',
    search: 'Search',
    label: 'Main',
  },
  skipToContent: 'Skip to content',
  languageSwitcher: { label: 'Language' },
  home: {
    latestPosts: 'Latest articles',
    featuredCaseStudies: 'Featured case studies',
    allPosts: 'All articles',
    allCaseStudies: 'All case studies',
  },
  blog: {
    title: 'Blog',
    description:
      'Articles on software delivery, data platforms, cloud and security from our consultants.',
    pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
    previous: 'Newer articles',
    next: 'Older articles',
    pagination: 'Pagination',
    empty: 'No articles yet.',
  },
  caseStudies: {
    title: 'Case studies',
    description: 'How we helped our clients: the problem, what we built and what changed.',
    client: 'Client',
    industry: 'Industry',
    empty: 'No case studies yet.',
  },
  document: {
    publishedOn: 'Published on',
    categories: 'Topics',
    back: 'Back to the list',
    readingTime: (minutes: number) => `${minutes} min read`,
    related: 'Related articles',
  },
  category: {
    title: (name: string) => `Articles on ${name}`,
    description: (name: string) => `Articles from our consultants on ${name}.`,
    empty: 'No articles on this topic yet.',
  },
  search: {
    title: 'Search',
    description: 'Search our articles and case studies.',
    label: 'Search the site',
    submit: 'Search',
    resultsFor: (total: number, query: string) =>
      `${total} result${total === 1 ? '' : 's'} for “${query}”`,
    empty: (query: string) => `Nothing found for “${query}”. Try other or fewer words.`,
    invalid: (max: number) => `Enter between 1 and ${max} characters to search for.`,
    rateLimited: (seconds: number) =>
      `You have searched a lot in a short time. Please try again in ${seconds} seconds.`,
    previous: 'Previous results',
    next: 'More results',
    post: 'Article',
    caseStudy: 'Case study',
  },
  contact: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone (with country code)',
    service: 'Service',
    servicePlaceholder: 'Choose a service (optional)',
    message: 'Your project or question',
    submit: 'Send inquiry',
    sending: 'Sending…',
    optional: 'optional',
    sent: 'Thank you! Your inquiry has reached our team; we will reply by email.',
    invalid: 'Please correct the highlighted fields.',
    rateLimited: (minutes: number) =>
      `You have sent several inquiries recently. Please try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    unavailable: 'We could not accept your inquiry right now. Please try again in a minute.',
    // The acknowledgement mail to a sender (INQUIRY_ACKNOWLEDGEMENT=on). It repeats nothing the
    // sender wrote: anyone can type any address into the form.
    acknowledgement: {
      subject: (site: string) => `We received your inquiry — ${site}`,
      body: (site: string) =>
        `Thank you for contacting ${site}. Your inquiry has reached our team, and we answer every inquiry within two working days.\n\nIf you did not write to us, you can ignore this message: nothing more will be sent.`,
    },
    agents: {
      title: 'For developers and agents',
      intro: 'Programs and AI agents can send the same inquiry without this form:',
      http: 'with a JSON body, described in the',
      openapi: 'OpenAPI document',
      mcpTool: 'the tool',
      mcpServer: 'of the MCP server at',
      mcpTransport: '(Streamable HTTP)',
      skill: 'step-by-step instructions for agents: the Agent Skill',
      fields: 'Fields',
      field: 'Field',
      rules: 'Rules',
      required: 'required',
      optional: 'optional',
      upTo: (max: number) => `up to ${max} characters`,
      oneOf: 'one of',
      byDefault: 'default',
      limits: (perEmail: number, perClient: number, global: number) =>
        `Each hour, at most ${perEmail} inquiries per email address, ${perClient} per client and ${global} for the whole site.`,
      example: 'Example',
      exampleMessage: 'We would like to talk about a data platform.',
    },
    errors: {
      required: 'This field is required.',
      email: 'Enter a valid email address.',
      tooLong: (max: number) => `At most ${max} characters.`,
      invalid: 'This value is not valid.',
    },
  },
  services: {
    'software-engineering': 'Software engineering',
    'data-platforms': 'Data platforms',
    cloud: 'Cloud and infrastructure',
    security: 'Security',
    'machine-learning': 'Machine learning',
    other: 'Something else',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist or is not published.',
    home: 'Go to the home page',
  },
  footer: {
    feed: 'RSS feed',
    forAgents: 'For agents: llms.txt, API and MCP',
    apiReference: 'API reference',
  },
}

export type Messages = typeof en
