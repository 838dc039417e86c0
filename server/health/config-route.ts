import { appConfigSchema } from '../../contract/app-config';
import { defineRoute } from '../http/route';

/** Public: the sign-in page shows dates too, and nothing here is a secret. */
export const appConfigRoutes = [
  defineRoute({
    method: 'GET',
    url: '/config',
    summary: "The server's settings the browser needs (the business time zone)",
    tags: ['ops'],
    access: 'public',
    response: appConfigSchema,
    handler: async ({ app }) => ({ businessTimeZone: app.config.businessTimeZone }),
  }),
];
