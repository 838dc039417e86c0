import { ensureBrowserBuild } from '../server/build-app-bundle';

/**
 * Builds the browser app into dist/ when it is missing or stale, as `npm start` does before it
 * serves (server/build-app-bundle.ts, with its stamp). CI runs it beside `npm test`, so the e2e
 * suite's server finds the build ready.
 */
await ensureBrowserBuild((msg) => console.info(`[build] ${msg}`));
