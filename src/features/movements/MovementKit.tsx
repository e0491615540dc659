/**
 * What the money pages share (docs/decisions.md 165–169, 199–201): the page's frame (all six), the
 * business and currency selects, the available balance beside the amount, the rule texts in the user's
 * language, the call's refusal on its fields (a wrong 2FA code on the code field, without logging out)
 * or in the failure dialog, the summary every movement's overview shows (all six), and the success
 * dialog of the result.
 *
 * Balances are read with React Query under ['businesses', 'balances', id], so a refresh of the
 * businesses' queries (a live event, a finished movement) updates them.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useSession } from '../../authProvider';
import type { BusinessBalanceRow } from '../../domain/businessBalances';
import { sortCurrencies } from '../../domain/currencies';
import { ERROR_TEXTS } from '../../domain/errors';
import { FIAT_MESSAGES } from '../../domain/fiatMovements';
import { noHoldingCurrency } from '../../domain/transfers';
import { all, satisfies } from '../../domain/requirements';
import { formatMoney } from '../../i18n/format';
import { Page, useAccessContext, useResponseDialog } from '../../layout';
import { FormSelectField, type SelectOption } from '../../layout/DownloadForm';

/** Message keys of the shared texts. */
export const MOVEMENT_TEXTS = 'pages.movements';

type RuleKey = keyof typeof FIAT_MESSAGES;

/** The key of a rule's English text (the server's field messages are these texts). */
function ruleKeyOf(text: string): RuleKey | 'minimumAmount' | undefined {
  if (/^Minimum amount is /.test(text)) return 'minimumAmount';
  return (Object.keys(FIAT_MESSAGES) as RuleKey[]).find((key) => FIAT_MESSAGES[key] === text);
}

/**
 * A rule's text in the user's language ('Insufficient balance' → 'Unzureichendes Guthaben', 'The business
 * holds no JPY.' → 'Das Unternehmen hält kein JPY.').
 */
export function useRuleText(): (text: string, vars?: { currency?: string }) => string {
  const translate = useTranslate();
  return (text, vars = {}) => {
    // 'The business holds no JPY.': the currency is the text's own.
    const notHeld = noHoldingCurrency(text);
    if (notHeld) return translate(`${MOVEMENT_TEXTS}.validation.noHolding`, { currency: notHeld });
    const key = ruleKeyOf(text);
    if (!key) return text;
    return translate(`${MOVEMENT_TEXTS}.validation.${key}`, {
      amount: '0.01',
      currency: vars.currency ?? '',
    });
  };
}

/**
 * A business's balance of a currency (GET_BALANCES): the available amount and what withdrawals
 * awaiting approval hold of it (undefined while unknown), and whether reading it failed. Every money
 * page reads it under the key the business pages use, so one answer serves them all and the live
 * events refresh it.
 */
export function useBusinessBalance(
  businessId: string,
  currency: string,
): { balance?: { amount: string; held?: string }; failed: boolean } {
  const { balances, failed } = useBusinessBalances(businessId);
  if (!balances || !currency) return { failed };
  return { balance: balances[currency] ?? { amount: '0' }, failed: false };
}

/**
 * Every balance of a business (GET_BALANCES), by currency: undefined while unknown, without the
 * permission or when reading failed (`failed`). The same query as useBusinessBalance.
 */
export function useBusinessBalances(businessId: string): {
  balances?: BusinessBalanceRow['balances'];
  failed: boolean;
} {
  const access = useAccessContext();
  const allowed = satisfies(all('GET_BALANCES'), access);
  const dataProvider = useDataProvider<
    ReturnType<typeof useDataProvider> & {
      getBusinessBalance: (id: number) => Promise<Pick<BusinessBalanceRow, 'balances'>>;
    }
  >();
  const id = Number(businessId);
  const { data, isError } = useQuery({
    queryKey: ['businesses', 'balances', id],
    queryFn: () => dataProvider.getBusinessBalance(id),
    enabled: allowed && Number.isInteger(id) && id > 0,
    retry: false,
  });
  if (!data) return { failed: isError };
  return { balances: data.balances ?? {}, failed: false };
}

/** The available balance of a business in a currency (GET_BALANCES), undefined while unknown. */
export function useAvailableBalance(businessId: string, currency: string): string | undefined {
  return useBusinessBalance(businessId, currency).balance?.amount;
}

