/**
 * The audit log list: when, who (an e-mail, an API key's name, or the demo data), the action, the
 * record (linked to its page when it is a record of RECORD_KINDS the user may open), its changes
 * (`field: before → after`), the outcome and the address. Newest first; the shared
 * filter bar searches and filters by action, record kind, outcome and dates; the export saves the
 * filtered entries as CSV (formula-safe, under the server's row cap). Read-only: the log is never
 * edited, not even by the API.
 */
import { useMemo } from 'react';
import { Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { visuallyHidden } from '@mui/utils';
import {
  DataTable,
  List,
  TopToolbar,
  useCanAccess,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { sortQuery } from '../../dataProvider/dataProvider';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_OUTCOMES,
  auditLogQuery,
  type AuditEntry,
} from '../../domain/auditLog';
import { auditEntityKind, auditEntityPath } from '../../domain/recordPaths';
import { formatTimestamp } from '../../i18n/format';
import { Page, StatusChip } from '../../layout';
import { AuditChanges, useAuditTexts } from '../../layout/AuditTimeline';
import { FilterBar, type FilterSpec } from '../../layout/FilterBar';
import { ExportCsvButton, exportDay } from '../../layout/ExportCsvButton';
import { useAuditLogApi } from './api';

type Row = AuditEntry & { id: number };

const NEWEST_FIRST = { field: 'at', order: 'DESC' } as const;

function AuditFilters() {
  const translate = useTranslate();
  const texts = useAuditTexts();
  const label = (key: string) => translate(`resources.audit-log.filters.${key}`);
  const filters: FilterSpec[] = [
    {
      type: 'choice',
      source: 'action',
      label: label('action'),
      choices: AUDIT_ACTIONS.map((id) => ({ id, name: texts.action(id) })),
    },
    {
      type: 'choice',
      source: 'entityType',
      label: label('entityType'),
      choices: AUDIT_ENTITY_TYPES.map((id) => ({ id, name: texts.entityType(id) })),
    },
    {
      type: 'choice',
      source: 'outcome',
      label: label('outcome'),
      choices: AUDIT_OUTCOMES.map((id) => ({ id, name: translate(`resources.audit-log.outcomes.${id}`) })),
    },
    { type: 'dateRange', from: 'from', to: 'to', label: label('date') },
  ];
  return <FilterBar search={{ source: 'q', label: label('search') }} filters={filters} />;
}

/** The entry's record id, linked to the record's page when it has one the user may open. */
function EntityId({ entry }: { entry: Row }) {
  const translate = useTranslate();
  const kind = auditEntityKind(entry.entityType);
  const { canAccess } = useCanAccess({ resource: kind ?? entry.entityType, action: 'show' });
  const path = auditEntityPath(entry.entityType, entry.entityId);
  const id = (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {entry.entityId}
    </Typography>
  );
  if (!path || !kind || !canAccess) return id;
  return (
    <MuiLink
      component={Link}
      to={path}
      underline="hover"
      variant="caption"
      // The id alone says nothing out of its row: the link names the record.
      aria-label={translate('resources.records.title', {
        name: translate(`resources.${kind}.name`, { smart_count: 1 }),
        id: entry.entityId,
      })}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {entry.entityId}
    </MuiLink>
  );
}

function ExportButton() {
  const { filterValues, sort } = useListContext();
  const api = useAuditLogApi();
  return (
    <ExportCsvButton
      messages="resources.audit-log.export"
      download={() =>
        api.exportAuditLogCsv(
          { ...auditLogQuery(filterValues), ...sortQuery({ sort: { at: 'at' } }, sort) },
          `audit-log-${exportDay()}.csv`,
        )
      }
    />
  );
}

export default function AuditLogList() {
  const translate = useTranslate();
  const notify = useNotify();
  const texts = useAuditTexts();
  const field = (name: string) => translate(`resources.audit-log.fields.${name}`);
  const filters = useMemo(() => <AuditFilters />, []);
  return (
    <Page title="resources.audit-log.name" maxWidth="full">
      <List<Row>
        resource="audit-log"
        sort={NEWEST_FIRST}
        perPage={25}
        title={false}
        filters={filters}
        actions={
          <TopToolbar>
            <ExportButton />
          </TopToolbar>
        }
        queryOptions={{ onError: () => notify('resources.audit-log.errors.loadFailed', { type: 'error' }) }}
        empty={false}
        sx={{
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' },
          '& td': { verticalAlign: 'top' },
          // On a phone each entry is a card: one line per field, its label before it.
          '@media (max-width: 599.95px)': {
            '& table, & tbody, & tr, & td': { display: 'block', boxSizing: 'border-box' },
            '& thead': visuallyHidden,
            '& tbody tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
            '& tbody td': {
              display: 'grid',
              gridTemplateColumns: '7em 1fr',
              justifyItems: 'start',
              gap: 1,
              border: 0,
              py: 0.25,
              px: 2,
            },
            '& tbody td::before': { content: 'attr(data-label)', color: 'text.secondary' },
          },
        }}
      >
        <DataTable<Row>
          bulkActionButtons={false}
          rowClick={false}
          empty={
            <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {translate('resources.audit-log.empty')}
            </Typography>
          }
        >
          <DataTable.Col
            source="at"
            label={field('at')}
            data-label={field('at')}
            render={(entry: Row) => <span style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(entry.at)}</span>}
          />
          <DataTable.Col
            source="actor"
            label={field('actor')}
            data-label={field('actor')}
            disableSort
            render={(entry: Row) => (
              <div>
                <div>{entry.actor.label}</div>
                <Typography variant="caption" color="text.secondary">
                  {translate(`resources.audit-log.actorTypes.${entry.actor.type}`, { _: entry.actor.type })}
                </Typography>
              </div>
            )}
          />
          <DataTable.Col
            source="action"
            label={field('action')}
            data-label={field('action')}
            disableSort
            render={(entry: Row) => texts.action(entry.action)}
          />
          <DataTable.Col
            source="entityType"
            label={field('entity')}
            data-label={field('entity')}
            disableSort
            render={(entry: Row) => (
              <div>
                <div>{texts.entityType(entry.entityType)}</div>
                {entry.entityId ? <EntityId entry={entry} /> : null}
              </div>
            )}
          />
          <DataTable.Col
            source="changes"
            label={field('changes')}
            data-label={field('changes')}
            disableSort
            render={(entry: Row) => <AuditChanges changes={entry.changes} />}
          />
          <DataTable.Col
            source="outcome"
            label={field('outcome')}
            data-label={field('outcome')}
            disableSort
            render={(entry: Row) => (
              <StatusChip
                status={entry.outcome}
                meaning={entry.outcome === 'refused' ? 'failed' : 'success'}
                label={translate(`resources.audit-log.outcomes.${entry.outcome}`)}
              />
            )}
          />
          <DataTable.Col
            source="ip"
            label={field('ip')}
            data-label={field('ip')}
            disableSort
            render={(entry: Row) => entry.ip ?? '—'}
          />
        </DataTable>
      </List>
    </Page>
  );
}
