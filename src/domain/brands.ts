/**
 * The twelve brands (DESIGN.md section 8): their keys, names, colours and whether fiat deposits are
 * allowed. The dashboard's themes (src/brands) and the API's logo and icon files both derive from this.
 */
export interface BrandDefinition {
  key: string;
  name: string;
  environment: 'local' | 'development' | 'production';
  fiatDepositAllowed: boolean;
  /** Main colour: app bar, buttons, logo mark. */
  primaryColor: string;
  /** Second colour of the logo mark and the sidebar section headers. */
  secondaryColor: string;
  /** Sidebar background. */
  sidebarColor: string;
}

export const BRANDS: readonly BrandDefinition[] = [
  {
    key: 'local',
    name: 'Payments Local',
    environment: 'local',
    fiatDepositAllowed: true,
    primaryColor: '#1f4fd1',
    secondaryColor: '#0f2a6b',
    sidebarColor: '#f4f6fb',
  },
  {
    key: 'development',
    name: 'Payments Dev',
    environment: 'development',
    fiatDepositAllowed: true,
    primaryColor: '#6a1b9a',
    secondaryColor: '#3b0b57',
    sidebarColor: '#f7f3fa',
  },
  {
    key: 'staging',
    name: 'Payments Staging',
    environment: 'development',
    fiatDepositAllowed: true,
    primaryColor: '#b34700',
    secondaryColor: '#5c2400',
    sidebarColor: '#fbf5f1',
  },
  {
    key: 'northwind',
    name: 'Northwind Pay',
    environment: 'production',
    fiatDepositAllowed: true,
    primaryColor: '#00695c',
    secondaryColor: '#003d33',
    sidebarColor: '#f1f8f7',
  },
  {
    key: 'meridian',
    name: 'Meridian Merchant',
    environment: 'production',
    fiatDepositAllowed: true,
    primaryColor: '#ad1457',
    secondaryColor: '#5e0a2f',
    sidebarColor: '#fbf2f6',
  },
  {
    key: 'coinharbor',
    name: 'CoinHarbor',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#0d47a1',
    secondaryColor: '#ff8f00',
    sidebarColor: '#f2f5fb',
  },
  {
    key: 'blockvault',
    name: 'BlockVault',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#263238',
    secondaryColor: '#00acc1',
    sidebarColor: '#f3f5f6',
  },
  {
    key: 'satoshigate',
    name: 'SatoshiGate',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#c43e00',
    secondaryColor: '#3e2723',
    sidebarColor: '#fbf4f0',
  },
  {
    key: 'ledgerline',
    name: 'LedgerLine',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#2e7d32',
    secondaryColor: '#1b3d1d',
    sidebarColor: '#f2f8f2',
  },
  {
    key: 'orbitpay',
    name: 'OrbitPay',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#4527a0',
    secondaryColor: '#00897b',
    sidebarColor: '#f4f2fa',
  },
  {
    key: 'tidecoin',
    name: 'TideCoin',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#01579b',
    secondaryColor: '#4fc3f7',
    sidebarColor: '#f0f6fb',
  },
  {
    key: 'quartz',
    name: 'Quartz Payments',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#5d4037',
    secondaryColor: '#8d6e63',
    sidebarColor: '#f7f4f3',
  },
];

export const DEFAULT_BRAND = 'local';

export function findBrand(key: string): BrandDefinition | undefined {
  return BRANDS.find((b) => b.key === key);
}

export const BRAND_ASSETS = [
  'light-logo',
  'dark-logo',
  'icon',
  'apple-touch-icon',
  'pwa-192',
  'pwa-512',
] as const;
export type BrandAsset = (typeof BRAND_ASSETS)[number];

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The brand's logo or icon as an SVG document (served by the API under /v1/brands/assets). */
export function brandAssetSvg(brand: BrandDefinition, asset: BrandAsset): string {
  const initial = escapeXml(brand.name.charAt(0).toUpperCase());
  // The mark: a rounded square with the initial and an accent dot. On dark or brand-coloured
  // backgrounds (the dark logo sits in the app bar) the square is white and the initial coloured.
  const mark = (x: number, y: number, size: number, onDark = false) => {
    const square = onDark ? '#ffffff' : brand.primaryColor;
    const letter = onDark ? brand.primaryColor : '#ffffff';
    return (
      `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.22}" fill="${square}"/>` +
      `<circle cx="${x + size * 0.8}" cy="${y + size * 0.8}" r="${size * 0.09}" fill="${brand.secondaryColor}"/>` +
      `<text x="${x + size / 2}" y="${y + size * 0.68}" font-family="Arial, Helvetica, sans-serif" font-size="${size * 0.52}" font-weight="700" fill="${letter}" text-anchor="middle">${initial}</text>`
    );
  };
  if (asset === 'light-logo' || asset === 'dark-logo') {
    const dark = asset === 'dark-logo';
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="48" viewBox="0 0 240 48" role="img" aria-label="${escapeXml(brand.name)}">` +
      mark(4, 4, 40, dark) +
      `<text x="54" y="32" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="${dark ? '#ffffff' : '#1a1a1a'}">${escapeXml(brand.name)}</text></svg>`
    );
  }
  const size =
    asset === 'pwa-512' ? 512 : asset === 'pwa-192' ? 192 : asset === 'apple-touch-icon' ? 180 : 64;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(brand.name)}">` +
    mark(0, 0, size) +
    '</svg>'
  );
}
