/**
 * The top of a record's page: its kind, amount and currency (large, in tabular figures), its status
 * chip, its business (linked), its reference (copied) and when it was created.
 */
import { Box, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { RecordHeader as Header } from '../../../domain/records';
import { businessPath } from '../../../domain/recordPaths';
import { CodeValue, StatusChip } from '../../../layout';
import { amountText, timestampText } from '../values';

export function RecordHeader({ header }: { header: Header }) {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.records.header.${key}`);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label('label')}
      data-testid="record-header"
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}
    >
      <Typography variant="overline" color="text.secondary" component="p">
        {translate(`resources.${header.kind}.name`, { smart_count: 1 })}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography
          component="p"
          variant="h4"
          data-testid="record-amount"
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500, overflowWrap: 'anywhere' }}
        >
          {amountText(header.amount, header.currency)}
        </Typography>
        <StatusChip status={header.status} />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          // Label above value, three abreast from sm up.
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: 1.5,
          m: 0,
          '& dt': { color: 'text.secondary', typography: 'body2' },
          '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        <div>
          <dt>{label('business')}</dt>
          <dd>
            <MuiLink component={Link} to={businessPath(header.businessId)} underline="hover">
              {header.businessName}
            </MuiLink>
          </dd>
        </div>
        <div>
          <dt>{label('reference')}</dt>
          <dd>
            <CodeValue value={header.reference} label={label('reference')} />
          </dd>
        </div>
        <div>
          <dt>{label('createdAt')}</dt>
          <dd>
            <time dateTime={header.createdAt}>{timestampText(header.createdAt)}</time>
          </dd>
        </div>
      </Box>
    </Paper>
  );
}
