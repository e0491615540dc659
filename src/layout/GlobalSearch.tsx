/**
 * The app bar's search (docs/decisions.md 100–103): a combobox that finds the organisation's records
 * by id, reference, transaction hash, address or business name (GET /v1/search) and opens the one
 * chosen at its own page (src/domain/search.ts → src/domain/recordPaths.ts).
 *
 * - Opened by a click, `/` (outside text fields) or Ctrl/⌘-K; asks SEARCH_DEBOUNCE_MS after the last key.
 * - Results grouped by kind (the group holding the best match first), each with its business, status,
 *   amount and currency; ↓/↑ walk them (aria-activedescendant), Enter opens the active one (the first
 *   when none is active), Escape clears, then closes.
 * - Below 600 px an icon button opens it as a full-width dialog.
 * - Only for users who can read at least one kind.
 */
import {
  Box,
  CircularProgress,
  Dialog,
  IconButton,
  InputBase,
  Paper,
  Popper,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { SearchApi } from '../api/search';
import { useSession } from '../authProvider';
import {
  canSearch,
  flattenGroups,
  groupSearchResults,
  searchResultPath,
  SEARCH_DEBOUNCE_MS,
  SEARCH_Q_MAX_LENGTH,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from '../domain/search';
import { precisionOf } from '../domain/transactions';
import { formatAmount } from '../i18n/format';
import { StatusChip } from './StatusChip';
import { isSearchShortcut } from './searchShortcut';

/** Each kind's group heading. */
const KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  business: 'layout.search.kinds.business',
  payment: 'layout.search.kinds.payment',
  deposit: 'layout.search.kinds.deposit',
  'unassociated-deposit': 'layout.search.kinds.unassociated-deposit',
  withdrawal: 'layout.search.kinds.withdrawal',
  'fiat-deposit': 'layout.search.kinds.fiat-deposit',
  'white-label-fiat-deposit': 'layout.search.kinds.white-label-fiat-deposit',
  settlement: 'layout.search.kinds.settlement',
  transfer: 'layout.search.kinds.transfer',
  conversion: 'layout.search.kinds.conversion',
};

/** The search box, or nothing for a user who can read no kind of record. */
export function GlobalSearch() {
  const { permissions } = useSession();
  return canSearch(permissions) ? <SearchBox /> : null;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function SearchBox() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<DataProvider & SearchApi>();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // The active option, for the answer it was chosen in (a new answer starts with none).
  const [activeIn, setActiveIn] = useState<{ of: unknown; index: number }>({ of: undefined, index: -1 });
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const listboxId = useId();
  const statusId = useId();
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);

  const query = useQuery({
    queryKey: ['globalSearch', term],
    queryFn: ({ signal }) => dataProvider.searchRecords(term, signal),
    enabled: term !== '',
    staleTime: 10_000,
  });
  const groups = useMemo(() => groupSearchResults(query.data ?? []), [query.data]);
  const results = useMemo(() => flattenGroups(groups), [groups]);
  const settled = term === text.trim() && !query.isFetching;

  const active = activeIn.of === query.data ? activeIn.index : -1;
  const setActive = (next: number | ((current: number) => number)) =>
    setActiveIn({ of: query.data, index: typeof next === 'function' ? next(active) : next });

  // `/` and Ctrl/⌘-K from anywhere on the page.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const openResult = (result: SearchResult) => {
    const path = searchResultPath(result);
    close();
    setText('');
    inputRef.current?.blur();
    navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = results.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (n > 0) setActive((i) => (i + 1) % n);
        return;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (n > 0) setActive((i) => (i <= 0 ? n - 1 : i - 1));
        return;
      case 'Home':
      case 'End':
        if (n > 0 && active >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : n - 1);
        }
        return;
      case 'Enter': {
        const result = results[active >= 0 ? active : 0];
        if (result && settled) {
          event.preventDefault();
          openResult(result);
        }
        return;
      }
      case 'Escape':
        if (text !== '') setText('');
        else {
          close();
          inputRef.current?.blur();
        }
        event.preventDefault();
        event.stopPropagation();
        return;
    }
  };

  const showPanel = open && text.trim() !== '';
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const input = (
    <InputBase
      inputRef={inputRef}
      value={text}
      onChange={(event) => {
        setText(event.target.value.slice(0, SEARCH_Q_MAX_LENGTH));
        setOpen(true);
      }}
      onFocus={() => setOpen(true)}
      onBlur={() => {
        if (!isXSmall) close();
      }}
      onKeyDown={onKeyDown}
      placeholder={translate('layout.search.placeholder')}
      startAdornment={<SearchIcon fontSize="small" sx={{ mr: 1, opacity: 0.8 }} aria-hidden />}
      endAdornment={query.isFetching ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      inputProps={{
        role: 'combobox',
        type: 'text',
        autoComplete: 'off',
        spellCheck: false,
        maxLength: SEARCH_Q_MAX_LENGTH,
        'aria-label': translate('layout.search.label'),
        'aria-autocomplete': 'list',
        'aria-expanded': showPanel,
        'aria-controls': listboxId,
        'aria-describedby': statusId,
        'aria-activedescendant': showPanel && active >= 0 ? optionId(active) : undefined,
        'aria-keyshortcuts': '/ Control+K Meta+K',
      }}
      sx={{ color: 'inherit', flex: 1, minWidth: 0, fontSize: '0.9375rem' }}
    />
  );

  const panel = (
    <SearchResults
      groups={groups}
      active={active}
      optionId={optionId}
      listboxId={listboxId}
      statusId={statusId}
      status={
        query.isError
          ? translate('layout.search.failed')
          : !settled
            ? translate('layout.search.loading')
            : results.length === 0
              ? translate('layout.search.none', { q: term })
              : translate('layout.search.count', { smart_count: results.length })
      }
      onHover={setActive}
      onOpen={openResult}
    />
  );

  if (isXSmall) {
    return (
      <>
        <IconButton
          color="inherit"
          aria-label={translate('layout.search.open')}
          aria-keyshortcuts="/ Control+K Meta+K"
          onClick={() => setOpen(true)}
        >
          <SearchIcon />
        </IconButton>
        <Dialog
          open={open}
          onClose={close}
          fullScreen
          TransitionProps={{ onEntered: () => inputRef.current?.focus() }}
          PaperProps={{ 'aria-label': translate('layout.search.label') }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1 }}>
            {input}
            <IconButton aria-label={translate('layout.search.close')} onClick={close} edge="end">
              <CloseIcon />
            </IconButton>
          </Box>
          {text.trim() !== '' && panel}
        </Dialog>
      </>
    );
  }

  return (
    <>
      <Box
        ref={setAnchor}
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 1.25,
          height: 36,
          width: { sm: 220, md: 300, lg: 360 },
          flexShrink: 1,
          minWidth: 160,
          borderRadius: 1,
          // A field of its own in the bar (the page's text colours, so contrast holds in every brand).
          bgcolor: 'background.paper',
          color: 'text.primary',
          '&:focus-within': {
            outline: (theme) => `2px solid ${theme.palette.primary.contrastText}`,
            outlineOffset: 1,
          },
        }}
      >
        {input}
      </Box>
      <Popper
        open={showPanel}
        anchorEl={anchor}
        placement="bottom-end"
        sx={{ zIndex: (theme) => theme.zIndex.modal, width: 'min(480px, calc(100vw - 16px))' }}
      >
        <Paper elevation={8} sx={{ mt: 0.5 }}>
          {panel}
        </Paper>
      </Popper>
    </>
  );
}

