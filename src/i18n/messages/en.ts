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
    challenge: 'The challenge',
    solution: 'What we built',
    results: 'Results',
    summary: 'Case study summary',
  },
  document: {
    publishedOn: 'Published on',
    categories: 'Topics',
    back: 'Back to the list',
    readingTime: (minutes: number) => `${minutes} min read`,
    related: 'Related articles',
    cta: {
      heading: 'Let’s talk about your project',
      body: 'Tell us where you are and where you want to go: we answer every inquiry within two working days.',
      button: 'Get in touch',
    },
  },
  category: {
    title: (name: string) => `Articles on ${name}`,
    description: (name: string) => `Articles from our consultants on ${name}.`,
    empty: 'No articles on this topic yet.',
  },
  search: {
    title: 'Search',
    description: 'Search our articles, case studies and services.',
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
    service: 'Service',
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
    next: {
      title: 'What happens next',
      steps: [
        'A senior consultant reads your message and replies by email within two working days.',
        'We suggest a short call to understand where you are and where you want to be.',
        'If we are a good fit, we send a written proposal: scope, team, timeline and price.',
      ],
      email: 'Prefer email? Write to us directly at',
    },
    agents: {
      title: 'Send an inquiry from code',
      intro: 'Programs and AI agents can send the same inquiry as the contact form:',
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
  privacy: {
    description: 'What personal data this site collects, why, for how long, and your rights.',
    formNote: 'We use what you send only to answer you.',
    link: 'How we handle your data',
  },
  notFound: {
    title: 'Page not found',
    body: 'Sorry, there is nothing at this address. The page may have moved, or the link may have a typo. Try a search, or start from one of our main sections.',
    searchLabel: 'Search articles and case studies',
    sections: 'Where to go from here',
  },
  // Account mail and the admin's pages that set a password (invitations, resets), in the
  // recipient's language (src/collections/Users/account-mail.ts, src/components/admin/Account*).
  account: {
    invitation: {
      subject: (site: string) => `You are invited to the ${site} admin`,
      body: (site: string, email: string, link: string, days: number) =>
        `Hello,\n\nAn administrator created an account for ${email} in the ${site} admin.\n\nChoose your password here (the link works once, for ${days} days):\n${link}\n\nThen sign in with this email address. If you did not expect this invitation, ignore this message: nobody can sign in to the account until a password is chosen.\n\n${site}`,
      title: (site: string) => `Welcome to ${site}`,
      intro: (site: string) =>
        `An administrator created an account for you in the ${site} admin. Choose your password to start.`,
      submit: 'Set my password',
      createNotice:
        'An invitation will be sent to this address. The person chooses their own password from the link in it (it works once, for 7 days): no password is set here.',
    },
    reset: {
      subject: (site: string) => `Reset your password for the ${site} admin`,
      body: (site: string, email: string, link: string) =>
        `Hello,\n\nSomeone (we hope you) asked to reset the password of the account ${email} in the ${site} admin.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n\n${site}`,
      title: 'Choose a new password',
      intro: (site: string) => `Choose a new password for your account in the ${site} admin.`,
      submit: 'Save my new password',
    },
    accountLabel: 'Account',
    newPassword: 'New password',
    confirmPassword: 'Confirm the password',
    mismatch: 'The two passwords are not the same.',
    required: 'Enter a password.',
    saving: 'Saving…',
    failed: 'The password could not be saved. Please try again.',
    linkSpent:
      'This link has already been used or has expired. Ask for a new one with “Forgot password?” on the sign-in page, or ask an administrator to invite you again.',
    requestNew: 'Ask for a new link',
    signedInAs: (email: string) =>
      `You are signed in as ${email}. Sign out first to use this link for another account.`,
    signOut: 'Sign out',
    backToLogin: 'Back to sign-in',
  },
  footer: {
    about: 'About us',
    contact: 'Contact',
    contactForm: 'Write to us',
    more: 'More',
    privacy: 'Privacy',
    apiReference: 'API reference',
    developers: 'Developers',
  },
  developers: {
    title: 'For developers',
    description:
      'Send an inquiry from your own code or an AI agent: the HTTP API, the MCP server, the fields, the limits and an example.',
    intro:
      'Programs and AI agents can reach us without the contact form. If you are a person with a project, the contact form is quicker:',
    contactForm: 'write to us',
    reference: 'The full API reference',
    llms: 'A summary of the site for language models (llms.txt)',
  },
  servicePage: {
    services: 'Services',
    whatWeDo: 'What we do',
    engagement: 'A typical engagement',
    caseStudies: 'Related case studies',
    posts: 'Related articles',
    talk: 'Talk to us about this',
  },
}

export type Messages = typeof en
