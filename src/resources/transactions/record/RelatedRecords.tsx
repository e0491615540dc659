/**
 * The records linked to this one, both ways (a payment and its deposits, a withdrawal and its
 * whitelisted address, a conversion and its fee, a settlement and its bank account, a transfer and the
 * other business): each with how it relates, its kind and status, linked to its page where the user
 * may open it (src/domain/recordPaths.ts `relatedPath`).
 */
import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'react-admin';
import type { RelatedRecord } from '../../../domain/records';
import { isRecordKind, relatedPath } from '../../../domain/recordPaths';
import { StatusChip } from '../../../layout';

/** What opening a related record needs: its page's view (react-admin's canAccess of the declarations). */
const OPENS: Readonly<Record<string, { resource: string; action: string }>> = {
  businesses: { resource: 'businesses', action: 'show' },
  'bank-accounts': { resource: 'bank-accounts', action: 'list' },
  'whitelisted-addresses': { resource: 'whitelisted-addresses', action: 'list' },
};

function RelatedLink({ related }: { related: RelatedRecord }) {
  const target = isRecordKind(related.kind)
    ? { resource: related.kind, action: 'show' }
    : (OPENS[related.kind] ?? { resource: related.kind, action: 'show' });
  const { canAccess } = useCanAccess(target);
  const text = (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {related.label}
    </Box>
  );
  if (!canAccess) return text;
  return (
    <MuiLink component={Link} to={relatedPath(related)} underline="hover">
      {text}
    </MuiLink>
  );
}

export function RelatedRecords({ related }: { related: readonly RelatedRecord[] }) {
  const translate = useTranslate();
  if (related.length === 0)
    return (
      <Typography role="status" color="text.secondary">
        {translate('resources.records.related.empty')}
      </Typography>
    );
  const kindName = (kind: RelatedRecord['kind']) =>
    isRecordKind(kind)
      ? translate(`resources.${kind}.name`, { smart_count: 1 })
      : translate(`resources.records.related.kinds.${kind}`);
  // 'Deposit · Payment deposit'; the kind alone where the relation says the same ('Whitelisted address').
  const describe = (item: RelatedRecord) => {
    const relation = translate(`resources.records.related.relations.${item.relation}`, { _: item.relation });
    const kind = kindName(item.kind);
    return relation === kind ? kind : `${relation} · ${kind}`;
  };
  return (
    <Box component="ul" data-testid="record-related" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {related.map((item) => (
        <Box
          component="li"
          key={`${item.kind}:${item.id}:${item.relation}`}
          data-kind={item.kind}
          sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Typography variant="body2" color="text.secondary">
            {describe(item)}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <RelatedLink related={item} />
            {item.status ? <StatusChip status={item.status} /> : null}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
