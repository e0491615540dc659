/**
 * The business's signing secret for its callbacks (issue 32 §1, §3): shown once, when the business is
 * created (its create answer's `callbackSecret`) and when it is rotated, never again.
 *
 * The settings' Callbacks group offers 'Rotate secret' (UPDATE_BUSINESS): a dialog asks for
 * confirmation and, when the user has 2FA on, the code (the money pages' TwoFaCodeField; a refused
 * code comes back on the field), then POST /v1/businesses/{id}/callback-secret answers the new
 * secret, which the dialog shows with Copy and the time the previous one stops signing beside it
 * (24 h). Closing the dialog forgets it.
 */
import { useId, useState, type SyntheticEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Form, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Business } from '../../domain/business';
import type { CallbackSecretAnswer } from '../../domain/callbacks';
import { ERROR_TEXTS, errorText } from '../../domain/errors';
import { checkResolver } from '../../forms/checkResolver';
import {
  TWO_FA_FIELD,
  TwoFaCodeField,
  twoFaCodeProblem,
  twoFaFieldError,
  useTwoFaNeeded,
} from '../../forms/TwoFaCodeField';
import { formatTimestamp } from '../../i18n/format';
import { useBusinessApi } from './api';

const T = 'resources.businesses.secret';

/** A create's answer: the business, and its signing secret (shown once). */
export type Created = Business & { callbackSecret?: CallbackSecretAnswer };

/** The cached copies of a created business keep no secret (the result step has its own). */
export function forgetSecret(queryClient: QueryClient, created: Created | undefined) {
  if (!created?.callbackSecret) return;
  queryClient.setQueriesData<{ callbackSecret?: unknown } | undefined>(
    { queryKey: ['businesses', 'getOne'] },
    (cached) => {
      if (!cached || !('callbackSecret' in cached)) return cached;
      const { callbackSecret: _dropped, ...rest } = cached;
      return rest;
    },
  );
}

/** A secret in full, in monospace, with a Copy button that says whether it copied. */
function SecretValue({ secret }: { secret: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState<'done' | 'failed' | null>(null);
  const label = translate(`${T}.label`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
      <Box
        component="code"
        data-testid="callback-secret"
        sx={{
          flex: '1 1 auto',
          minWidth: 0,
          p: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '0.875rem',
          overflowWrap: 'anywhere',
        }}
      >
        {secret}
      </Box>
      <Button
        variant="outlined"
        size="small"
        onClick={() => void copy()}
        aria-label={translate('layout.code.copyLabel', { label })}
        sx={{ flex: 'none' }}
      >
        {translate(copied === 'done' ? 'layout.code.copied' : 'layout.code.copy')}
      </Button>
      <span role="status" style={visuallyHidden}>
        {copied === 'done'
          ? translate('layout.code.copiedLabel', { label })
          : copied === 'failed'
            ? translate('layout.code.copyFailed')
            : ''}
      </span>
    </Stack>
  );
}

/** A secret just made: itself with Copy, that it is shown once, and when the previous one retires. */
export function NewCallbackSecret({ answer, title }: { answer: CallbackSecretAnswer; title: string }) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%' }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      <SecretValue secret={answer.secret} />
      <Alert severity="warning" sx={{ mt: 1 }}>
        {translate(`${T}.once`)}{' '}
        {answer.previousRetiresAt
          ? translate(`${T}.previousRetires`, { time: formatTimestamp(answer.previousRetiresAt) })
          : translate(`${T}.noPrevious`)}
      </Alert>
    </Box>
  );
}

/** The rotation's dialog: confirm (with the 2FA code), then the new secret. */
function RotateDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const translate = useTranslate();
  const api = useBusinessApi();
  const queryClient = useQueryClient();
  const needsCode = useTwoFaNeeded();
  const titleId = useId();
  const [answer, setAnswer] = useState<CallbackSecretAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const resolver = checkResolver<FieldValues>((values) => {
    const errors: Record<string, string> = {};
    const problem = twoFaCodeProblem(values[TWO_FA_FIELD] as string | undefined, needsCode);
    if (problem) errors[TWO_FA_FIELD] = problem;
    return errors;
  });

  const submit = async (values: FieldValues) => {
    if (pending) return undefined;
    setPending(true);
    setFailure(null);
    try {
      setAnswer(
        await api.rotateCallbackSecret(
          businessId,
          needsCode ? String(values[TWO_FA_FIELD]).trim() : undefined,
        ),
      );
      // The business's history below the form shows the rotation.
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      return undefined;
    } catch (error) {
      const codeError = twoFaFieldError(error);
      if (codeError) return codeError;
      setFailure(translate(`${T}.failed`, { message: errorText(error, ERROR_TEXTS.default) }));
      return undefined;
    } finally {
      setPending(false);
    }
  };

  // The dialog sits inside the business form in React's tree: its submit is its own.
  const own = (event: SyntheticEvent) => event.stopPropagation();

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box onSubmit={own}>
        {answer ? (
          <>
            <DialogTitle id={titleId} component="h2">
              {translate(`${T}.rotated`)}
            </DialogTitle>
            <DialogContent>
              <NewCallbackSecret answer={answer} title={`${T}.newTitle`} />
            </DialogContent>
            <DialogActions>
              <Button variant="contained" onClick={onClose}>
                {translate(`${T}.done`)}
              </Button>
            </DialogActions>
          </>
        ) : (
          <Form
            defaultValues={{ [TWO_FA_FIELD]: '' }}
            resolver={resolver}
            noValidate
            disableInvalidFormNotification
            onSubmit={submit}
          >
            <DialogTitle id={titleId} component="h2">
              {translate(`${T}.confirmTitle`)}
            </DialogTitle>
            <DialogContent>
              <Typography sx={{ mb: 1 }}>{translate(`${T}.confirmText`)}</Typography>
              <TwoFaCodeField />
              {failure ? (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {failure}
                </Alert>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} color="inherit">
                {translate(`${T}.cancel`)}
              </Button>
              <Button type="submit" variant="contained" disabled={pending}>
                {translate(`${T}.confirm`)}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Box>
    </Dialog>
  );
}

/** The settings' part: what the secret is for, and 'Rotate secret'. */
export function CallbackSecretRotation({ businessId }: { businessId: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate(`${T}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${T}.help`)}
      </Typography>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {translate(`${T}.rotate`)}
      </Button>
      {open ? <RotateDialog businessId={businessId} onClose={() => setOpen(false)} /> : null}
    </Box>
  );
}
