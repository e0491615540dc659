/**
 * The business detail's child routes (docs/product.md#screens-and-routes, 'Business detail'): the
 * spec's eight transaction lists and the callbacks, each with its permission and sentence-case label,
 * grouped under four tabs (Crypto, Fiat, Ledger, Callbacks) so that the tabs sit on one row at any
 * width (docs/decisions.md 251); the lists of the current tab are links below it. The first view the
 * user may see opens by default, and a tab opens its first permitted view.
 *
 * The fiat deposits' two lists (bank and white-label) are two views of the Fiat tab, each at its own
 * path (fiat-deposits, fiat-deposits/white-label), so each list keeps its page, sort and filters in
 * the URL.
 */
import { all, satisfies, type AccessContext, type Requirement } from '../../../domain/requirements';
import { CALLBACKS_REQUIRES } from '../../../features/callbacks/rules';

export const TAB_GROUPS = ['crypto', 'fiat', 'ledger', 'callbacks'] as const;
export type TabGroup = (typeof TAB_GROUPS)[number];

/** One list of the page (a view), at /businesses/:id/show/<path>, a record one segment below. */
export interface BusinessTab {
  /** The child path: /businesses/:id/show/<path> (legacy /business/:id/<path>). */
  path: string;
  requires: Requirement;
  /** i18n key of the view's label. */
  label: string;
  /** The tab it is listed under. */
  group: TabGroup;
  /** The transaction list it shows (a resource name); none for the callbacks. */
  resource?: string;
}

/** The sub-path of the fiat-deposits view that lists the white-label fiat deposits. */
export const WHITE_LABEL_PATH = 'white-label';
/** The callbacks' view. */
export const CALLBACKS_PATH = 'callbacks';

const view = (
  path: string,
  key: string,
  group: TabGroup,
  requires: Requirement,
  resource?: string,
): BusinessTab => ({ path, requires, group, resource, label: `resources.transactions.tabs.${key}` });

/** Every view, by tab, in the order the tabs list them (the spec's order within each). */
export const BUSINESS_TABS: readonly BusinessTab[] = [
  view('deposits', 'deposits', 'crypto', all('GET_PAYMENT'), 'payments'),
  view('withdrawals', 'withdrawals', 'crypto', all('GET_WITHDRAWALS'), 'crypto-withdrawals'),
  view(
    'unassociated-deposits',
    'unassociated-deposits',
    'crypto',
    all('GET_INTERNAL_TRANSFERS'),
    'unassociated-deposits',
  ),
  view('fiat-deposits', 'fiat-deposits', 'fiat', all('GET_FIAT_DEPOSITS'), 'fiat-deposits'),
  view(
    `fiat-deposits/${WHITE_LABEL_PATH}`,
    'white-label-fiat-deposits',
    'fiat',
    all('GET_FIAT_DEPOSITS'),
    'whitelabel-fiat-deposits',
  ),
  view('fiat-withdrawals', 'fiat-withdrawals', 'fiat', all('GET_FIAT_WITHDRAWALS'), 'settlements'),
  view(
    'internal-transfers',
    'internal-transfers',
    'ledger',
    all('GET_INTERNAL_TRANSFERS'),
    'internal-transfers',
  ),
  view('manual-operations', 'manual-operations', 'ledger', all('FETCH_MANUAL_MOVEMENTS'), 'manual-movements'),
  view(
    'balance-conversions',
    'balance-conversions',
    'ledger',
    all('GET_BALANCE_CONVERSIONS'),
    'balance-conversions',
  ),
  view(CALLBACKS_PATH, 'callbacks', 'callbacks', CALLBACKS_REQUIRES),
];

/** The i18n key of a tab's label. */
export const groupLabel = (group: TabGroup) => `resources.transactions.tabGroups.${group}`;

/** The statistics child (the business's balances; its charts come later). */
export const STATISTICS_PATH = 'statistics';
export const STATISTICS_REQUIRES: Requirement = all('GET_BALANCES');

export const permittedTabs = (context: AccessContext) =>
  BUSINESS_TABS.filter((tab) => satisfies(tab.requires, context));

/** The tabs the user sees, each with its permitted views (a tab none of whose views they may see is left out). */
export function permittedGroups(context: AccessContext): { group: TabGroup; views: BusinessTab[] }[] {
  const views = permittedTabs(context);
  return TAB_GROUPS.map((group) => ({ group, views: views.filter((v) => v.group === group) })).filter(
    (g) => g.views.length > 0,
  );
}

/**
 * The view a child path shows (`fiat-deposits/white-label/7` is the white-label view, `deposits/101`
 * the deposits'), among `views`: the longest path that starts it.
 */
export function viewOf(child: string, views: readonly BusinessTab[]): BusinessTab | undefined {
  const segments = child.split('/').filter(Boolean);
  let best: BusinessTab | undefined;
  for (const candidate of views) {
    const parts = candidate.path.split('/');
    if (
      parts.every((part, i) => segments[i] === part) &&
      (!best || parts.length > best.path.split('/').length)
    )
      best = candidate;
  }
  return best;
}

/** Where /businesses/:id/show leads: the first permitted view, else statistics, else nowhere. */
export function defaultChild(context: AccessContext): string | undefined {
  return (
    permittedTabs(context)[0]?.path ?? (satisfies(STATISTICS_REQUIRES, context) ? STATISTICS_PATH : undefined)
  );
}
