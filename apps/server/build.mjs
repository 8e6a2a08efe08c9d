// Bundles the server with the workspace packages it imports (@cairn/*, TypeScript sources) into
// dist/main.js, and the analysis queue's thread into dist/analysis-thread.js (started by main.js from
// beside it); every npm dependency stays external and loads from node_modules.
import { build } from 'esbuild';

const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cairn/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: { main: 'src/main.ts', 'analysis-thread': 'src/modules/analysis/analysis-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
