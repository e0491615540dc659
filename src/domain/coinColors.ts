/**
 * One colour per coin across every chart of the dashboard (docs/decisions.md, 110): a fixed table for
 * the currencies the platform knows, so BTC is the same orange in the deposits' and the withdrawals'
 * charts, on every page and in every brand; a code the table lacks takes one of the spare colours by
 * a hash of its code (stable too). Each colour reaches 3:1 against the light and the dark paper
 * (WCAG's non-text contrast; tests/unit/statisticsLanding.test.ts).
 */

/** The coins' colours: light and dark theme. */
export const COIN_COLORS: Readonly<Record<string, { light: string; dark: string }>> = {
  BTC: { light: '#c25e00', dark: '#f7931a' },
  BCH: { light: '#2e7d32', dark: '#8dc351' },
  LTC: { light: '#546e7a', dark: '#b0bec5' },
  ETH: { light: '#5c6bc0', dark: '#9fa8da' },
  USDT: { light: '#00796b', dark: '#26a17b' },
  USDC: { light: '#1565c0', dark: '#64b5f6' },
  XLM: { light: '#37474f', dark: '#cfd8dc' },
  XRP: { light: '#6d4c41', dark: '#bcaaa4' },
  SOL: { light: '#8e24aa', dark: '#ce93d8' },
  TRX: { light: '#c62828', dark: '#ef9a9a' },
  EUR: { light: '#283593', dark: '#9fa8da' },
  USD: { light: '#1b5e20', dark: '#a5d6a7' },
  GBP: { light: '#4a148c', dark: '#b39ddb' },
  JPY: { light: '#ad1457', dark: '#f48fb1' },
};

/** Colours for codes the table lacks. */
export const SPARE_COIN_COLORS: readonly { light: string; dark: string }[] = [
  { light: '#00838f', dark: '#80deea' },
  { light: '#9e6a00', dark: '#ffd54f' },
  { light: '#5d4037', dark: '#d7ccc8' },
  { light: '#0277bd', dark: '#81d4fa' },
];

/** The 'Other' row of the top coins: grey. */
export const OTHER_COIN_COLOR = { light: '#757575', dark: '#9e9e9e' } as const;

/** The colour of a coin in a theme mode (null: 'Other'). */
export function coinColor(currency: string | null, mode: 'light' | 'dark' = 'light'): string {
  if (currency === null) return OTHER_COIN_COLOR[mode];
  const known = COIN_COLORS[currency];
  if (known) return known[mode];
  let hash = 0;
  for (const char of currency) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return SPARE_COIN_COLORS[hash % SPARE_COIN_COLORS.length][mode];
}