/** Refreshes the balances and the lists a movement changed. */
export function useRefreshAfterMovement(): (resources: readonly string[]) => void {
  const client = useQueryClient();
  return (resources) => {
    void client.invalidateQueries({ queryKey: ['businesses'] });
    for (const resource of resources) void client.invalidateQueries({ queryKey: [resource] });
  };
}

/**
 * The available balance under the amount, announced politely when it changes; `onBalance` hands it to
 * the form's rules ('Insufficient balance' before the call).
 */
export function AvailableBalance({
  businessField,
  currencyField,
  onBalance,
}: {
  businessField: string;
  currencyField: string;
  onBalance: (available: string | undefined) => void;
}) {
  const translate = useTranslate();
  const businessId = (useWatch({ name: businessField }) as string) ?? '';
  const currency = (useWatch({ name: currencyField }) as string) ?? '';
  const available = useAvailableBalance(businessId, currency);
  // The callback only stores the value (a ref of the page): running it on each render is harmless.
  useEffect(() => {
    onBalance(available);
  }, [available, onBalance]);
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      aria-live="polite"
      data-testid="available-balance"
      sx={{ mb: 1 }}
    >
      {available !== undefined
        ? translate(`${MOVEMENT_TEXTS}.available`, { amount: formatMoney(available, currency) })
        : '\u00a0'}
    </Typography>
  );
}

/** The businesses as options, with an empty first choice. */
export function businessOptions(
  choices: readonly { id: string; name: string }[],
  none: string,
): SelectOption[] {
  return [{ value: '', label: none }, ...choices.map((c) => ({ value: c.id, label: c.name }))];
}

/** The session's currencies (fiat only when asked) as options, in the product's order. */
export function useCurrencyChoices(options: { fiatOnly?: boolean } = {}): SelectOption[] {
  const { supportedCurrencies } = useSession();
  return sortCurrencies(supportedCurrencies)
    .filter((c) => !options.fiatOnly || c.isFiat)
    .map((c) => ({
      value: c.abbreviation,
      label: c.name && c.name !== c.abbreviation ? `${c.name} (${c.abbreviation})` : c.abbreviation,
    }));
}

/** The precision of a currency of the session (2 when unknown). */
export function usePrecisionOf(): (currency: string) => number {
  const { supportedCurrencies } = useSession();
  return (currency) => supportedCurrencies.find((c) => c.abbreviation === currency)?.precision ?? 2;
}

export { FormSelectField };

/**
 * The call of a movement, its refusals made readable: field messages in the user's language on their
 * fields, a refused 2FA code on the code field (the session goes on), anything else in the failure
 * dialog (and on the overview, where the user can retry with the same key).
 */
export function useMovementCall() {
  const { dialog, show } = useResponseDialog();
  const ruleText = useRuleText();
  const translate = useTranslate();
  const call = async <R,>(run: () => Promise<R>, currency: string): Promise<R> => {
    try {
      return await run();
    } catch (error) {
      const e = (error ?? {}) as {
        status?: number;
        message?: string;
        body?: { message?: string; errors?: Record<string, string> };
      };
      if (e.status === 401 && (e.body?.message ?? e.message) === ERROR_TEXTS.invalidTwoFaCode) {
        const message = translate(`${MOVEMENT_TEXTS}.validation.invalidTwoFaCode`);
        throw { status: 401, message, body: { message, errors: { twoFaCode: message } } };
      }
      const errors = e.body?.errors;
      if (errors && Object.keys(errors).length > 0) {
        const mapped = Object.fromEntries(
          Object.entries(errors).map(([k, v]) => [k, ruleText(v, { currency })]),
        );
        throw { ...e, body: { ...e.body, errors: mapped } };
      }
      show('failure', e.body?.message ?? e.message ?? ERROR_TEXTS.default);
      throw error;
    }
  };
  return { call, dialog, show };
}

