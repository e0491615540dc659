/**
 * The attempts of one callback, oldest first (GET /v1/callbacks/{id}): attempt n of m, what started it
 * (the schedule, or a resend and by whom), when, the answer (its status code, or its error), the
 * latency, the answer's first 2 KB behind a disclosure, and the next attempt. Read under the
 * callbacks' query key, so a live event `callbacks.updated` shows a new attempt without a reload.
 *
 * A list rather than a table: every attempt is a short block of label and value that wraps at any
 * width, so a phone shows it whole.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { ensureContrast } from '../../brands/theme';
import type { CallbackAttempt, CallbackDetail } from '../../domain/callbacks';
import { ERROR_TEXTS } from '../../domain/errors';
import { formatNumber, formatTimestamp } from '../../i18n/format';
import { CodeValue, messageOf } from '../../layout';
import { callbackDetailKey, useCallbackApi } from './api';
import { answerOf, delivers, excerptOf, isDue } from './rules';

const T = 'resources.callbacks';

/** A meaning's colour moved until it reads at AA on the paper (every brand, both modes). */
const readable = (theme: Theme, color: string) => ensureContrast(color, theme.palette.background.paper);

/** One attempt's answer: 'HTTP 200' in the success colour, 'HTTP 500' or the error in the error's. */
export function AnswerText({
  answer,
}: {
  answer: {
    statusCode?: number | null;
    lastStatusCode?: number | null;
    error?: string | null;
    lastError?: string | null;
  };
}) {
  const translate = useTranslate();
  const value = answerOf(answer);
  if (!value) return <>—</>;
  if ('code' in value)
    return (
      <Box
        component="span"
        sx={(theme) => ({
          color: readable(
            theme,
            delivers(value.code) ? theme.palette.success.main : theme.palette.error.main,
          ),
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {translate(`${T}.attempts.statusCode`, { code: value.code })}
      </Box>
    );
  return (
    <Box
      component="span"
      sx={(theme) => ({ color: readable(theme, theme.palette.error.main), overflowWrap: 'anywhere' })}
    >
      {value.error}
    </Box>
  );
}

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Attempt({ attempt, max }: { attempt: CallbackAttempt; max: number }) {
  const translate = useTranslate();
  const excerpt = excerptOf(attempt);
  const trigger =
    attempt.trigger === 'RESEND'
      ? attempt.resentBy
        ? translate(`${T}.attempts.resentBy`, { email: attempt.resentBy })
        : translate(`${T}.attempts.resent`)
      : translate(`${T}.attempts.scheduled`);
  return (
    <Box
      component="li"
      sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, auto))' },
          justifyContent: 'start',
          columnGap: { md: 4 },
        }}
      >
        <Pair label={translate(`${T}.attempts.attempt`)}>
          {translate(`${T}.attemptOf`, { attempt: attempt.attempt, max })}
        </Pair>
        <Pair label={translate(`${T}.attempts.trigger`)}>{trigger}</Pair>
        <Pair label={translate(`${T}.attempts.time`)}>{formatTimestamp(attempt.startedAt)}</Pair>
        <Pair label={translate(`${T}.attempts.answer`)}>
          <AnswerText answer={attempt} />
        </Pair>
        <Pair label={translate(`${T}.attempts.latency`)}>
          {translate(`${T}.attempts.latencyMs`, { ms: formatNumber(attempt.latencyMs) })}
        </Pair>
        <Pair label={translate(`${T}.attempts.next`)}>
          {attempt.nextAttemptAt ? formatTimestamp(attempt.nextAttemptAt) : translate(`${T}.attempts.noNext`)}
        </Pair>
      </Box>
      {excerpt ? (
        <Box component="details" sx={{ mt: 0.5, '& summary': { cursor: 'pointer', typography: 'body2' } }}>
          <summary>{translate(`${T}.attempts.excerpt`)}</summary>
          <Box
            component="pre"
            sx={{
              m: 0,
              mt: 0.5,
              p: 1,
              maxHeight: 200,
              overflow: 'auto',
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontSize: '0.8125rem',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {excerpt}
          </Box>
        </Box>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {translate(`${T}.attempts.noExcerpt`)}
        </Typography>
      )}
    </Box>
  );
}

/** A callback's detail, read once per callback and shared by whatever shows it. */
export function useCallbackDetail(id: number, enabled = true) {
  const api = useCallbackApi();
  return useQuery<CallbackDetail>({
    queryKey: callbackDetailKey(id),
    queryFn: ({ signal }) => api.getCallbackDetail(id, signal),
    enabled,
  });
}

export function CallbackAttempts({ callbackId }: { callbackId: number }) {
  const translate = useTranslate();
  const { data, error, isPending, refetch, isFetching } = useCallbackDetail(callbackId);

  if (error && !data)
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            {translate(`${T}.retry`)}
          </Button>
        }
      >
        {translate(`${T}.attempts.loadFailed`)} {messageOf(error, ERROR_TEXTS.default)}
      </Alert>
    );
  if (isPending || !data)
    return (
      <Stack spacing={1} aria-busy="true" aria-label={translate('ra.page.loading')}>
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="90%" />
      </Stack>
    );

  const { callback, attempts } = data;
  return (
    <Box component="section" aria-label={translate(`${T}.attempts.label`, { id: callback.id })}>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, mb: 1, alignItems: 'center' }}
      >
        <Typography variant="body2" component="div" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {translate(`${T}.attempts.webhookId`)}
          </Box>
          <CodeValue value={callback.webhookId} label={translate(`${T}.attempts.webhookId`)} shorten />
        </Typography>
        <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
            {translate(`${T}.attempts.sentTo`)}
          </Box>
          {callback.url ?? translate(`${T}.noUrl`)}
        </Typography>
        {isDue(callback) ? (
          <Typography variant="body2" role="status" sx={{ fontWeight: 500 }}>
            {translate(`${T}.dueNow`)}
          </Typography>
        ) : null}
      </Stack>
      {attempts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.attempts.none`)}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {attempts.map((attempt) => (
            <Attempt key={attempt.attempt} attempt={attempt} max={callback.maxAttempts} />
          ))}
        </Box>
      )}
    </Box>
  );
}
