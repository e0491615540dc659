/**
 * Resend one callback (INITIATE_CALLBACK): POST /v1/callbacks/{id}/resend under an Idempotency-Key, as
 * the money pages send theirs. One key per resend: a retry after a failed or lost answer sends the
 * same key, so the server resends once; after a success the next click is a new resend with a new key.
 *
 * The 202 answers the callback due now: the lists and the detail show it due at once (their cached
 * row is replaced), and read again; the attempt that follows within a second reaches the screen by
 * the live event `callbacks.updated`.
 */
import { useRef, useState, type MouseEvent } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { CallbackDetail, CallbackRow } from '../../domain/callbacks';
import { ERROR_TEXTS, errorText } from '../../domain/errors';
import { all, satisfies } from '../../domain/requirements';
import { useAccessContext } from '../../layout';
import { callbackDetailKey, useCallbackApi } from './api';
import { CALLBACKS_RESOURCE } from './rules';

export const RESEND_REQUIRES = all('INITIATE_CALLBACK');

/** Whether the user may resend callbacks. */
export function useMayResend(): boolean {
  return satisfies(RESEND_REQUIRES, useAccessContext());
}

type ListCache = { data?: { id: unknown }[] } & Record<string, unknown>;

/** Every cached copy of the callback (its detail, the list pages that hold it) becomes `row`. */
export function showResent(queryClient: QueryClient, row: CallbackRow): void {
  queryClient.setQueryData<CallbackDetail>(callbackDetailKey(row.id), (detail) =>
    detail ? { ...detail, callback: { ...detail.callback, ...row } } : detail,
  );
  queryClient.setQueriesData<ListCache>({ queryKey: [CALLBACKS_RESOURCE, 'getList'] }, (page) =>
    page?.data
      ? { ...page, data: page.data.map((item) => (item.id === row.id ? { ...item, ...row } : item)) }
      : page,
  );
}

export function ResendButton({
  callback,
  size = 'small',
}: {
  callback: Pick<CallbackRow, 'id'>;
  size?: 'small' | 'medium';
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useCallbackApi();
  const queryClient = useQueryClient();
  const mayResend = useMayResend();
  // The key of the resend under way (or of the last one that failed): reused until one succeeds.
  const key = useRef<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!mayResend) return null;

  const resend = async (event: MouseEvent) => {
    // Inside a clickable row: the click is the button's only.
    event.stopPropagation();
    if (pending) return;
    key.current ??= globalThis.crypto.randomUUID();
    setPending(true);
    try {
      const row = await api.resendCallback(callback.id, key.current);
      key.current = null;
      showResent(queryClient, row);
      notify('resources.callbacks.resend.done', { type: 'success', messageArgs: { id: callback.id } });
      void queryClient.invalidateQueries({ queryKey: [CALLBACKS_RESOURCE] });
    } catch (error) {
      notify('resources.callbacks.resend.failed', {
        type: 'error',
        messageArgs: { message: errorText(error, ERROR_TEXTS.default) },
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      size={size}
      variant="outlined"
      startIcon={<SendIcon fontSize="small" />}
      onClick={resend}
      disabled={pending}
      aria-label={translate('resources.callbacks.resend.label', { id: callback.id })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('resources.callbacks.resend.action')}
    </Button>
  );
}
