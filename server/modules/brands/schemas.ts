/** Wire shapes of /v1/brands (src/domain/api.ts's BrandResponse). */
import { Type } from 'typebox';
import { BRAND_ASSETS } from '../../../src/domain/brands';
import { Name } from '../../http/schemas';

const BRAND_KEY = '[a-z0-9-]{1,40}';
const ASSET_FILE = `(${BRAND_ASSETS.join('|')})\\.svg`;

/** An asset URL: under API_URL (absolute) or on the same origin (a path). */
const AssetUrl = Type.String({
  maxLength: 2048,
  pattern: `^(https?://[^\\s/]+(/[^\\s]*)?)?/v1/brands/assets/${BRAND_KEY}/${ASSET_FILE}$`,
});

export const BrandSchema = Type.Object({
  value: Type.String({ maxLength: 40, pattern: `^${BRAND_KEY}$` }),
  name: Name,
  fiatDepositAllowed: Type.Boolean(),
  lightLogoUrl: AssetUrl,
  darkLogoUrl: AssetUrl,
  basicIconUrl: AssetUrl,
  appleTouchIconUrl: AssetUrl,
  pwaSmallIconUrl: AssetUrl,
  pwaLargeIconUrl: AssetUrl,
});

export const BrandAssetParams = Type.Object({
  brand: Type.String({ maxLength: 40, pattern: `^${BRAND_KEY}$` }),
  file: Type.String({ maxLength: 40, pattern: `^${ASSET_FILE}$` }),
});

/** The logo or icon itself: an SVG document (image/svg+xml), not JSON. */
export const BrandAssetSvg = {
  description: 'The SVG document',
  content: { 'image/svg+xml': { schema: Type.String({ maxLength: 65_536, pattern: '^<svg[\\s>]' }) } },
};
