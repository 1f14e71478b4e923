/**
 * Rspack configuration shared by the shell and the three remotes.
 * Each app keeps its own rspack.config.ts and module-federation.config.ts and calls webAppConfig().
 */
import { resolve } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

export const repoRoot = resolve(__dirname, '../..');
const rootPackage = require(resolve(repoRoot, 'package.json')) as { dependencies: Record<string, string> };

const libs = ['contracts', 'ui', 'api-client', 'web-store'] as const;

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

/** One instance of each of these exists at runtime, whichever app loads first provides it. */
export const sharedDependencies: FederationOptions['shared'] = {
  react: singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': { ...singleton('react-dom'), version: installedVersion('react-dom') },
  'react/jsx-runtime': { ...singleton('react'), version: installedVersion('react') },
  'react-redux': singleton('react-redux'),
  '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
  'redux-saga': singleton('redux-saga'),
  'redux-saga/effects': { ...singleton('redux-saga'), version: installedVersion('redux-saga') },
  'react-router-dom': singleton('react-router-dom'),
  i18next: singleton('i18next'),
  'react-i18next': singleton('react-i18next'),
  primereact: { ...singleton('primereact'), version: installedVersion('primereact') },
  // Deep imports (primereact/button, primereact/api, ...). Theme CSS is not imported through this
  // prefix: the theme files are copied and switched as a <link>.
  'primereact/': { ...singleton('primereact'), version: installedVersion('primereact') },
  ...Object.fromEntries(
    libs.map((lib) => [
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
      alias: libAliases,
    },
    module: {
      rules: [
        { test: /\.css$/, type: 'css/auto' },
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
      new ModuleFederationPlugin({ dts: false, manifest: true, shared: sharedDependencies, ...options.federation }),
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
        patterns: themes.map((theme) => ({
          from: resolve(repoRoot, 'node_modules/primereact/resources/themes', theme),
          to: `themes/${theme}`,
        })),
      }),
      ...(dev ? [new ReactRefreshRspackPlugin()] : []),
    ],
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
