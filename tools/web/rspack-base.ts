/**
 * Rspack configuration shared by the shell and the three remotes.
 * Each app keeps its own rspack.config.ts and module-federation.config.ts and calls webAppConfig().
 */
import { resolve } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import CompressionPlugin from 'compression-webpack-plugin';
import { constants as zlib, type BrotliOptions } from 'node:zlib';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

export const repoRoot = resolve(__dirname, '../..');
const rootPackage = require(resolve(repoRoot, 'package.json')) as { dependencies: Record<string, string> };

const libs = ['contracts', 'ui', 'api-client', 'web-store'] as const;
/** The libs with state of the page (the store, the session, the router, i18n): one instance each. */
const sharedLibs = ['ui', 'api-client', 'web-store'] as const;

/** Where each @teaminbox/* lib is read from: its TypeScript sources (the web has no lib build step). */
export const libAliases: Record<string, string> = Object.fromEntries(
  libs.map((lib) => [`@teaminbox/${lib}$`, resolve(repoRoot, `libs/${lib}/src/index.ts`)]),
);

const range = (pkg: string): string => {
  const value = rootPackage.dependencies[pkg];
  if (!value) throw new Error(`${pkg} is not a root dependency`);
  return value;
};
const installedVersion = (pkg: string): string =>
  (require(resolve(repoRoot, 'node_modules', pkg, 'package.json')) as { version: string }).version;

const singleton = (pkg: string) => ({ singleton: true, requiredVersion: range(pkg) });

/**
 * PrimeReact modules that hold state of the whole page: its configuration and context (locale, pass-through
 * options), the z-index stack and id counter of the utilities, the Esc-key and overlay listeners of the hooks and the
 * overlay service. One instance of each serves the shell and every remote.
 */
const PRIMEREACT_SINGLETONS = ['api', 'utils', 'componentbase', 'hooks', 'overlayservice'];
/**
 * PrimeReact components hold no state of the page: each app bundles the ones it uses beside its own code (a few
 * chunks instead of one request per module). These few are shared all the same, because the shell's frame and the
 * inbox, the first screen, both use them: they are then loaded once.
 */
const PRIMEREACT_COMMON = ['button', 'ripple', 'tooltip', 'csstransition', 'portal', 'menu', 'virtualscroller'];

/**
 * One instance of each of these exists at runtime, whichever app loads first provides it. The router is shared
 * through @teaminbox/ui (see libs/ui/src/routing.ts), so that only the parts the apps use are shipped;
 * @teaminbox/contracts holds no state (types, constants, schemas) and is bundled by each app as far as it uses it.
 */
export const sharedDependencies: FederationOptions['shared'] = {
  react: singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': { ...singleton('react-dom'), version: installedVersion('react-dom') },
  'react/jsx-runtime': { ...singleton('react'), version: installedVersion('react') },
  'react-redux': singleton('react-redux'),
  '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
  'redux-saga': singleton('redux-saga'),
  'redux-saga/effects': { ...singleton('redux-saga'), version: installedVersion('redux-saga') },
  i18next: singleton('i18next'),
  'react-i18next': singleton('react-i18next'),
  ...Object.fromEntries(
    [...PRIMEREACT_SINGLETONS, ...PRIMEREACT_COMMON].map((name) => [
      `primereact/${name}`,
      { ...singleton('primereact'), version: installedVersion('primereact') },
    ]),
  ),
  ...Object.fromEntries(
    sharedLibs.map((lib) => [
      `@teaminbox/${lib}`,
      {
        singleton: true,
        requiredVersion: false as const,
        version: '0.1.0',
        import: resolve(repoRoot, `libs/${lib}/src/index.ts`),
      },
    ]),
  ),
};

/**
 * React Router publishes its production build beside the development one but its package exports name only the
 * development build (its warnings and checks included): a production build takes the production one.
 */
