/**
 * The corridors of the house (DESIGN.md §9, "Layers that only point down"), checked by
 * `npm run lint`. Type-only imports count: a type import that runs back up is still a
 * corridor crossed, and the next change tends to turn it into a value import.
 */
const SERVER_INFRASTRUCTURE = '^server/src/(db|http|lib|storage|mail|realtime|jobs|logging)/';
const SERVER_COMPOSITION =
  '^server/src/(seed/|composition/|services\\.ts$|app\\.ts$|main\\.ts$|cli\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files that import each other (type imports included) cannot be read or moved apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment:
        'Folders that import each other (a module and its neighbour, two entities) are one tangle: pick which stands below.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-stands-alone',
      severity: 'error',
      comment: 'common/ is imported by server and web; it imports neither.',
      from: { path: '^common/src/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'server-infrastructure-below-features',
      severity: 'error',
      comment:
        'db, http, lib, storage, mail, realtime, jobs and logging serve every module and import none; what they need is handed to them by the composition root.',
      from: { path: SERVER_INFRASTRUCTURE },
      to: { path: ['^server/src/modules/', SERVER_COMPOSITION] },
    },
    {
      name: 'server-migrations-frozen',
      severity: 'error',
      comment:
        'A migration is frozen history: it carries its own helpers instead of importing code that may change.',
      from: { path: '^server/src/db/migrations/' },
      to: { path: '^server/src/', pathNot: '^server/src/db/(migrations/|database\\.ts$)' },
    },
    {
      name: 'server-modules-below-composition',
      severity: 'error',
      comment:
        'Modules are composed by the composition root (services.ts, composition/) and seeded by seed/; they import neither.',
      from: { path: '^server/src/modules/' },
      to: { path: SERVER_COMPOSITION },
    },
    {
      name: 'server-catalog-written-through-its-write-model',
      severity: 'error',
      comment:
        "The catalog's rows are written by modules/catalog-writes alone (issue 37; one-writer.test.ts checks the statements): a module that adds music (library folders, uploads, media) calls it, never backstage's editors.",
      from: {
        path: '^server/src/modules/(library-folders|uploads|media|streaming|catalog|search)/',
      },
      to: { path: '^server/src/modules/backstage/' },
    },
    {
      name: 'web-foundation-below-features',
      severity: 'error',
      comment: 'web lib/ and ui/ are the foundation: they import no entity, feature or app file.',
      from: { path: '^web/src/(lib|ui)/' },
      to: { path: '^web/src/(app|features|entities)/' },
    },
    {
      name: 'web-lib-below-ui',
      severity: 'error',
      comment:
        'ui/ (the design system) is built on lib/ (http, translator, bootstrap); lib imports no ui.',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/ui/' },
    },
    {
      name: 'web-entities-below-features',
      severity: 'error',
      comment:
        'entities/ holds what several features show; features compose it, it imports no feature or app file.',
      from: { path: '^web/src/entities/' },
      to: { path: '^web/src/(app|features)/' },
    },
    {
      name: 'web-features-share-through-entities',
      severity: 'error',
      comment:
        "A feature takes another feature's pages or routes (to mount them), nothing else: what several features show lives in entities/.",
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '(-page|/routes)\\.tsx$'],
      },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment: 'app/ composes the features (router, layouts); a feature imports nothing from app/.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
  ],
  options: {
    includeOnly: '^(server/src|web/src|common/src)/',
    exclude: { path: '\\.test\\.tsx?$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'default', 'node'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
