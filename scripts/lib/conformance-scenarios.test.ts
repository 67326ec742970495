import { describe, expect, it } from 'vitest'

import { NOT_APPLICABLE, SCENARIOS, unsortedScenarios } from './conformance-scenarios'

/** The server scenarios of @modelcontextprotocol/conformance 0.1.16 (`conformance list --server`). */
const SUITE_0_1_16 = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'json-schema-2020-12',
  'elicitation-sep1034-defaults',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
]

describe('the conformance scenarios', () => {
  it('sort every scenario of the pinned suite into run or not applicable, once', () => {
    expect(unsortedScenarios(SUITE_0_1_16)).toEqual([])
    expect([...SCENARIOS, ...Object.keys(NOT_APPLICABLE)].sort()).toEqual([...SUITE_0_1_16].sort())
  })

  it('run what this server has: initialize, ping, its tools, resources and prompts, DNS rebinding', () => {
    expect(SCENARIOS).toEqual([
      'server-initialize',
      'ping',
      'tools-list',
      'resources-list',
      'prompts-list',
      'dns-rebinding-protection',
    ])
    for (const reason of Object.values(NOT_APPLICABLE)) expect(reason.length).toBeGreaterThan(10)
  })

  it('refuse a scenario in neither list, in both, or no longer in the suite', () => {
    expect(unsortedScenarios([...SUITE_0_1_16, 'tools-call-new'])).toEqual([
      'tools-call-new: neither run nor listed as not applicable',
    ])
    expect(unsortedScenarios(SUITE_0_1_16.filter((name) => name !== 'ping'))).toEqual([
      'ping: not a server scenario of the suite',
    ])
  })
})