interface SearchResultsProps {
  groups: readonly SearchGroup[];
  active: number;
  optionId(index: number): string;
  listboxId: string;
  statusId: string;
  status: string;
  onHover(index: number): void;
  onOpen(result: SearchResult): void;
}

/** The grouped listbox under the search box. */
export function SearchResults({
  groups,
  active,
  optionId,
  listboxId,
  statusId,
  status,
  onHover,
  onOpen,
}: SearchResultsProps) {
  const translate = useTranslate();
  // Each group's first index in the flat order the keyboard walks.
  const starts = groups.map((_, g) => groups.slice(0, g).reduce((n, group) => n + group.results.length, 0));
  return (
    <Box sx={{ maxHeight: 'min(70vh, 560px)', overflowY: 'auto', py: 0.5 }}>
      <Typography id={statusId} role="status" variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
        {status}
      </Typography>
      <Box
        component="ul"
        role="listbox"
        id={listboxId}
        aria-label={translate('layout.search.results')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {groups.map((group, g) => {
          const headingId = `${listboxId}-${group.kind}`;
          return (
            <Box component="li" role="presentation" key={group.kind}>
              <Typography
                id={headingId}
                role="presentation"
                variant="overline"
                color="text.secondary"
                sx={{ display: 'block', px: 2, pt: 1, lineHeight: 2 }}
              >
                {translate(KIND_LABELS[group.kind])}
              </Typography>
              <Box
                component="ul"
                role="group"
                aria-labelledby={headingId}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {group.results.map((result, i) => {
                  const at = starts[g] + i;
                  return (
                    <ResultOption
                      key={`${result.kind}:${result.id}`}
                      id={optionId(at)}
                      result={result}
                      selected={at === active}
                      onMouseEnter={() => onHover(at)}
                      onClick={() => onOpen(result)}
                    />
                  );
                })}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function ResultOption({
  id,
  result,
  selected,
  onMouseEnter,
  onClick,
}: {
  id: string;
  result: SearchResult;
  selected: boolean;
  onMouseEnter(): void;
  onClick(): void;
}) {
  const translate = useTranslate();
  const isBusiness = result.kind === 'business';
  const title = isBusiness ? (result.businessName ?? `#${result.id}`) : (result.reference ?? `#${result.id}`);
  const details: ReactNode[] = [];
  if (!isBusiness && result.businessName) details.push(<span key="business">{result.businessName}</span>);
  if (isBusiness)
    details.push(<span key="id">{translate('layout.search.businessId', { id: result.id })}</span>);
  if (result.amount !== null && result.currency !== null) {
    details.push(
      <span key="amount" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatAmount(result.amount, result.currency, precisionOf(result.currency))}
      </span>,
    );
  }
  return (
    <Box
      component="li"
      role="option"
      id={id}
      aria-selected={selected}
      onMouseDown={(event) => event.preventDefault()} // the input keeps the focus
      onMouseEnter={onMouseEnter}
      onClick={onClick}
      sx={{
        px: 2,
        py: 0.75,
        cursor: 'pointer',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        bgcolor: selected ? 'action.selected' : undefined,
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
      }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="body2"
          noWrap
          sx={{ fontFamily: isBusiness ? undefined : 'monospace', fontWeight: 500 }}
        >
          {title}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          noWrap
          sx={{ display: 'flex', gap: 1 }}
        >
          {details}
        </Typography>
      </Box>
      {result.status !== null && <StatusChip status={result.status} />}
    </Box>
  );
}
