/**
 * The boundaries CI keeps (`npm run lint`). Type-only imports count: a loop through types is
 * still a loop a reader has to untangle.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No file may reach itself through its imports (runtime or type-only).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-imports-nothing-else',
      severity: 'error',
      comment: 'common/ is shared by the server and the browser: it imports neither.',
      from: { path: '^common/' },
      to: { path: '^(server|web|e2e|bench|scripts)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'A web feature never imports another feature; the app shell composes them.',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/([^/]+)/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'server-module-public-entry',
      severity: 'error',
      comment: 'Outside a server module, only its index.ts is imported (tests may reach inside).',
      from: { path: '^server/', pathNot: ['^server/modules/([^/]+)/', '\\.test\\.ts$', '^server/test/'] },
      to: { path: '^server/modules/[^/]+/', pathNot: '^server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-module-public-entry-between-modules',
      severity: 'error',
      comment: 'A module imports another module only through its index.ts (tests may reach inside).',
      from: { path: '^server/modules/([^/]+)/', pathNot: ['\\.test\\.ts$', '-test-kit\\.ts$'] },
      to: { path: '^server/modules/([^/]+)/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'policies-below-modules',
      severity: 'error',
      comment: 'Policies, the database layer, lib, events and realtime are what modules stand on: they import no module.',
      from: { path: '^server/(policies|lib|events|realtime|db)/', pathNot: ['\\.test\\.ts$', '^server/db/seed/'] },
      to: { path: '^server/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
