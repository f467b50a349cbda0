/**
 * Architecture rules, checked by `npm run lint` (dependency-cruiser resolves the `@/` alias
 * through tsconfig.app.json):
 * - shared code (lib, components, config, i18n) -> engine -> features -> app, never backwards:
 *   the engine (src/engine: the API's shapes, the page loader, the device copy, the history,
 *   the figures and the RPC to its worker) knows no screen;
 * - a feature reaches another feature only through what it shares: events/api (the events'
 *   data), events/label (their one label, event-label.tsx) and the registrations' layers below
 *   its screen (api, load-status, rows, editions, insights, checks, export), which the event
 *   page (event-page), the events list's figures (event-figures) and the search across events
 *   (participant-search) build on;
 * - the demo API (mocks) is a fake server: it imports no app code but the text fold
 *   (lib/text-keys), and only the engine loads it, lazily (engine/demo/engine-demo.ts);
 * - inside the registrations feature, sub-features stand in layers: api (the query and its
 *   hook), under load-status (the banner of a load), under rows (the model, its labels and the
 *   links into the table), under editions (an event against its previous edition), under
 *   insights (the counting), under checks (the data doctor's answers and the findings marked
 *   fine), under export (files and print), under table (the screen); nothing imports a layer
 *   above it;
 * - no import cycles.
 */
const shared = '^src/(lib|components|config|i18n)/';
const registrations = '^src/features/registrations/';
/** Each sub-feature of registrations, with the sub-features above it that it must not import. */
const registrationLayers = [
  ['api', 'load-status|rows|editions|insights|checks|export|table'],
  ['load-status', 'rows|editions|insights|checks|export|table'],
  ['rows', 'editions|insights|checks|export|table'],
  ['editions', 'insights|checks|export|table'],
  ['insights', 'checks|export|table'],
  ['checks', 'export|table'],
  ['export', 'table'],
];

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    ...registrationLayers.map(([layer, above]) => ({
      name: `registrations-${layer.replace(/\W/g, '')}-imports-no-layer-above`,
      severity: 'error',
      from: { path: `${registrations}${layer}/`, pathNot: '\\.test\\.tsx?$' },
      to: { path: `${registrations}(${above})/` },
    })),
    {
      name: 'shared-imports-no-engine-feature-or-app',
      severity: 'error',
      from: { path: shared, pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(engine|features|app|mocks)/' },
    },
    {
      name: 'engine-imports-no-feature-screen-or-app',
      severity: 'error',
      from: { path: '^src/engine/', pathNot: ['\\.test\\.tsx?$', '/testing/'] },
      to: { path: '^src/(features|components|app)/' },
    },
    {
      name: 'features-import-no-app',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'features-only-reach-what-other-features-share',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: [
          '^src/features/$1/',
          '^src/features/events/(api|label)/',
          '^src/features/registrations/(api|load-status|rows|editions|insights|checks|export)/',
          '^src/features/registrations/i18n\\.ts$',
        ],
      },
    },
    {
      name: 'mocks-import-no-app-code',
      severity: 'error',
      from: { path: '^src/mocks/' },
      // The one text fold is the exception: the demo's e-mail addresses are made from names with it.
      to: {
        path: '^src/(app|engine|features|components|lib|config|i18n)/',
        pathNot: '^src/lib/text-keys\\.ts$',
      },
    },
    {
      name: 'only-tests-and-the-demo-module-import-mocks',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: ['^src/mocks/', '\\.test\\.tsx?$', '/testing/', '^src/engine/demo/engine-demo\\.ts$'],
      },
      to: { path: '^src/mocks/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.app.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
