/** A part of a record's page: an outlined card under its h2, named by it for screen readers. */
import { useId, type ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function Section({
  title,
  action,
  testId,
  children,
}: {
  /** Message key of its heading. */
  title: string;
  /** Beside the heading (a count, a link). */
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1.5 }}
      >
        <Typography id={headingId} component="h2" variant="h6">
          {translate(title)}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
