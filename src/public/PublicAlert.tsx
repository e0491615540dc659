/**
 * MUI's Alert for the public screens, as a chunk of its own: the login page shows one only after a
 * failure or a forced logout, so its first load does not carry it (nor its icons).
 */
import type { AlertProps } from '@mui/material/Alert';
import { Suspense } from 'react';
import { preloadable } from './preloadable';

const Alert = preloadable<AlertProps>(() => import('@mui/material/Alert').then((m) => m.default));

export function PublicAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}

PublicAlert.preload = Alert.preload;
