/** GET /v1/brands/dashboard and the brand's logo and icon files (docs/architecture.md#brands). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { brandAssetSvg } from '../../../src/domain/brandLogos';
import { findBrand, type BrandAsset, type BrandDefinition } from '../../../src/domain/brands';
import type { Config } from '../../config';
import type { BrandResponse } from '../../../src/domain/api';
import { PUBLIC } from '../../auth/access';
import { notFound } from '../../http/errors';
import { errors } from '../../http/schemas';
import { BrandAssetParams, BrandAssetSvg, BrandSchema } from './schemas';

/**
 * Test mode only (E2E_RESET=1, like POST /v1/testing/reset): a request may name another brand in this
 * header, so one e2e server shows every brand's look. Without E2E_RESET the header is ignored.
 */
export const E2E_BRAND_HEADER = 'x-e2e-brand';

/**
 * The brand a request is served as: the deployment's, or in test mode the one its X-E2E-Brand header
 * names. What a brand allows (fiat deposits) is checked against it by the routes it gates.
 */
export function brandOfRequest(
  config: Pick<Config, 'brand' | 'e2eReset'>,
  headers: Record<string, string | string[] | undefined>,
): BrandDefinition {
  const requested = headers[E2E_BRAND_HEADER];
  return (
    (config.e2eReset && typeof requested === 'string' && findBrand(requested)) || findBrand(config.brand)!
  );
}

export const brandsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  const brandOf = (headers: Record<string, string | string[] | undefined>) => brandOfRequest(config, headers);

  app.get(
    '/dashboard',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['brands'],
        summary: "The deployment's brand with its logo and icon URLs",
        response: { 200: BrandSchema },
      },
    },
    async (request): Promise<BrandResponse> => {
      const brand = brandOf(request.headers);
      const url = (asset: BrandAsset) => `${config.apiUrl}/v1/brands/assets/${brand.key}/${asset}.svg`;
      return {
        value: brand.key,
        name: brand.name,
        fiatDepositAllowed: brand.fiatDepositAllowed,
        lightLogoUrl: url('light-logo'),
        darkLogoUrl: url('dark-logo'),
        basicIconUrl: url('icon'),
        appleTouchIconUrl: url('apple-touch-icon'),
        pwaSmallIconUrl: url('pwa-192'),
        pwaLargeIconUrl: url('pwa-512'),
      };
    },
  );

  app.get(
    '/assets/:brand/:file',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['brands'],
        summary: 'A brand logo or icon (image/svg+xml)',
        params: BrandAssetParams,
        response: { 200: BrandAssetSvg, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const definition = findBrand(request.params.brand);
      if (!definition) throw notFound();
      const asset = request.params.file.replace(/\.svg$/, '') as BrandAsset;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(brandAssetSvg(definition, asset));
    },
  );
};
