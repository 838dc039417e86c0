import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { businessTimeZone, DEFAULT_BUSINESS_TIME_ZONE, setBusinessTimeZone } from '../../../contract/dates';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { loadBusinessTimeZone } from '../../../src/app/business-time-zone';

// Every page waits for this before its first render; it asks with a plain fetch (not the API
// client, which would bring axios and the signed-in frame to /login).
afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('the business time zone from GET /api/config', () => {
  it('takes the zone the server answers with', async () => {
    server.use(http.get('/api/config', () => ok({ businessTimeZone: 'Europe/Paris' })));
    await loadBusinessTimeZone();
    expect(businessTimeZone()).toBe('Europe/Paris');
  });

  it('keeps the default when the server fails or names a zone the browser does not know', async () => {
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json({ status: 'fail', code: 500, msg: 'x' }, { status: 500 }),
      ),
    );
    await loadBusinessTimeZone();
    expect(businessTimeZone()).toBe(DEFAULT_BUSINESS_TIME_ZONE);

    server.use(http.get('/api/config', () => ok({ businessTimeZone: 'Mars/Olympus_Mons' })));
    await loadBusinessTimeZone();
    expect(businessTimeZone()).toBe(DEFAULT_BUSINESS_TIME_ZONE);
  });
});
