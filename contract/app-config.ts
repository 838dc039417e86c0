import { z } from 'zod';

/** `GET /api/config`: what the browser needs from the server's settings before its first render. */
export const appConfigSchema = z.object({
  /** The business time zone (BUSINESS_TZ) every date is shown in: contract/dates.ts. */
  businessTimeZone: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
