import { describe, expect, it } from 'vitest'

import { EVERYTHING } from '@/lib/content-version'

import { changeOfNotification } from './invalidation'

describe('changeOfNotification', () => {
  it('names the documents whose rows changed, and their collection’s lists', () => {
    expect(changeOfNotification('{"table":"posts","ids":[12,13]}')).toEqual([
      'document:posts:12',
      'document:posts:13',
      'list:posts',
    ])
    expect(changeOfNotification('{"table":"case_studies_locales","ids":[4]}')).toEqual([
      'document:case-studies:4',
      'list:case-studies',
    ])
    expect(changeOfNotification('{"table":"posts_rels","ids":[9]}')).toEqual([
      'document:posts:9',
      'list:posts',
    ])
  })

  it('advances the collection’s order only for a change to what is listed', () => {
    expect(changeOfNotification('{"table":"posts","ids":[12],"listing":true}')).toEqual([
      'document:posts:12',
      'list:posts',
      'order:posts',
    ])
    expect(
      changeOfNotification('{"table":"posts","ids":[12],"listing":true,"categories":[3,4]}'),
    ).toEqual([
      'document:posts:12',
      'list:posts',
      'order:posts',
      'order:posts:category:3',
      'order:posts:category:4',
    ])
    expect(changeOfNotification('{"table":"posts","ids":[12]}')).not.toContain('order:posts')
  })

  it('names categories and media as a whole', () => {
    expect(changeOfNotification('{"table":"categories_locales","ids":[2]}')).toEqual([
      'categories',
      'category:2',
    ])
    expect(changeOfNotification('categories')).toEqual(['categories', 'category:*'])
    expect(changeOfNotification('{"table":"media","ids":[5]}')).toEqual(['media'])
    for (const table of ['home_locales', 'navigation_header_links', 'site_settings'])
      expect(changeOfNotification(`{"table":"${table}","ids":[1]}`), table).toEqual(['settings'])
    // The agent access policy has a key of its own: pages, robots.txt and media depend on it.
    for (const table of ['agent_access', 'agent_access_crawlers'])
      expect(changeOfNotification(`{"table":"${table}","ids":[1]}`), table).toEqual([
        'agent-access',
      ])
  })

  it('takes a table without ids (a TRUNCATE, too many rows, an older trigger) as all its documents', () => {
    for (const payload of ['posts', '{"table":"posts"}', 'posts_locales'])
      expect(changeOfNotification(payload), payload).toEqual([
        'document:posts:*',
        'list:posts',
        'order:posts',
      ])
    expect(changeOfNotification('media_locales')).toEqual(['media'])
  })

  it('advances everything for what it cannot attribute', () => {
    for (const payload of [
      '',
      'users',
      'constructor',
      '__proto__',
      '{"table":"users","ids":[1]}',
      '{"table":"posts","ids":"12"}',
      '{"table":"posts","ids":[1.5]}',
      '{"table":"posts","ids":[-1]}',
      '{"table":"posts","ids":[null]}',
      '{"table":"posts","ids":[1],"listing":1}',
      '{"table":"posts","ids":[1],"listing":true,"categories":["3"]}',
      '{"table":"posts"',
      'null',
      '42',
      '"posts"',
      '[]',
    ])
      expect(changeOfNotification(payload), payload).toBe(EVERYTHING)
  })
})
