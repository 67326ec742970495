/**
 * Which server scenarios of the MCP conformance suite scripts/mcp-conformance.ts runs against
 * /api/mcp, and why it skips the others. Every scenario the suite lists is in exactly one of
 * the two lists: the script refuses to run while one is in neither (a newer suite's).
 */

/** The suite's server scenarios that apply to this server: each is run. */
export const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
]

/**
 * The suite's other server scenarios, and why each does not apply. Most call fixtures that only
 * the suite's reference server has (tools named `test_*`, prompts, `test://` resources), which
 * this server does not carry; the rest need a capability it does not offer and does not
 * advertise. Its own prompts, completions and resource templates are tested with the SDK's
 * client instead (tests/int/mcp-prompts.test.ts).
 */
export const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'no logging capability (a server without sessions has no client to log to)',
  'completion-complete':
    'completes the fixture prompt test_prompt_with_arguments; this server answers a prompt it does not have with -32602, as the specification asks',
  'tools-call-simple-text': 'calls the fixture tool test_simple_text',
  'tools-call-image': 'calls the fixture tool test_image_content',
  'tools-call-audio': 'calls the fixture tool test_audio_content',
  'tools-call-embedded-resource': 'calls the fixture tool test_embedded_resource',
  'tools-call-mixed-content': 'calls the fixture tool test_multiple_content_types',
  'tools-call-with-logging': 'calls the fixture tool test_tool_with_logging (and needs logging)',
  'tools-call-error': 'calls the fixture tool test_error_handling',
  'tools-call-with-progress': 'calls the fixture tool test_tool_with_progress',
  'tools-call-sampling': 'calls the fixture tool test_sampling (and needs sampling of the client)',
  'tools-call-elicitation': 'calls the fixture tool test_elicitation',
  'json-schema-2020-12': 'looks for the fixture tool json_schema_2020_12_tool',
  'elicitation-sep1034-defaults': 'calls the fixture tool test_elicitation_sep1034_defaults',
  'elicitation-sep1330-enums': 'calls the fixture tool test_elicitation_sep1330_enums',
  'server-sse-polling':
    'calls the fixture tool test_reconnection, on an SSE stream with a session; this server answers JSON and keeps no session',
  'server-sse-multiple-streams':
    "needs a session (Mcp-Session-Id) to open its streams on; this server keeps none (its GET stream is not a session's), and the scenario stops at its first check",
  'resources-read-text': 'reads the fixture resource test://static-text',
  'resources-read-binary': 'reads the fixture resource test://static-binary',
  'resources-templates-read':
    'reads the fixture template resource test://template/{id}/data; the document templates are read through with the SDK client',
  'resources-subscribe':
    'subscribes to the fixture resource test://watched-resource; no subscriptions (a server without sessions has no subscriber to keep)',
  'resources-unsubscribe':
    'unsubscribes from the fixture resource test://watched-resource; no subscriptions',
  'prompts-get-simple': 'gets the fixture prompt test_simple_prompt',
  'prompts-get-with-args': 'gets the fixture prompt test_prompt_with_arguments',
  'prompts-get-embedded-resource': 'gets the fixture prompt test_prompt_with_embedded_resource',
  'prompts-get-with-image': 'gets the fixture prompt test_prompt_with_image',
}

/**
 * What is wrong with the two lists against the suite's: a scenario in neither (a newer suite's,
 * to be sorted into one), one in both, or one the suite no longer has.
 */
export function unsortedScenarios(listed: readonly string[]): string[] {
  const problems: string[] = []
  for (const name of listed) {
    const run = SCENARIOS.includes(name)
    const skipped = Object.hasOwn(NOT_APPLICABLE, name)
    if (!run && !skipped) problems.push(`${name}: neither run nor listed as not applicable`)
    if (run && skipped) problems.push(`${name}: both run and listed as not applicable`)
  }
  for (const name of [...SCENARIOS, ...Object.keys(NOT_APPLICABLE)]) {
    if (!listed.includes(name)) problems.push(`${name}: not a server scenario of the suite`)
  }
  return problems
}
