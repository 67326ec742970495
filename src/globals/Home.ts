import type { Field, GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault, MAX_HOME_SERVICES } from './defaults'

const LINK_DESCRIPTION = 'A path on this site (/es/contact) or an absolute URL.'

/** A section's heading and the optional sentence under it, per language, with their defaults. */
const headingAndIntro = (section: 'services' | 'proof'): Field[] => [
  {
    name: 'heading',
    type: 'text',
    required: true,
    localized: true,
    defaultValue: localizedDefault((settings) => settings[section].heading),
  },
  {
    name: 'intro',
    type: 'textarea',
    localized: true,
    defaultValue: localizedDefault((settings) => settings[section].intro),
    admin: { description: 'A sentence under the heading (optional).' },
  },
]

/** A section's button, side by side: its label and where it leads, per language. */
const callToAction = (section: 'hero' | 'closing'): Field => ({
  type: 'row',
  fields: [
    {
      name: 'ctaLabel',
      label: 'Button label',
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings[section].ctaLabel),
    },
    {
      name: 'ctaLink',
      label: 'Button link',
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings[section].ctaLink),
      admin: { description: LINK_DESCRIPTION },
    },
  ],
})

/**
 * The home page, top to bottom: the hero, the services, the proof (featured case studies with
 * their headline result) and the closing call to action. One tab per section; every text is
 * per language, and what a language never saved reads as its default (src/globals/defaults.ts).
 */
export const HomeGlobal: GlobalConfig = {
  slug: 'home',
  label: 'Home page',
  admin: {
    group: 'Settings',
    description: 'The home page, section by section. Publish to show your changes on the site.',
  },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          // Named: its fields are stored as the `hero` group they always were.
          name: 'hero',
          label: 'Hero',
          description: 'The top of the page: what the firm does, in one sentence, and one action.',
          fields: [
            {
              name: 'heading',
              type: 'text',
              required: true,
              localized: true,
              defaultValue: localizedDefault((settings) => settings.hero.heading),
              admin: { description: 'The page’s main heading.' },
            },
            {
              name: 'lede',
              type: 'textarea',
              required: true,
              localized: true,
              defaultValue: localizedDefault((settings) => settings.hero.lede),
              admin: { description: 'One or two sentences under the heading.' },
            },
            callToAction('hero'),
            {
              name: 'image',
              type: 'upload',
              relationTo: 'media',
              admin: {
                description:
                  'Optional, the same in every language. Shown beside the text at its own size, never enlarged: upload one at least 1200 px wide. Its alt text (per language) is the media item’s.',
              },
            },
          ],
        },
        {
          name: 'services',
          label: 'Services',
          description: 'What the firm offers, as a grid of short cards.',
          fields: [
            ...headingAndIntro('services'),
            {
              name: 'items',
              label: 'Services',
              labels: { singular: 'Service', plural: 'Services' },
              type: 'array',
              localized: true,
              maxRows: MAX_HOME_SERVICES,
              defaultValue: localizedDefault((settings) => settings.services.items),
              admin: {
                description: `Up to ${MAX_HOME_SERVICES}, in the order shown. A language without any shows the default services.`,
              },
              fields: [
                { name: 'title', type: 'text', required: true },
                {
                  name: 'description',
                  type: 'textarea',
                  required: true,
                  admin: { description: 'One or two sentences.' },
                },
              ],
            },
          ],
        },
        {
          name: 'proof',
          label: 'Proof',
          description:
            'Featured case studies (tick “featured” on a case study), newest first, each with its first key result. Without any featured, the newest case studies show.',
          fields: headingAndIntro('proof'),
        },
        {
          name: 'closing',
          label: 'Closing call to action',
          description: 'The invitation that ends the page.',
          fields: [
            {
              name: 'heading',
              type: 'text',
              required: true,
              localized: true,
              defaultValue: localizedDefault((settings) => settings.closing.heading),
            },
            {
              name: 'text',
              type: 'textarea',
              localized: true,
              defaultValue: localizedDefault((settings) => settings.closing.text),
            },
            callToAction('closing'),
          ],
        },
      ],
    },
  ],
}
