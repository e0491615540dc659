/**
 * The body of an edit page while its record loads: the failure in the server's words, a spinner
 * while it loads, then the form of the loaded record.
 */
import type { ReactNode } from 'react';
import { Alert, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ERROR_TEXTS } from '../domain/errors';
import { messageOf } from './errors';

export function LoadedRecord<T>({
  error,
  record,
  children,
}: {
  error: unknown;
  record: T | undefined;
  children: (record: T) => ReactNode;
}) {
  const translate = useTranslate();
  if (error) return <Alert severity="error">{messageOf(error, ERROR_TEXTS.default)}</Alert>;
  if (record === undefined) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  return <>{children(record)}</>;
}
