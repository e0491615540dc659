/**
 * The one decision of a crypto withdrawal awaiting approval (docs/decisions.md 175–177), opened from
 * the approvals page and from the withdrawal's own page: a dialog with the 2FA code (when the user has
 * 2FA on) and, to reject, an optional reason. One Idempotency-Key per opened dialog, so a retry (a new
 * code, a lost answer) decides once. A refused code goes back to its field; any other refusal (the
 * caller's own withdrawal, decided meanwhile: 403, 409) shows the server's text in the dialog.
 *
 * Its texts are the approvals page's (`resources.withdrawal-approvals`, declared with it).
 */
import { useId, useRef, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { ERROR_TEXTS, errorText } from '../../domain/errors';
import { REJECTION_REASON_MAX } from '../../domain/withdrawals';
import { FormTextField } from '../../forms';
import { checkResolver } from '../../forms/checkResolver';
import {
  TWO_FA_FIELD,
  TwoFaCodeField,
  twoFaCodeProblem,
  twoFaFieldError,
  useTwoFaNeeded,
} from '../../forms/TwoFaCodeField';
import { formatMoney } from '../../i18n/format';
import { refreshAfterDecision, useWithdrawalDecisionApi, type Decision } from './api';

/** What the dialog names: the withdrawal, its amount, business and destination. */
export interface DecisionSubject {
  id: number;
  amount: string;
  currency: string;
  businessName: string;
  address: string;
  destinationTag?: string | null;
  addressLabel?: string | null;
}

/** 'Label — address (tag)': where the money goes, as the dialog's question names it. */
export const destinationOf = (w: Pick<DecisionSubject, 'address' | 'destinationTag' | 'addressLabel'>) =>
  `${w.addressLabel ? `${w.addressLabel} — ` : ''}${w.address}${w.destinationTag ? ` (${w.destinationTag})` : ''}`;

export function DecisionDialog({
  withdrawal,
  decision,
  onClose,
  onDecided,
}: {
  withdrawal: DecisionSubject;
  decision: Decision;
  onClose: () => void;
  /** After the decision was taken (and the queries it changes were marked stale). */
  onDecided?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useWithdrawalDecisionApi();
  const queryClient = useQueryClient();
  const needsCode = useTwoFaNeeded();
  const titleId = useId();
  const textId = useId();
  // One key per opened dialog: a retry (a new code, a lost answer) decides once.
  const key = useRef(globalThis.crypto.randomUUID());
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = formatMoney(withdrawal.amount, withdrawal.currency);

  const resolver = checkResolver<FieldValues>((values) => {
    const errors: Record<string, string> = {};
    const code = twoFaCodeProblem(values[TWO_FA_FIELD] as string | undefined, needsCode);
    if (code) errors[TWO_FA_FIELD] = code;
    if (String(values.reason ?? '').trim().length > REJECTION_REASON_MAX)
      errors.reason = 'validation.withdrawal.reasonTooLong';
    return errors;
  });

  const submit = async (values: FieldValues) => {
    if (pending) return undefined;
    setPending(true);
    setFailure(null);
    try {
      await api.decideWithdrawal(withdrawal.id, decision, {
        idempotencyKey: key.current,
        twoFaCode: needsCode ? String(values[TWO_FA_FIELD]).trim() : undefined,
        reason: decision === 'reject' ? String(values.reason ?? '').trim() || undefined : undefined,
      });
      notify(
        decision === 'approve'
          ? 'resources.withdrawal-approvals.approved'
          : 'resources.withdrawal-approvals.rejected',
        {
          type: 'success',
          messageArgs: { id: withdrawal.id },
        },
      );
      await refreshAfterDecision(queryClient);
      onDecided?.();
      onClose();
      return undefined;
    } catch (error) {
      const codeError = twoFaFieldError(error);
      if (codeError) return codeError;
      setFailure(errorText(error, ERROR_TEXTS.default));
      // Decided by someone else meanwhile: the lists and the page show it.
      void refreshAfterDecision(queryClient);
      return undefined;
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <Form
        defaultValues={{ [TWO_FA_FIELD]: '', reason: '' }}
        resolver={resolver}
        noValidate
        disableInvalidFormNotification
        onSubmit={submit}
      >
        <DialogTitle id={titleId} component="h2">
          {translate(
            decision === 'approve'
              ? 'resources.withdrawal-approvals.approveTitle'
              : 'resources.withdrawal-approvals.rejectTitle',
          )}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
            {translate(
              decision === 'approve'
                ? 'resources.withdrawal-approvals.approveQuestion'
                : 'resources.withdrawal-approvals.rejectQuestion',
              {
                amount,
                business: withdrawal.businessName,
                destination: destinationOf(withdrawal),
              },
            )}
          </DialogContentText>
          {decision === 'reject' ? (
            <FormTextField
              name="reason"
              label={'resources.withdrawal-approvals.reason'}
              helperText={'resources.withdrawal-approvals.reasonHelp'}
              multiline
              minRows={2}
              maxLength={REJECTION_REASON_MAX}
              margin="dense"
            />
          ) : null}
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
          <Button
            type="submit"
            variant="contained"
            color={decision === 'approve' ? 'primary' : 'error'}
            disabled={pending}
            startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {translate(
              decision === 'approve'
                ? 'resources.withdrawal-approvals.approve'
                : 'resources.withdrawal-approvals.reject',
            )}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