const productionAliases: Record<string, string> = {
  'react-router$': resolve(repoRoot, 'node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom$': resolve(repoRoot, 'node_modules/react-router/dist/production/dom-export.mjs'),
};

/** The libraries every screen runs on (the shared singletons and PrimeReact's common modules, with what they use). */
const FRAMEWORK_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'react-redux',
  'use-sync-external-store',
  '@reduxjs/toolkit',
  'redux',
  'redux-thunk',
  'immer',
  'reselect',
  'redux-saga',
  '@redux-saga/[^/\\\\]+',
  'i18next',
  'react-i18next',
  'html-parse-stringify',
  'void-elements',
  'react-transition-group',
  'dom-helpers',
  '@babel/runtime',
];
const FRAMEWORK = new RegExp(
  `[\\\\/]node_modules[\\\\/](${FRAMEWORK_PACKAGES.join('|')}|primereact[\\\\/](${[...PRIMEREACT_SINGLETONS, ...PRIMEREACT_COMMON].join('|')}))[\\\\/]`,
);

/**
 * The framework's modules are shared one by one (an app may import any of them), and each would otherwise be a
 * chunk of its own: the page loads them all at start, and one chunk holds them (one request, and gzip finds the
 * repetitions across them; redux-saga and redux-saga/effects no longer carry @redux-saga/core twice).
 */
const splitChunks = {
  cacheGroups: {
    framework: { test: FRAMEWORK, name: 'framework', chunks: 'async' as const, enforce: true },
  },
};

export interface WebAppOptions {
  /** apps/<dir> */
  dir: string;
  federation: FederationOptions;
  /** Port of the standalone dev server. */
  port: number;
  /** The shell serves at '/', remotes from wherever their manifest is ('auto'). */
  publicPath: string;
  /** Extra dev-server proxy contexts (the shell also proxies /remotes to the API server). */
  proxyContexts?: string[];
}

/** The light and dark themes of the customizer's six colours (libs/ui theme.ts THEME_COLORS). */
const themes = ['blue', 'indigo', 'purple', 'pink', 'teal', 'green'].flatMap((color) => [
  `lara-light-${color}`,
  `lara-dark-${color}`,
]);

/**
 * Colours of the copied light themes that fail WCAG AA for text (4.5:1) on white or on their own tinted
 * backgrounds, and the darker shade of the same hue each becomes:
 * - each Lara light theme's primary colours (500 on white, white on 500: 2.5:1 to 4.5:1) take the next darker
 *   shades of their hue (700 -> 900, 600 -> 800, 500 -> 700), in this order so that no shade is darkened twice;
 * - the severity colours of messages, inline messages and toasts (success 2.8:1, warn 2.6:1, error 2.7:1 on their
 *   tinted backgrounds) and of `.p-error` texts and invalid borders (4.0:1) take their 800 or 700 shades.
 */
