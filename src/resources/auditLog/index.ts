/**
 * The organisation's audit log (docs/decisions.md, decisions 153–157): read-only, who changed what and
 * when, and what was refused; filtered by the shared filter bar, exported as CSV. GET_AUDIT_LOG, in the
 * full set of 'Manage users and roles'. A record's own history shows on its edit page through
 * src/layout/AuditTimeline.tsx, read from the same API.
 */
import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { resource } from '../../declarations';
import { auditLogQuery } from '../../domain/auditLog';
import { all } from '../../domain/requirements';
import { auditLogMethods } from './api';
import { auditLogMessages } from './messages';

export default resource({
  name: 'audit-log',
  api: { path: 'audit-log', listKey: 'entries', filters: auditLogQuery, sort: { at: 'at' } },
  access: { list: all('GET_AUDIT_LOG') },
  // Settings: … API keys 30, users 40, roles 50, audit log 60.
  menu: { section: 'settings', label: 'resources.audit-log.name', icon: HistoryIcon, order: 60 },
  list: lazy(() => import('./AuditLogList')),
  messages: auditLogMessages,
  translations: { de: () => import('./messages.de').then((m) => m.auditLogMessagesDe) },
  methods: auditLogMethods,
});