/** The result step: the success dialog (open once) and what was done, with another movement to start. */
export function MovementResult({
  message,
  details,
  again,
  onAgain,
  show,
}: {
  message: string;
  details?: ReactNode;
  again: string;
  onAgain: () => void;
  show: (kind: 'success' | 'failure', message: string) => void;
}) {
  const translate = useTranslate();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    show('success', message);
  }, [message, show]);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success">{message}</Alert>
      {details ? <Box sx={{ width: '100%' }}>{details}</Box> : null}
      <Button variant="contained" onClick={onAgain}>
        {translate(again)}
      </Button>
    </Stack>
  );
}

/** A row of a movement's summary: a label (message key) and its value. */
export interface SummaryRow {
  label: string;
  value: ReactNode;
  /** A money amount: tabular numerals, so the digits of the rows line up. */
  amount?: boolean;
  /** A total (what moves): emphasised, under a rule. */
  total?: boolean;
  /** The value's test id. */
  testId?: string;
}

/**
 * What a movement will do, as every money page's overview shows it (docs/decisions.md 200): a bounded
 * box, an optional caption, then one row per fact, the label on the left and the value right-aligned;
 * amounts in tabular numerals and the totals emphasised at the bottom.
 */
export function Summary({
  rows,
  caption,
  testId,
}: {
  rows: readonly SummaryRow[];
  caption?: ReactNode;
  testId?: string;
}) {
  const translate = useTranslate();
  return (
    <Box
      data-testid={testId}
      sx={{
        alignSelf: 'stretch',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        px: 2,
      }}
    >
      {caption ? (
        <Typography
          component="p"
          variant="subtitle2"
          sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {caption}
        </Typography>
      ) : null}
      <Box component="dl" sx={{ m: 0 }}>
        {rows.map(({ label, value, amount, total, testId: valueId }, index) => (
          <Box
            key={label}
            data-total={total ? 'true' : undefined}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'baseline',
              columnGap: 2,
              py: 1.25,
              borderTop: index === 0 ? 0 : 1,
              borderColor: 'divider',
            }}
          >
            <Typography
              component="dt"
              variant="body2"
              sx={{ flexShrink: 0, maxWidth: '45%', color: total ? 'text.primary' : 'text.secondary' }}
              fontWeight={total ? 600 : undefined}
            >
              {translate(label)}
            </Typography>
            <Typography
              component="dd"
              variant={total ? 'body1' : 'body2'}
              data-testid={valueId}
              fontWeight={total ? 600 : undefined}
              sx={{
                m: 0,
                minWidth: 0,
                textAlign: 'right',
                overflowWrap: 'anywhere',
                fontVariantNumeric: amount || total ? 'tabular-nums' : undefined,
              }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The frame of a movement page (docs/decisions.md 199): the title and intro of its texts
 * (`<texts>.title`, `<texts>.intro`), the alert when the businesses could not be loaded, then the page's
 * own alerts, form and dialog.
 */
export function MovementPage({
  texts,
  businessesFailed = false,
  failedText = `${MOVEMENT_TEXTS}.businessesFailed`,
  children,
}: {
  texts: string;
  businessesFailed?: boolean;
  /** The alert's message key, where the page has its own. */
  failedText?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Page title={`${texts}.title`} maxWidth="form">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${texts}.intro`)}
      </Typography>
      {businessesFailed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(failedText)}
        </Alert>
      ) : null}
      {children}
    </Page>
  );
}

/** The business select of a movement: 'businessId' under the shared label, unless named. */
const ONE_BUSINESS: readonly (readonly [string, string])[] = [['businessId', `${MOVEMENT_TEXTS}.business`]];

/**
 * The selects a movement starts with, each required: its business select(s) (`businessFields`: field
 * name and label) and the currency select (the fiat currencies only when asked).
 */
export function BusinessCurrencyFields({
  businesses,
  businessFields = ONE_BUSINESS,
  fiatOnly = false,
}: {
  businesses: readonly { id: string; name: string }[];
  businessFields?: readonly (readonly [string, string])[];
  fiatOnly?: boolean;
}) {
  const translate = useTranslate();
  const currencies = useCurrencyChoices({ fiatOnly });
  const options = businessOptions(businesses, translate(`${MOVEMENT_TEXTS}.chooseBusiness`));
  return (
    <>
      {businessFields.map(([name, label]) => (
        <FormSelectField key={name} name={name} label={label} options={options} required />
      ))}
      <FormSelectField name="currency" label={`${MOVEMENT_TEXTS}.currency`} options={currencies} required />
    </>
  );
}
