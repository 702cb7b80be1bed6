/**
 * The floors of the house (CONTRIBUTING.md, "Floors"): imports only go down.
 *
 *   server.ts → main.ts → app.ts → v1/ → downloader/, plugins/, cli/, web/ → directory/, media/ → lib/, db/
 *
 * The browser UI (web/) sees only the wire contract of the server.
 *
 * `npm run lint:imports` checks them; `npm run lint` runs it too.
 */
const GROUND = '^src/(lib|db)/';
const DOMAINS = '^src/(directory|media)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle ties its files into one knot: none may be read or tested alone.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'ground-imports-nothing-above',
      comment: 'lib/ and db/ are the ground floor: they import no area, no configuration, no app.',
      severity: 'error',
      from: { path: GROUND },
      to: {
        path: '^src/(directory|media|downloader|plugins|v1|cli|web)/|^src/(config|app|main|server)\\.ts$',
      },
    },
    {
      name: 'domains-import-no-surface',
      comment:
        'directory/ and media/ are the domains: they know nothing of the downloader, the plugins, the public ' +
        'API or the app that mounts them.',
      severity: 'error',
      from: { path: DOMAINS },
      to: { path: '^src/(downloader|plugins|v1|cli|web)/|^src/(app|main|server)\\.ts$' },
    },
    {
      name: 'domains-read-config-types-only',
      comment: 'A domain is handed its settings; at most it names the type of the Config they come from.',
      severity: 'error',
      from: { path: DOMAINS },
      to: { path: '^src/config\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'middle-floor-imports-no-surface',
      comment:
        'downloader/, plugins/ and the web UI host sit below the public API: v1/ uses them, never the ' +
        'other way round.',
      severity: 'error',
      from: { path: '^src/(downloader|plugins|web)/' },
      to: { path: '^src/v1/|^src/(app|main|server)\\.ts$' },
    },
    {
      name: 'config-imports-no-area',
      comment: 'config.ts reads the environment; the rules of an area live in that area, below it.',
      severity: 'error',
      from: { path: '^src/config\\.ts$' },
      to: { path: '^src/(directory|media|downloader|plugins|v1|cli|web)/|^src/(app|main|server)\\.ts$' },
    },
    {
      name: 'only-entry-points-build-the-app',
      comment: 'app.ts is the top of the house: only the server (main.ts) and the operator commands build it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/main\\.ts$|^src/cli/' },
      to: { path: '^src/app\\.ts$' },
    },
    {
      name: 'nothing-imports-the-server',
      comment: 'server.ts is the process entry point, and main.ts the service it loads.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server\\.ts$' },
      to: { path: '^src/(main|server)\\.ts$' },
    },
    {
      name: 'web-ui-speaks-only-the-contract',
      comment:
        'The browser UI depends on the wire contract, not on server internals: from src/ it imports only ' +
        'the contract modules.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^src/', pathNot: '^src/directory/directory-contract\\.ts$' },
    },
    {
      name: 'contract-imports-nothing',
      comment: 'A contract module is pure declarations both sides share; it imports nothing of ours.',
      severity: 'error',
      from: { path: '^src/directory/directory-contract\\.ts$' },
      to: { path: '^(src|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/.*\\.json$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages that publish only an "exports" map (typebox, file-type) resolve through it.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
