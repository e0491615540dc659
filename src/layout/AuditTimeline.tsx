/**
 * A record's history from the audit log (docs/decisions.md, decisions 153–157): who changed what and
 * when, newest first, read from `GET /v1/audit-log?entityType=…&entityId=…`. Drop it on any detail or
 * edit page: `<AuditTimeline entityType="api-key" id={id} />`. It shows nothing to a user without
 * GET_AUDIT_LOG (the API would refuse them), and nothing while the record is new (no id).
 *
 * `AuditChanges` renders an entry's changes (`field: before → after`), here and in the audit-log list.
 */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate, type Identifier } from 'react-admin';
import { changeLines, type AuditEntry } from '../domain/auditLog';
import { all, satisfies } from '../domain/requirements';
import { formatTimestamp } from '../i18n/format';
import { useAccessContext } from './access';

/** Entries shown at first; 'Show more' adds as many again. */
export const TIMELINE_PAGE = 10;

/** An entry's action in the user's words (an action the catalogue does not know: as written). */
export function useAuditTexts() {
  const translate = useTranslate();
  return {
    action: (action: string) => translate(`resources.audit-log.actions.${action}`, { _: action }),
    entityType: (type: string) => translate(`resources.audit-log.entityTypes.${type}`, { _: type }),
  };
}

export function AuditChanges({ changes }: { changes: AuditEntry['changes'] }) {
  const translate = useTranslate();
  const lines = changeLines(changes);
  if (lines.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.audit-log.noChanges')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {lines.map((line) => (
        <Typography component="li" variant="body2" key={line.field} sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {line.field}
          </Box>
          {': '}
          {line.before}
          {' → '}
          {line.after}
        </Typography>
      ))}
    </Box>
  );
}

export interface AuditTimelineProps {
  /** The kind of record as the log names it: 'business', 'api-key', 'user', 'role', 'bank-account'. */
  entityType: string;
  /** The record's id; nothing is shown without one. */
  id: Identifier | undefined | null;
}

export function AuditTimeline({ entityType, id }: AuditTimelineProps) {
  const access = useAccessContext();
  if (id === undefined || id === null || id === '' || !satisfies(all('GET_AUDIT_LOG'), access)) return null;
  return <Timeline entityType={entityType} id={id} />;
}

function Timeline({ entityType, id }: { entityType: string; id: Identifier }) {
  const translate = useTranslate();
  const texts = useAuditTexts();
  const [shown, setShown] = useState(TIMELINE_PAGE);
  const { data, total, isPending, error } = useGetList<AuditEntry>('audit-log', {
    filter: { entityType, entityId: String(id) },
    sort: { field: 'at', order: 'DESC' },
    pagination: { page: 1, perPage: shown },
  });
  const headingId = `audit-timeline-${entityType}-${id}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="audit-timeline" sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {translate('layout.auditTimeline.title')}
      </Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={translate('layout.auditTimeline.loading')} />
      ) : error ? (
        <Alert severity="error">{translate('layout.auditTimeline.loadFailed')}</Alert>
      ) : !data || data.length === 0 ? (
        <Typography role="status" color="text.secondary">
          {translate('layout.auditTimeline.empty')}
        </Typography>
      ) : (
        <>
          <Box
            component="ol"
            sx={{ m: 0, p: 0, listStyle: 'none', borderLeft: 2, borderColor: 'divider', pl: 2 }}
          >
            {data.map((entry) => (
              <Box component="li" key={entry.id} sx={{ pb: 2 }} data-testid="audit-timeline-entry">
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                  <Typography component="span" sx={{ fontWeight: 500 }}>
                    {texts.action(entry.action)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {translate('layout.auditTimeline.by', {
                      actor: entry.actor.label,
                      at: formatTimestamp(entry.at),
                    })}
                  </Typography>
                  {entry.outcome === 'refused' ? (
                    <Typography component="span" variant="body2" color="error">
                      {translate('resources.audit-log.outcomes.refused')}
                    </Typography>
                  ) : null}
                </Stack>
                <AuditChanges changes={entry.changes} />
              </Box>
            ))}
          </Box>
          {total !== undefined && total > data.length ? (
            <Button size="small" onClick={() => setShown((n) => n + TIMELINE_PAGE)}>
              {translate('layout.auditTimeline.more')}
            </Button>
          ) : null}
        </>
      )}
    </Box>
  );
}
