/**
 * The business detail's child routes (docs/product.md#screens-and-routes, 'Business detail'): the eight tabs in the
 * spec's order with their permission and label, and the statistics child. The first tab the user may
 * see opens by default.
 */
import { all, satisfies, type AccessContext, type Requirement } from '../../../domain/requirements';

export interface BusinessTab {
  /** The child path: /businesses/:id/show/<path> (legacy /business/:id/<path>). */
  path: string;
  requires: Requirement;
  /** i18n key of the tab's label. */
  label: string;
  /** The transaction lists it shows (resource names); fiat deposits has two, behind a switch. */
  resources: readonly string[];
}

export const BUSINESS_TABS: readonly BusinessTab[] = [
  { path: 'deposits', requires: all('GET_PAYMENT'), resources: ['payments'] },
  { path: 'withdrawals', requires: all('GET_WITHDRAWALS'), resources: ['crypto-withdrawals'] },
  {
    path: 'fiat-deposits',
    requires: all('GET_FIAT_DEPOSITS'),
    resources: ['fiat-deposits', 'whitelabel-fiat-deposits'],
  },
  { path: 'fiat-withdrawals', requires: all('GET_FIAT_WITHDRAWALS'), resources: ['settlements'] },
  { path: 'internal-transfers', requires: all('GET_INTERNAL_TRANSFERS'), resources: ['internal-transfers'] },
  {
    path: 'unassociated-deposits',
    requires: all('GET_INTERNAL_TRANSFERS'),
    resources: ['unassociated-deposits'],
  },
  { path: 'manual-operations', requires: all('FETCH_MANUAL_MOVEMENTS'), resources: ['manual-movements'] },
  {
    path: 'balance-conversions',
    requires: all('GET_BALANCE_CONVERSIONS'),
    resources: ['balance-conversions'],
  },
].map((tab) => ({ ...tab, label: `resources.transactions.tabs.${tab.path}` }));

/** The statistics child (the business's balances; its charts come later). */
export const STATISTICS_PATH = 'statistics';
export const STATISTICS_REQUIRES: Requirement = all('GET_BALANCES');

/** The sub-path of the fiat-deposits tab that lists the white-label fiat deposits. */
export const WHITE_LABEL_PATH = 'white-label';

export const permittedTabs = (context: AccessContext) =>
  BUSINESS_TABS.filter((tab) => satisfies(tab.requires, context));

/** Where /businesses/:id/show leads: the first permitted tab, else statistics, else nowhere. */
export function defaultChild(context: AccessContext): string | undefined {
  return (
    permittedTabs(context)[0]?.path ?? (satisfies(STATISTICS_REQUIRES, context) ? STATISTICS_PATH : undefined)
  );
}
