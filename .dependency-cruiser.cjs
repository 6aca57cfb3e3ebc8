/**
 * The import rules of docs/architecture.md, checked by `npm run lint` (depcruise):
 * imports point one way, api/ workers/ scripts/ -> a domain's index.ts -> shared/kernel, shared/db,
 * shared/config; a domain uses another only through its index.ts; nothing imports in a circle.
 */
module.exports = {
  forbidden: [
    {
      name: 'kernel-knows-no-domain',
      comment: 'The kernel, db and config are below every domain and know nothing of HTTP or jobs runners.',
      severity: 'error',
      from: { path: '^shared/(kernel|db|config)/' },
      to: { path: '^(shared/domain/|shared/domains\\.ts$|api/|workers/|scripts/)' },
    },
    {
      name: 'edges-use-the-manifest',
      comment: 'api/, workers/ and scripts/ use a domain through its index.ts only.',
      severity: 'error',
      from: { path: '^(api|workers|scripts)/' },
      to: { path: '^shared/domain/[^/]+/', pathNot: '^shared/domain/[^/]+/index\\.ts$' },
    },
    {
      name: 'domains-meet-at-the-manifest',
      comment: "A domain reaches another only through that one's index.ts.",
      severity: 'error',
      from: { path: '^shared/domain/([^/]+)/' },
      to: { path: '^shared/domain/[^/]+/', pathNot: ['^shared/domain/$1/', '^shared/domain/[^/]+/index\\.ts$'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle, of any length.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
