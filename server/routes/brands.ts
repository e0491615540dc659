/** GET /v1/brands/dashboard and the brand's logo and icon files (DESIGN.md section 8). */
import { Type } from 'typebox';
import { BRAND_ASSETS, brandAssetSvg, findBrand, type BrandAsset } from '../../src/domain/brands';
import type { BrandResponse } from '../../src/domain/api';
import type { App } from '../context';
import { notFound } from '../http/errors';
import { errors } from '../http/schemas';

const ASSET_FILE = `^(${BRAND_ASSETS.join('|')})\\.svg$`;

export async function brandRoutes(app: App) {
  const { config } = app.ctx;
  const brand = findBrand(config.brand)!;
  const url = (asset: BrandAsset) => `${config.apiUrl}/v1/brands/assets/${brand.key}/${asset}.svg`;

  app.get(
    '/v1/brands/dashboard',
    {
      schema: {
        tags: ['brands'],
        summary: "The deployment's brand with its logo and icon URLs",
        response: {
          200: Type.Object({
            value: Type.String(),
            name: Type.String(),
            fiatDepositAllowed: Type.Boolean(),
            lightLogoUrl: Type.String(),
            darkLogoUrl: Type.String(),
            basicIconUrl: Type.String(),
            appleTouchIconUrl: Type.String(),
            pwaSmallIconUrl: Type.String(),
            pwaLargeIconUrl: Type.String(),
          }),
        },
      },
    },
    async (): Promise<BrandResponse> => ({
      value: brand.key,
      name: brand.name,
      fiatDepositAllowed: brand.fiatDepositAllowed,
      lightLogoUrl: url('light-logo'),
      darkLogoUrl: url('dark-logo'),
      basicIconUrl: url('icon'),
      appleTouchIconUrl: url('apple-touch-icon'),
      pwaSmallIconUrl: url('pwa-192'),
      pwaLargeIconUrl: url('pwa-512'),
    }),
  );

  app.get(
    '/v1/brands/assets/:brand/:file',
    {
      schema: {
        tags: ['brands'],
        summary: 'A brand logo or icon (image/svg+xml)',
        params: Type.Object({
          brand: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
          file: Type.String({ pattern: ASSET_FILE }),
        }),
        response: { 200: Type.String({ description: 'SVG document' }), ...errors(400, 404) },
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
}
