/**
 * A transaction's details: every field of the record, in a drawer (a modal dialog: focus moves into
 * it, Escape or the close button leaves it and focus returns to the row's button).
 */
import { useId } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Drawer,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { PaymentDeposit } from '../../domain/transactions';
import type { FieldSpec, TransactionKind } from './kinds';
import { amountText, FieldValue, StatusChip, timestampText } from './values';

/** Fields the client derives from others and shows through them. */
const DERIVED = new Set(['receivedAmountPerCurrency']);

function Deposits({ deposits }: { deposits: unknown }) {
  const translate = useTranslate();
  const list = Array.isArray(deposits) ? (deposits as PaymentDeposit[]) : [];
  if (list.length === 0) return <>{translate('resources.transactions.details.none')}</>;
  const label = (key: string) => translate(`resources.payments.deposit.${key}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{label('status')}</TableCell>
            <TableCell align="right">{label('amount')}</TableCell>
            <TableCell>{label('network')}</TableCell>
            <TableCell>{label('txHash')}</TableCell>
            <TableCell align="right">{label('confirmations')}</TableCell>
            <TableCell>{label('createdAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <StatusChip status={d.status} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amountText(d.depositAmount, d.depositCurrency)}
              </TableCell>
              <TableCell>{d.network}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{d.txHash}</TableCell>
              <TableCell align="right">{d.confirmations}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{timestampText(d.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function DetailsDrawer({
  kind,
  record,
  onClose,
}: {
  kind: TransactionKind;
  record: RaRecord | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const declared = new Set(kind.fields.map((f) => f.source));
  const fields: FieldSpec[] = record
    ? [
        ...kind.fields,
        ...Object.keys(record)
          .filter((key) => !declared.has(key) && !DERIVED.has(key))
          .map((source): FieldSpec => ({ source, type: 'text' })),
      ]
    : [];
  const label = (source: string) => translate(`resources.${kind.resource}.fields.${source}`, { _: source });

  return (
    <Drawer
      anchor="right"
      open={record !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 520 }, p: 2 },
        },
      }}
    >
      {record && (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography component="h2" variant="h6" id={titleId}>
              {translate('resources.transactions.details.title', {
                name: translate(`resources.${kind.resource}.name`, { smart_count: 1 }),
                id: record.id,
              })}
            </Typography>
            <IconButton onClick={onClose} aria-label={translate('resources.transactions.details.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, auto) 1fr' },
              columnGap: 2,
              rowGap: 1,
              m: 0,
              '& dt': { color: 'text.secondary', fontWeight: 500 },
              '& dd': { m: 0, wordBreak: 'break-word' },
            }}
          >
            {fields
              .filter((f) => f.type !== 'deposits')
              .map((field) => (
                <Box key={field.source} sx={{ display: 'contents' }}>
                  <dt>{label(field.source)}</dt>
                  <dd>
                    <FieldValue field={field} record={record} />
                  </dd>
                </Box>
              ))}
          </Box>
          {fields.some((f) => f.type === 'deposits') && (
            <Box sx={{ mt: 2 }}>
              <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
                {translate('resources.transactions.details.deposits')}
              </Typography>
              <Deposits deposits={record.deposits} />
            </Box>
          )}
        </>
      )}
    </Drawer>
  );
}
