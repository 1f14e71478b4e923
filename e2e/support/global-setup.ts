import { startApp } from './app-server';

/** Starts one instance of the product for the whole browser-test run; returns its teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const app = await startApp();
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_WEB_ROOT = app.webRoot;
  return () => app.stop();
}
