import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_BRAND_HEADER } from '../../server/modules/brands/routes';
import { BRANDS } from '../../src/domain/brands';
import { makeApp, type TestApp } from './helpers';

describe('brands: logos and the test-mode brand override', () => {
  let production: TestApp;
  let e2e: TestApp;
  beforeAll(async () => {
    production = await makeApp({ distDir: '/nonexistent-dist', brand: 'northwind', e2eReset: false });
    e2e = await makeApp({ distDir: '/nonexistent-dist', brand: 'northwind', e2eReset: true });
  });
  afterAll(async () => {
    await production.close();
    await e2e.close();
  });

  const brandOf = async (t: TestApp, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/brands/dashboard', headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ value: string; lightLogoUrl: string }>();
  };

  it('without E2E_RESET the header changes nothing: the deployment brand is answered', async () => {
    expect((await brandOf(production, { [E2E_BRAND_HEADER]: 'meridian' })).value).toBe('northwind');
  });

  it('with E2E_RESET=1 a request may name another brand; unknown names get the deployment brand', async () => {
    const meridian = await brandOf(e2e, { [E2E_BRAND_HEADER]: 'meridian' });
    expect(meridian.value).toBe('meridian');
    expect(meridian.lightLogoUrl).toBe('/v1/brands/assets/meridian/light-logo.svg');
    expect((await brandOf(e2e, { [E2E_BRAND_HEADER]: 'nobrand' })).value).toBe('northwind');
    expect((await brandOf(e2e)).value).toBe('northwind');
  });

  it('serves a distinct light and dark logo per brand, each a centred SVG', async () => {
    const bodies = new Set<string>();
    for (const brand of BRANDS) {
      for (const asset of ['light-logo', 'dark-logo'] as const) {
        const response = await production.app.inject({
          method: 'GET',
          url: `/v1/brands/assets/${brand.key}/${asset}.svg`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(response.body).toMatch(/^<svg [^>]*viewBox="0 0 \d+ 48"/);
        expect(response.body).toContain(`>${brand.name}</text>`);
        bodies.add(response.body);
      }
    }
    expect(bodies.size).toBe(BRANDS.length * 2);
  });
});