const LIGHT_THEME_PRIMARY_SHADES: Record<string, [string, string, string, string, string]> = {
  // 500, 600, 700, 800, 900 of each hue
  blue: ['#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a'],
  indigo: ['#6366f1', '#4f46e5', '#4338ca', '#3730a3', '#312e81'],
  purple: ['#8b5cf6', '#7c3aed', '#6d28d9', '#5b21b6', '#4c1d95'],
  pink: ['#ec4899', '#db2777', '#be185d', '#9d174d', '#831843'],
  teal: ['#14b8a6', '#0d9488', '#0f766e', '#115e59', '#134e4a'],
  green: ['#10b981', '#059669', '#047857', '#065f46', '#064e3b'],
};
const SEVERITY_ACCESSIBLE_COLOURS: [RegExp, string][] = [
  [/#1ea97c/gi, '#166534'],
  [/#cc8925/gi, '#92400e'],
  [/#ff5757/gi, '#b91c1c'],
  [/#e24c4c/gi, '#b91c1c'],
];
const lightThemeAccessibleColours = ([s500, s600, s700, s800, s900]: string[]): [RegExp, string][] => [
  [new RegExp(s700, 'gi'), s900],
  [new RegExp(s600, 'gi'), s800],
  [new RegExp(s500, 'gi'), s700],
  ...SEVERITY_ACCESSIBLE_COLOURS,
];

class AccessibleLightThemePlugin {
  apply(compiler: import('@rspack/core').Compiler): void {
    compiler.hooks.thisCompilation.tap('AccessibleLightTheme', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'AccessibleLightTheme', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        () => {
          for (const [color, shades] of Object.entries(LIGHT_THEME_PRIMARY_SHADES)) {
            const name = `themes/lara-light-${color}/theme.css`;
            const asset = compilation.getAsset(name);
            if (!asset) continue;
            const css = lightThemeAccessibleColours(shades).reduce(
              (text, [from, to]) => text.replace(from, to),
              asset.source.source().toString(),
            );
            compilation.updateAsset(name, new compiler.rspack.sources.RawSource(css));
          }
        },
      );
    });
  }
}

/**
 * In production the shell provides the federation runtime to the remotes, so that a remote's entry does not carry a
 * second copy of it. The development build keeps it in each remote, which can then also run alone.
 */
function federationRuntimeSharing(federation: FederationOptions, dev: boolean): FederationOptions['experiments'] {
  if (dev) return federation.experiments;
  const remote = Boolean(federation.exposes && Object.keys(federation.exposes).length > 0);
  return { ...federation.experiments, ...(remote ? { externalRuntime: true } : { provideExternalRuntime: true }) };
}

/** Text files the server sends compressed: written once at build time with the strongest settings. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|ttf)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every text file of a production build, served as they are
 * (apps/api/src/platform/http/web-assets.ts); compressing that hard on each request would cost the server too much.
 */
function precompressed() {
  return [
    new CompressionPlugin<BrotliOptions>({
      test: COMPRESSIBLE,
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
      filename: '[path][base].br',
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      algorithm: 'gzip',
      compressionOptions: { level: zlib.Z_BEST_COMPRESSION },
      filename: '[path][base].gz',
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

export function webAppConfig(options: WebAppOptions, argv: { mode?: string } = {}): Configuration {
  const mode = (argv.mode ?? process.env.NODE_ENV) === 'development' ? 'development' : 'production';
  const dev = mode === 'development';
  const appRoot = resolve(repoRoot, 'apps', options.dir);
  return {
    mode,
    context: appRoot,
    entry: { main: './src/index.ts' },
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: resolve(appRoot, 'dist'),
      publicPath: options.publicPath,
      uniqueName: options.federation.name,
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: { ...libAliases, ...(dev ? {} : productionAliases) },
    },
    module: {
      rules: [
        { test: /\.css$/, type: 'css/auto' },
        // Types, constants and schemas only: what an app does not use is left out (the API's zod schemas mostly).
        { test: /libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        dts: false,
        manifest: true,
        shared: sharedDependencies,
        // The shell loads first and provides every shared module: a remote takes what is loaded. The default
        // ('version-first') would load the entry of every registered remote whenever sharing is initialised, so that
        // one missing remote broke the shell's own lazy parts, and a screen fetched the entries of remotes it did
        // not show.
        shareStrategy: 'loaded-first',
        ...options.federation,
        experiments: federationRuntimeSharing(options.federation, dev),
      }),
      new rspack.HtmlRspackPlugin({
        title: 'Team Inbox',
        // Only the app's own entry: a remote's remoteEntry must not start a second runtime.
        chunks: ['main'],
        // The page is served at the app's root with client-side routes below it, so the entry is
        // referenced absolutely even where the federation publicPath is 'auto'.
        publicPath: '/',
        templateContent:
          '<!doctype html><html lang="en"><head><meta charset="utf-8" />' +
          '<meta name="viewport" content="width=device-width, initial-scale=1" /><title>Team Inbox</title></head>' +
          '<body><div id="root"></div></body></html>',
      }),
      new rspack.CopyRspackPlugin({
        patterns: [
          ...themes.map((theme) => ({
            from: resolve(repoRoot, 'node_modules/primereact/resources/themes', theme),
            to: `themes/${theme}`,
          })),
          // Files served as they are from the app's root path (the shell's service worker).
          { from: resolve(repoRoot, 'apps', options.dir, 'public'), to: '.', noErrorOnMissing: true },
        ],
      }),
      new AccessibleLightThemePlugin(),
      ...(dev ? [new ReactRefreshRspackPlugin()] : precompressed()),
    ],
    optimization: { splitChunks },
    performance: { hints: false },
    devServer: {
      port: options.port,
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: ['/api', '/ws', ...(options.proxyContexts ?? [])],
          target: 'http://localhost:3000',
          ws: true,
        },
      ],
    },
  };
}
