export { Layout, AppNotification } from './Layout';
export {
  ResponseDialog,
  useResponseDialog,
  type ResponseDialogProps,
  type ResponseKind,
} from './ResponseDialog';
export { RequireAccess, LandingRedirect, AccessDeniedRedirect, useAccessContext } from './access';
export { AliasRedirect } from './AliasRedirect';
export { NotFound } from './NotFound';
export { Page, PAGE_WIDTHS, focusPageHeading, type PageProps, type PageWidth } from './Page';
export { messageOf, fieldErrorsOf } from './errors';
export { layoutMessages } from './messages';
export { MenuEntriesProvider, useMenuEntries } from './MenuEntriesContext';
export {
  StatusChip,
  statusColors,
  STATUS_ICONS,
  type StatusChipProps,
  type StatusColors,
} from './StatusChip';

export { CodeValue, shortenMiddle, type CodeValueProps } from './CodeValue';

export { GlobalSearch, SearchResults } from './GlobalSearch';
export { isSearchShortcut, isTextField } from './searchShortcut';
export {
  readPreferences,
  writePreference,
  type BusinessesView,
  type Preferences,
  type ThemeChoice,
} from './preferences';
export { usePreference } from './usePreference';
export { PAGE_ACTIONS_TEST_ID } from './Page';
export { AuditTimeline, AuditChanges, type AuditTimelineProps } from './AuditTimeline';
export { DeleteConfirmation, type DeleteConfirmationProps } from './DeleteConfirmation';
export { ListSearch } from './ListSearch';
export {
  useLiveEvents,
  staleKeys,
  staleByRule,
  type LiveEventsOptions,
  type LiveEventMatch,
  type StaleOn,
} from './liveEvents';
