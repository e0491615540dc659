/**
 * A record's life, oldest first (issue 32 §2): each step with its time, what happened, the record's
 * status after it, who did it (a user, an API key, the system) and where it came from; a deposit's
 * confirmations n of m, an approval's 2FA, a failure's reason, a callback's answer and attempt n of m,
 * an audited change's fields. A step of one of a payment's deposits links to the deposit's page.
 */
import type { ReactNode } from 'react';
import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { TimelineStep } from '../../../domain/records';
import { recordPagePath } from '../../../domain/recordPaths';
import { formatTimestamp } from '../../../i18n/format';
import { StatusChip } from '../../../layout';
import { AuditChanges, useAuditTexts } from '../../../layout/AuditTimeline';
import { CallbackStatusChip, eventTypeKey } from '../../../features/callbacks';
import { oldestFirst, stepTitle } from './rules';

function StepTitle({ step }: { step: TimelineStep }) {
  const translate = useTranslate();
  const audit = useAuditTexts();
  const { key, args } = stepTitle(step);
  const words = { ...args };
  if (step.callback)
    words.event = translate(eventTypeKey(step.callback.eventType), { _: step.callback.eventType });
  if (step.audit) words.action = audit.action(step.audit.action);
  return (
    <Typography component="span" sx={{ fontWeight: 500 }}>
      {translate(key, words)}
    </Typography>
  );
}

/**
 * Who and where: 'manager@example.com (user) · Dashboard'; the system by its name alone, and the
 * source only where it says more than the actor ('Simulator' is both); no actor, the source alone.
 */
function StepActor({ step }: { step: TimelineStep }) {
  const translate = useTranslate();
  const source = translate(`resources.records.sources.${step.source}`);
  // Nobody known (the demo history): where it came from only.
  if (!step.actor) return <>{source}</>;
  const actor =
    step.actor.type === 'system'
      ? translate(`resources.records.systemActors.${step.actor.label}`, { _: step.actor.label })
      : translate('resources.records.timeline.actor', {
          actor: step.actor.label,
          type: translate(`resources.records.actorTypes.${step.actor.type}`),
        });
  return <>{actor === source ? actor : `${actor} · ${source}`}</>;
}

/** What a step adds: confirmations, 2FA, the reason, the callback's answer, the deposit it is of. */
function StepDetails({ step }: { step: TimelineStep }) {
  const translate = useTranslate();
  const lines: { key: string; node: ReactNode; tone?: 'error' }[] = [];
  if (step.twoFactor !== undefined)
    lines.push({
      key: '2fa',
      node: translate(
        step.twoFactor ? 'resources.records.timeline.twoFactor' : 'resources.records.timeline.noTwoFactor',
      ),
    });
  if (step.reason)
    lines.push({
      key: 'reason',
      node: translate('resources.records.timeline.reason', { reason: step.reason }),
      tone: step.type === 'failed' || step.type === 'rejected' ? 'error' : undefined,
    });
  if (step.callback) {
    const { statusCode, error, attempt, of, status } = step.callback;
    const answer =
      statusCode !== null ? translate('resources.records.timeline.answer', { code: statusCode }) : error;
    lines.push({
      key: 'callback',
      node: (
        <Stack component="span" direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <CallbackStatusChip status={status} />
          <span>
            {/* A skipped callback had no URL to try: no attempt to count. */}
            {status === 'SKIPPED'
              ? translate('resources.callbacks.noUrl')
              : [answer, translate('resources.records.timeline.attempt', { attempt, of })]
                  .filter(Boolean)
                  .join(' · ')}
          </span>
        </Stack>
      ),
    });
  }
  if (step.depositId)
    lines.push({
      key: 'deposit',
      node: (
        <MuiLink component={Link} to={recordPagePath('payment-deposits', step.depositId)} underline="hover">
          {translate('resources.records.timeline.deposit', { id: step.depositId })}
        </MuiLink>
      ),
    });
  return (
    <>
      {lines.map((line) => (
        <Typography
          key={line.key}
          variant="body2"
          color={line.tone === 'error' ? 'error' : 'text.primary'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {line.node}
        </Typography>
      ))}
      {step.audit ? <AuditChanges changes={step.audit.changes} /> : null}
    </>
  );
}

export function Timeline({ steps }: { steps: readonly TimelineStep[] }) {
  const translate = useTranslate();
  if (steps.length === 0)
    return (
      <Typography role="status" color="text.secondary">
        {translate('resources.records.timeline.empty')}
      </Typography>
    );
  return (
    <Box
      component="ol"
      data-testid="record-timeline"
      sx={{ m: 0, p: 0, pl: 2, listStyle: 'none', borderLeft: 2, borderColor: 'divider' }}
    >
      {oldestFirst(steps).map((step, index) => (
        <Box
          component="li"
          key={`${step.at}-${step.type}-${index}`}
          data-step={step.type}
          sx={{ pb: 2, '&:last-of-type': { pb: 0 } }}
        >
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <StepTitle step={step} />
            {step.status ? <StatusChip status={step.status} /> : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={step.at}>{formatTimestamp(step.at)}</time> · <StepActor step={step} />
          </Typography>
          <StepDetails step={step} />
        </Box>
      ))}
    </Box>
  );
}
