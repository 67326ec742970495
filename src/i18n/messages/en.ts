/** English UI strings. `es.ts` must have the same shape (the type checks it). */
export const en = {
  nav: {
    home: 'Home',
    blog: 'Blog',
    caseStudies: 'Case studies',
    contact: 'Contact',
    label: 'Main',
  },
  skipToContent: 'Skip to content',
  languageSwitcher: { label: 'Language' },
  home: {
    title: 'Software, data and cloud consulting that ships',
    intro:
      'We are a small senior team that helps companies design, build and run software, data platforms and cloud infrastructure — and leaves their teams stronger than we found them.',
    cta: 'Tell us about your project',
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
    readMore: 'Read the article',
  },
  caseStudies: {
    title: 'Case studies',
    description: 'How we helped our clients: the problem, what we built and what changed.',
    client: 'Client',
    industry: 'Industry',
    empty: 'No case studies yet.',
    readMore: 'Read the case study',
  },
  document: { publishedOn: 'Published on', categories: 'Topics', back: 'Back to the list' },
  contact: {
    title: 'Contact us',
    description: 'Tell us about your project: we answer every inquiry within two working days.',
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
    rights: 'All rights reserved.',
    feed: 'RSS feed',
    forAgents: 'For agents: llms.txt, API and MCP',
  },
}

export type Messages = typeof en
