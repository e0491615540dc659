/**
 * The record's fields as its own GET answers them, in the sections of the details drawer (overview,
 * amounts, blockchain, dates): ids, references, hashes and addresses with their copy buttons and
 * block-explorer links (src/layout CodeValue), amounts in their currency. A field the record does not
 * carry is left out, and so are the status, business and creation time the header shows.
 */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RecordKind } from '../../../domain/records';
import { groupOf, type FieldGroup, type FieldSpec } from '../kinds';
import { FieldValue } from '../values';
import { recordKindSpec } from './rules';

const GROUPS: readonly FieldGroup[] = ['overview', 'amounts', 'chain', 'dates'];
/** What the header already says of every record. */
const IN_HEADER = new Set(['status', 'businessId', 'createdAt']);

export function RecordDetails({ kind, record }: { kind: RecordKind; record: Record<string, unknown> }) {
  const translate = useTranslate();
  const shown = recordKindSpec(kind).fields.filter(
    (field) =>
      field.type !== 'deposits' && !IN_HEADER.has(field.source) && record[field.source] !== undefined,
  );
  return (
    <>
      {GROUPS.map((group) => {
        const fields: FieldSpec[] = shown.filter((f) => groupOf(f) === group);
        if (fields.length === 0) return null;
        return (
          <Box key={group} sx={{ mb: 2, '&:last-of-type': { mb: 0 } }}>
            <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
              {translate(`resources.transactions.details.groups.${group}`)}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '7.5rem minmax(0, 1fr)', sm: '10rem minmax(0, 1fr)' },
                columnGap: 2,
                rowGap: 0.75,
                m: 0,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' },
                // A hash's copy and explorer buttons go below it rather than past a phone's edge.
                '& dd .CodeValue-root': { flexWrap: 'wrap' },
              }}
            >
              {fields.map((field) => (
                <Box key={field.source} sx={{ display: 'contents' }}>
                  <dt>{translate(`resources.${kind}.fields.${field.source}`)}</dt>
                  <dd>
                    <FieldValue field={field} record={record} />
                  </dd>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </>
  );
}
