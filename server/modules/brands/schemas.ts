/** Wire shapes of /v1/brands (src/domain/api.ts's BrandResponse). */
import { Type } from 'typebox';
import { BRAND_ASSETS } from '../../../src/domain/brands';

export const BrandSchema = Type.Object({
  value: Type.String(),
  name: Type.String(),
  fiatDepositAllowed: Type.Boolean(),
  lightLogoUrl: Type.String(),
  darkLogoUrl: Type.String(),
  basicIconUrl: Type.String(),
  appleTouchIconUrl: Type.String(),
  pwaSmallIconUrl: Type.String(),
  pwaLargeIconUrl: Type.String(),
});

export const BrandAssetParams = Type.Object({
  brand: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
  file: Type.String({ pattern: `^(${BRAND_ASSETS.join('|')})\\.svg$` }),
});
