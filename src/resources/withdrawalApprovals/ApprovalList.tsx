/**
 * /withdrawal-approvals: the organisation's crypto withdrawals, awaiting approval first (the server's
 * order, paged by the server), each awaiting one with Approve and Reject. A decision opens the shared
 * dialog (src/features/withdrawalDecision, also on the withdrawal's own page) with the 2FA code (when
 * 2FA is on) and, to reject, an optional reason; one Idempotency-Key per opened dialog, so a retry
 * decides once. The caller's own withdrawals say why another user must
 * decide them (four eyes); a 403 or 409 shows the server's text in the dialog. ADMIN's page action
 * opens the approval thresholds.
 */
import { useState, useId } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, Form, ListBase, Pagination, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useController, type FieldValues } from 'react-hook-form';
import { useSession } from '../../authProvider';
import { ERROR_TEXTS, errorText } from '../../domain/errors';
import { all, satisfies } from '../../domain/requirements';
import { thresholdProblem } from '../../domain/withdrawals';
import { DecisionDialog } from '../../features/withdrawalDecision/DecisionDialog';
import type { Decision } from '../../features/withdrawalDecision/api';
import { errorMessageText, FormTextField } from '../../forms';
import { checkResolver } from '../../forms/checkResolver';
import {
  TWO_FA_FIELD,
  TwoFaCodeField,
  twoFaCodeProblem,
  twoFaFieldError,
  useTwoFaNeeded,
} from '../../forms/TwoFaCodeField';
import { formatMoney, formatTimestamp } from '../../i18n/format';
import { CodeValue, Page, StatusChip, useAccessContext } from '../../layout';
import { APPROVALS_RESOURCE, useWithdrawalApprovalApi } from './api';

export interface ApprovalRecord extends RaRecord {
  id: number;
  businessId: number;
  businessName: string;
  currency: string;
  network: string;
  amount: string;
  address: string;
  destinationTag: string | null;
  addressLabel: string | null;
  status: string;
  createdAt: string;
  createdBy: { id: number; email: string } | null;
  decidedBy: { id: number; email: string } | null;
  decidedAt: string | null;
  rejectionReason: string | null;
  ownWithdrawal: boolean;
}

/** ADMIN's: the thresholds decide which withdrawals skip the four-eyes rule (docs/decisions.md 177). */
const MAY_SET_THRESHOLDS = all('CREATE_WITHDRAWAL', 'MANAGE_ROLES');

/** The decision column: buttons, the four-eyes reason, or who decided. */
function DecisionCell({
  withdrawal,
  onDecide,
}: {
  withdrawal: ApprovalRecord;
  onDecide: (decision: Decision) => void;
}) {
  const translate = useTranslate();
  const amount = formatMoney(withdrawal.amount, withdrawal.currency);
  if (withdrawal.status !== 'AWAITING_APPROVAL') {
    if (!withdrawal.decidedBy) return <>—</>;
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.withdrawal-approvals.decidedBy', { email: withdrawal.decidedBy.email })}
        {withdrawal.rejectionReason ? ` — ${withdrawal.rejectionReason}` : ''}
      </Typography>
    );
  }
  if (withdrawal.ownWithdrawal)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="own-withdrawal" sx={{ maxWidth: 260 }}>
        {translate('resources.withdrawal-approvals.ownWithdrawal')}
      </Typography>
    );
  return (
    // One above the other: the column stays narrow enough for the table to fit a laptop's width.
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="contained"
        onClick={() => onDecide('approve')}
        aria-label={translate('resources.withdrawal-approvals.approveFor', { id: withdrawal.id, amount })}
      >
        {translate('resources.withdrawal-approvals.approve')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={() => onDecide('reject')}
        aria-label={translate('resources.withdrawal-approvals.rejectFor', { id: withdrawal.id, amount })}
      >
        {translate('resources.withdrawal-approvals.reject')}
      </Button>
    </Stack>
  );
}

function CurrencySelect() {
  const translate = useTranslate();
  const { supportedCurrencies } = useSession();
  const { field, fieldState } = useController({ name: 'currency' });
  const error = errorMessageText(fieldState.error?.message, translate);
  return (
    <TextField
      select
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      id="threshold-currency"
      name={field.name}
      label={translate('resources.withdrawal-approvals.thresholds.currency')}
      required
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? ' '}
      fullWidth
      margin="dense"
    >
      <option value="" />
      {supportedCurrencies
        .filter((c) => !c.isFiat)
        .map((c) => (
          <option key={c.abbreviation} value={c.abbreviation}>
            {c.abbreviation}
          </option>
        ))}
    </TextField>
  );
}

/** The threshold as typed, checked against the chosen currency's precision. */
function useThresholdResolver() {
  const { supportedCurrencies } = useSession();
  const needsCode = useTwoFaNeeded();
  return checkResolver<FieldValues>((values) => {
    const errors: Record<string, string> = {};
    const currency = supportedCurrencies.find((c) => c.abbreviation === values.currency);
    if (!currency) errors.currency = 'ra.validation.required';
    if (thresholdProblem(String(values.threshold ?? ''), currency?.precision ?? 18))
      errors.threshold = 'validation.withdrawal.thresholdInvalid';
    const code = twoFaCodeProblem(values[TWO_FA_FIELD] as string | undefined, needsCode);
    if (code) errors[TWO_FA_FIELD] = code;
    return errors;
  });
}

function ThresholdsDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useWithdrawalApprovalApi();
  const needsCode = useTwoFaNeeded();
  const titleId = useId();
  const resolver = useThresholdResolver();
  const [failure, setFailure] = useState<string | null>(null);
  const thresholds = useQuery({
    queryKey: [APPROVALS_RESOURCE, 'thresholds'],
    queryFn: () => api.approvalThresholds(),
  });
  const submit = async (values: FieldValues) => {
    setFailure(null);
    try {
      const saved = await api.setApprovalThreshold(
        String(values.currency),
        String(values.threshold).trim(),
        needsCode ? String(values[TWO_FA_FIELD]).trim() : undefined,
      );
      notify('resources.withdrawal-approvals.thresholds.saved', {
        type: 'success',
        messageArgs: { currency: saved.currency, threshold: formatMoney(saved.threshold, saved.currency) },
      });
      await thresholds.refetch();
      onClose();
      return undefined;
    } catch (error) {
      const codeError = twoFaFieldError(error);
      if (codeError) return codeError;
      setFailure(errorText(error, ERROR_TEXTS.default));
      return undefined;
    }
  };
  const set = (thresholds.data ?? []).filter((t) => t.threshold !== '0');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Form
        defaultValues={{ currency: '', threshold: '', [TWO_FA_FIELD]: '' }}
        resolver={resolver}
        noValidate
        disableInvalidFormNotification
        onSubmit={submit}
      >
        <DialogTitle id={titleId} component="h2">
          {translate('resources.withdrawal-approvals.thresholds.title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ color: 'text.primary' }}>
            {translate('resources.withdrawal-approvals.thresholds.intro')}
          </DialogContentText>
          {thresholds.isError ? (
            <Alert severity="error">
              {translate('resources.withdrawal-approvals.thresholds.loadFailed')}
            </Alert>
          ) : set.length === 0 ? (
            <Typography sx={{ mt: 1 }} color="text.secondary">
              {translate('resources.withdrawal-approvals.thresholds.none')}
            </Typography>
          ) : (
            <List dense>
              {set.map((t) => (
                <ListItem key={t.currency} disableGutters>
                  {translate('resources.withdrawal-approvals.thresholds.current', {
                    currency: t.currency,
                    threshold: formatMoney(t.threshold, t.currency),
                  })}
                </ListItem>
              ))}
            </List>
          )}
          <CurrencySelect />
          <FormTextField
            name="threshold"
            label={'resources.withdrawal-approvals.thresholds.threshold'}
            inputMode="decimal"
            maxLength={40}
            required
            margin="dense"
          />
          <TwoFaCodeField />
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained">
            {translate('resources.withdrawal-approvals.thresholds.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export default function ApprovalList() {
  const translate = useTranslate();
  const notify = useNotify();
  const maySetThresholds = satisfies(MAY_SET_THRESHOLDS, useAccessContext());
  const [deciding, setDeciding] = useState<{ withdrawal: ApprovalRecord; decision: Decision } | null>(null);
  const [thresholdsOpen, setThresholdsOpen] = useState(false);
  const field = (name: string) => translate(`resources.withdrawal-approvals.fields.${name}`);
  return (
    <ListBase<ApprovalRecord>
      resource={APPROVALS_RESOURCE}
      perPage={25}
      queryOptions={{ onError: () => notify('resources.withdrawal-approvals.loadFailed', { type: 'error' }) }}
    >
      <Page
        title={'resources.withdrawal-approvals.name'}
        maxWidth="full"
        action={
          maySetThresholds ? (
            <Button variant="outlined" onClick={() => setThresholdsOpen(true)}>
              {translate('resources.withdrawal-approvals.thresholds.button')}
            </Button>
          ) : undefined
        }
      >
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.withdrawal-approvals.intro')}
        </Typography>
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <DataTable<ApprovalRecord>
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {translate('resources.withdrawal-approvals.empty')}
              </Typography>
            }
          >
            <DataTable.Col
              source="createdAt"
              label={field('createdAt')}
              render={(w: ApprovalRecord) => formatTimestamp(w.createdAt)}
            />
            <DataTable.Col source="businessName" label={field('business')} disableSort />
            <DataTable.Col
              source="amount"
              label={field('amount')}
              align="right"
              render={(w: ApprovalRecord) => formatMoney(w.amount, w.currency)}
            />
            <DataTable.Col
              label={field('destination')}
              disableSort
              render={(w: ApprovalRecord) => (
                <Box sx={{ minWidth: 180 }}>
                  {w.addressLabel ? <Typography variant="body2">{w.addressLabel}</Typography> : null}
                  <CodeValue value={w.address} label={field('destination')} shorten />
                </Box>
              )}
            />
            <DataTable.Col
              source="status"
              label={field('status')}
              disableSort
              render={(w: ApprovalRecord) => <StatusChip status={w.status} />}
            />
            <DataTable.Col
              label={field('createdBy')}
              disableSort
              render={(w: ApprovalRecord) => w.createdBy?.email ?? '—'}
            />
            <DataTable.Col
              label={field('decision')}
              disableSort
              render={(w: ApprovalRecord) => (
                <DecisionCell
                  withdrawal={w}
                  onDecide={(decision) => setDeciding({ withdrawal: w, decision })}
                />
              )}
            />
          </DataTable>
        </Box>
        <Pagination />
        {deciding ? (
          <DecisionDialog
            key={`${deciding.withdrawal.id}-${deciding.decision}`}
            withdrawal={deciding.withdrawal}
            decision={deciding.decision}
            onClose={() => setDeciding(null)}
          />
        ) : null}
        {thresholdsOpen ? <ThresholdsDialog onClose={() => setThresholdsOpen(false)} /> : null}
      </Page>
    </ListBase>
  );
}
