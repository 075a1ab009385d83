/**
 * The project's boundaries, checked in `npm test` (npm run check:deps):
 * react -> client -> contract (types only, except the plain-data error catalogue); server ->
 * contract; features never import each other, and neither the kernel nor config/ imports one; the
 * server's kernel imports nothing of http/; widget screens never call the network; the widget's
 * engine knows no feature, mount, Main or account page, and Main and the account page no feature
 * or mount; shared widget parts know nothing of features, mounts, the flow or the account page; only the /dev/ guard trusts a loopback address; no
 * cycles anywhere.
 */
const notTypeOnly = ['type-only', 'type-import'];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: split out what both need.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'server-features-stay-apart',
      comment: 'A server feature imports the kernel and shared modules, never another feature.',
      severity: 'error',
      from: { path: '^packages/server/src/features/([^/]+)/' },
      to: { path: '^packages/server/src/features/([^/]+)/', pathNot: '^packages/server/src/features/$1/' },
    },
    {
      name: 'server-kernel-knows-no-features',
      comment: 'The kernel (sign-in completion, sessions, users, failure counters) serves every feature and names none.',
      severity: 'error',
      from: { path: '^packages/server/src/(kernel|security|storage|delivery)/' },
      to: { path: '^packages/server/src/features/' },
    },
    {
      name: 'server-config-knows-no-features',
      comment:
        "config/ holds the core's settings and loads the sections it is given: each feature declares its fields and adds their types to ServerConfig from its own folder (declaration merging), so config/ names none.",
      severity: 'error',
      from: { path: '^packages/server/src/config/' },
      to: { path: '^packages/server/src/features/' },
    },
    {
      name: 'server-kernel-knows-no-http',
      comment:
        'The kernel serves every feature whatever serves the call: it takes values (a request id, a Bearer token), never a Context or anything else of the http layer.',
      severity: 'error',
      from: { path: '^packages/server/src/kernel/' },
      to: { path: '^packages/server/src/http/' },
    },
    {
      name: 'loopback-grants-only-development-routes',
      comment:
        'Behind a reverse proxy every visitor is loopback: only the /dev/ guard (applied in create-app) may treat "this machine" as a reason to serve anything.',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: '^packages/server/src/(http/create-app|create-server)\\.ts$' },
      to: { path: '^packages/server/src/http/this-machine\\.ts$' },
    },
    {
      name: 'widget-features-stay-apart',
      comment: 'A widget feature imports the flow engine and parts, never another feature.',
      severity: 'error',
      from: { path: '^packages/react/src/features/([^/]+)/' },
      to: { path: '^packages/react/src/features/([^/]+)/', pathNot: '^packages/react/src/features/$1/' },
    },
    {
      name: 'screens-do-not-call-the-network',
      comment: 'Screens render state and send events; effects call the client.',
      severity: 'error',
      from: { path: '^packages/react/src/features/[^/]+/screens/' },
      to: { path: '^packages/client/', dependencyTypesNot: notTypeOnly },
    },
    {
      name: 'parts-are-feature-blind',
      comment:
        'Shared parts (button, input, banner, tabs, toast; the passcode entry and the texts kept out of the core chunk) know nothing of features, mounts, the flow or the account page.',
      severity: 'error',
      from: { path: '^packages/react/src/(parts|passcode|texts)/' },
      to: { path: '^packages/react/src/(features|mounts|flow|main|account|vanilla)/' },
    },
    {
      name: 'account-page-knows-no-features',
      comment:
        "The account page lists the sections and the ways to confirm it is you that the mount's features offer (Feature.account, Feature.confirm) and imports none of them, nor a mount.",
      severity: 'error',
      from: { path: '^packages/react/src/account/' },
      to: { path: '^packages/react/src/(features|mounts|main)/' },
    },
    {
      name: 'browser-code-imports-the-contract-as-types',
      comment:
        'The schemas stay on the server: browser bundles import the contract as types, and its plain-data entries (error catalogue and the words of it needed up front, durations, languages, OAuth provider types) only.',
      severity: 'error',
      from: { path: '^packages/(client|react)/src/' },
      to: {
        path: '^packages/contract/src/',
        pathNot: '^packages/contract/src/(errors|error-words|durations|locales|oauth-providers)\\.ts$',
        dependencyTypesNot: notTypeOnly,
      },
    },
    {
      name: 'layers-point-one-way',
      comment: 'react -> client -> contract; server -> contract; nothing points back.',
      severity: 'error',
      from: { path: '^packages/(contract|client|server)/src/' },
      to: { path: '^packages/(react|server|client)/src/', pathNot: '^packages/$1/src/' },
    },
    {
      name: 'widget-engine-and-main-know-no-features',
      comment:
        'The flow engine and Main ask the features of the mount (Feature.main, the merged state types) and import none of them, nor a mount: a sign-in method is its folder and one entry in the lists of its mounts.',
      severity: 'error',
      from: { path: '^packages/react/src/(flow|main)/' },
      to: { path: '^packages/react/src/(features|mounts)/' },
    },
    {
      name: 'widget-engine-knows-no-main',
      comment: 'Main is one screen of the flow, and the account page one mount: the engine runs every mount, including those without either.',
      severity: 'error',
      from: { path: '^packages/react/src/flow/' },
      to: { path: '^packages/react/src/(main|account)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'types', 'import', 'default'] },
  },
};
