/**
 * The import rules `npm run lint` enforces (dependency-cruiser). A module imports only from its
 * own layer or those below it: no cycles, and nothing reaches up into a higher layer.
 */
const LAYERS = [
  ['http', 'i18n', 'lib'],
  [
    'content',
    'site',
    'search',
    'inquiries',
    'media',
    'redirects',
    'webhooks',
    'audit',
    'collections',
    'globals',
    'fields',
    'access',
    'components',
  ],
  ['markdown'],
  ['agents', 'mcp'],
  ['cache', 'server', 'operations'],
]

const pathOf = (folders) => `^src/(${folders.join('|')})/`

/** One rule per layer boundary: nothing in the layers below `index` imports layer `index`. */
const layerRules = LAYERS.slice(1).map((layer, offset) => ({
  name: `nothing-below-imports-${layer.join('-')}`,
  severity: 'error',
  comment: `${layer.join(', ')} build on the layers below; those never import them.`,
  from: { path: pathOf(LAYERS.slice(0, offset + 1).flat()) },
  to: { path: pathOf(layer) },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes two modules one: neither can be read, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '(^|/)(node_modules|\\.next)/|\\.test\\.ts$|payload-types\\.ts$|importMap\\.js$',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
}
