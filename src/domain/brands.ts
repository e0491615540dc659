/**
 * The twelve brands (docs/architecture.md#brands): their keys, names, colours and whether fiat deposits are
 * allowed. The dashboard's themes (src/brands) and the API's logo and icon files both derive from this.
 */
import type { ExplorerOverrides } from './explorers';

/** The shape of the brand's logo mark (src/domain/brandLogos.ts draws each); one per brand. */
export type BrandMark =
  | 'shield'
  | 'hexagon'
  | 'triangle'
  | 'compass'
  | 'meridian'
  | 'anchor'
  | 'cube'
  | 'gate'
  | 'ledger'
  | 'orbit'
  | 'wave'
  | 'crystal';

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
  /** The logo's mark. */
  mark: BrandMark;
  /** Block explorers this brand links to instead of the default ones (src/domain/explorers.ts). */
  explorers?: ExplorerOverrides;
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
    mark: 'shield',
  },
  {
    key: 'development',
    name: 'Payments Dev',
    environment: 'development',
    fiatDepositAllowed: true,
    primaryColor: '#6a1b9a',
    secondaryColor: '#3b0b57',
    sidebarColor: '#f7f3fa',
    mark: 'hexagon',
  },
  {
    key: 'staging',
    name: 'Payments Staging',
    environment: 'development',
    fiatDepositAllowed: true,
    primaryColor: '#b34700',
    secondaryColor: '#5c2400',
    sidebarColor: '#fbf5f1',
    mark: 'triangle',
  },
  {
    key: 'northwind',
    name: 'Northwind Pay',
    environment: 'production',
    fiatDepositAllowed: true,
    primaryColor: '#00695c',
    secondaryColor: '#003d33',
    sidebarColor: '#f1f8f7',
    mark: 'compass',
  },
  {
    key: 'meridian',
    name: 'Meridian Merchant',
    environment: 'production',
    fiatDepositAllowed: true,
    primaryColor: '#ad1457',
    secondaryColor: '#5e0a2f',
    sidebarColor: '#fbf2f6',
    mark: 'meridian',
  },
  {
    key: 'coinharbor',
    name: 'CoinHarbor',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#0d47a1',
    secondaryColor: '#ff8f00',
    sidebarColor: '#f2f5fb',
    mark: 'anchor',
  },
  {
    key: 'blockvault',
    name: 'BlockVault',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#263238',
    secondaryColor: '#00acc1',
    sidebarColor: '#f3f5f6',
    mark: 'cube',
  },
  {
    key: 'satoshigate',
    name: 'SatoshiGate',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#c43e00',
    secondaryColor: '#3e2723',
    sidebarColor: '#fbf4f0',
    mark: 'gate',
  },
  {
    key: 'ledgerline',
    name: 'LedgerLine',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#2e7d32',
    secondaryColor: '#1b3d1d',
    sidebarColor: '#f2f8f2',
    mark: 'ledger',
  },
  {
    key: 'orbitpay',
    name: 'OrbitPay',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#4527a0',
    secondaryColor: '#00897b',
    sidebarColor: '#f4f2fa',
    mark: 'orbit',
  },
  {
    key: 'tidecoin',
    name: 'TideCoin',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#01579b',
    secondaryColor: '#4fc3f7',
    sidebarColor: '#f0f6fb',
    mark: 'wave',
  },
  {
    key: 'quartz',
    name: 'Quartz Payments',
    environment: 'production',
    fiatDepositAllowed: false,
    primaryColor: '#5d4037',
    secondaryColor: '#8d6e63',
    sidebarColor: '#f7f4f3',
    mark: 'crystal',
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

/** The logos and icons as SVG (src/domain/brandLogos.ts; the server serves them, the client never draws them). */
export { brandAssetSvg } from './brandLogos';
