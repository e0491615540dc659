/**
 * What this user may do to the record now (the answer's `actions`, the server's word on its state and
 * the user's permissions): approve or reject a withdrawal awaiting approval, through the approvals
 * page's own dialog (2FA, four eyes, one Idempotency-Key per dialog; src/features/withdrawalDecision);
 * and open its transaction in the block explorer. The caller's own withdrawal says why another user
 * must decide it. Resending a callback is the callbacks section's.
 */
import { useState } from 'react';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../../../authProvider';
import { useBrand } from '../../../brands';
import { explorerUrl } from '../../../domain/explorers';
import type { RecordPage } from '../../../domain/records';
import type { Decision } from '../../../features/withdrawalDecision/api';
import { DecisionDialog, type DecisionSubject } from '../../../features/withdrawalDecision/DecisionDialog';
import { formatMoney } from '../../../i18n/format';
import { createdByUser, decisionSubject, explorerTarget } from './rules';

export function RecordActions({ page, onDecided }: { page: RecordPage; onDecided: () => void }) {
  const translate = useTranslate();
  const session = useSession();
  const brand = useBrand();
  const [deciding, setDeciding] = useState<{ subject: DecisionSubject; decision: Decision } | null>(null);
  const { header, actions } = page;
  const subject = decisionSubject(page);
  const target = explorerTarget(page);
  const link = target && explorerUrl(target.target, target.value, target, brand.definition.explorers);
  const own =
    header.kind === 'crypto-withdrawals' &&
    header.status === 'AWAITING_APPROVAL' &&
    !actions.approve &&
    createdByUser(page, session.id);
  const amount = formatMoney(header.amount, header.currency);
  const decide = (decision: Decision) => subject && setDeciding({ subject, decision });

  if (!link && !own && !(subject && (actions.approve || actions.reject))) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      aria-label={translate('resources.records.actions.label')}
      role="group"
      sx={{ gap: 1, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
    >
      {own ? (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="own-withdrawal"
          sx={{ maxWidth: 360 }}
        >
          {translate('resources.records.actions.ownWithdrawal')}
        </Typography>
      ) : null}
      {subject && actions.approve ? (
        <Button
          variant="contained"
          onClick={() => decide('approve')}
          aria-label={translate('resources.withdrawal-approvals.approveFor', { id: header.id, amount })}
        >
          {translate('resources.withdrawal-approvals.approve')}
        </Button>
      ) : null}
      {subject && actions.reject ? (
        <Button
          variant="outlined"
          color="error"
          onClick={() => decide('reject')}
          aria-label={translate('resources.withdrawal-approvals.rejectFor', { id: header.id, amount })}
        >
          {translate('resources.withdrawal-approvals.reject')}
        </Button>
      ) : null}
      {link ? (
        <Button
          variant="outlined"
          component="a"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNewIcon aria-hidden />}
        >
          {translate('resources.records.actions.explorer')}
        </Button>
      ) : null}
      {deciding ? (
        <DecisionDialog
          key={`${deciding.subject.id}-${deciding.decision}`}
          withdrawal={deciding.subject}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDecided={onDecided}
        />
      ) : null}
    </Stack>
  );
}
