import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { FormEventHandler, ReactNode } from 'react';
import { isApiError } from '../api/apiError';
import { errorText } from '../domain/errors';
import { translate } from '../i18n/translate';

/**
 * The text of a failed call on a public screen: no answer (status 0) and 429 show the error rules'
 * text (the rate-limit text with a hint at the connection, or with the wait from Retry-After); any
 * other failure the server's text (docs/product.md#error-catalogue selection) or `fallback`.
 */
export function failureText(error: unknown, fallback?: string): string {
  if (isApiError(error) && (error.status === 0 || error.status === 429)) return error.message;
  return errorText(error, fallback);
}

/** The form of a public screen: its fields, then a submit button that shows progress while submitting. */
export function PublicForm({
  onSubmit,
  submitting,
  submitLabel,
  submittingLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** Message keys of the button, idle and while submitting. */
  submitLabel: string;
  submittingLabel: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {children}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {translate(submitting ? submittingLabel : submitLabel)}
      </Button>
    </Box>
  );
}
