import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { FormEventHandler, ReactNode } from 'react';
import { translate } from '../i18n/translate';

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
