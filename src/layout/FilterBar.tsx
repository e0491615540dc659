/**
 * The filter bar of a react-admin list (docs/decisions.md, decisions 112–115): a search field and one
 * chip per filter ('+ Status', '+ Currency', '+ Date'). A chip opens a menu of its values; an active
 * chip shows its value ('Status: Paid') and a button that removes it in one click; 'Clear all' removes
 * every filter. The date chip offers presets (today, 7 days, 30 days) and a custom range, whose date
 * fields (./DateRangeDialog.tsx, MUI X date pickers) load as a chunk of their own when the menu opens.
 *
 * The values live where react-admin keeps a list's filters (the URL's `filter`), under the keys the
 * list declares, so the data provider sends the same queries as before. While the list fetches (and
 * while the search waits for the typing to pause) a progress bar runs along the bottom of the list's
 * toolbar, the table's top edge.
 *
 * Use it as a <List>'s `filters` element: `filters={<FilterBar search={…} filters={[…]} />}`.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type Ref } from 'react';
import AddIcon from '@mui/icons-material/AddCircleOutline';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  ButtonBase,
  Divider,
  IconButton,
  InputAdornment,
  LinearProgress,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  type MenuItemProps,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { intlLocale } from '../i18n/format';
import { isLocale } from '../i18n/locale';
import {
  choiceValue,
  DATE_PRESETS,
  filterKey,
  isActive,
  presetOf,
  presetRange,
  rangeValue,
  withoutAll,
  withoutFilter,
  withValue,
  type ChoiceFilter,
  type DatePreset,
  type DateRangeFilter,
  type FilterSpec,
  type FilterValues,
} from './filterRules';

const loadDateRangeDialog = () => import('./DateRangeDialog');
const DateRangeDialog = lazy(loadDateRangeDialog);

/** How long the search waits for the typing to pause before it filters. */
export const SEARCH_DELAY_MS = 400;

const PRESET_LABELS: Readonly<Record<DatePreset, string>> = {
  today: 'layout.filterBar.presets.today',
  last7: 'layout.filterBar.presets.last7',
  last30: 'layout.filterBar.presets.last30',
};

export interface FilterBarProps {
  /** The search field: its filter key ('q') and its translated label. */
  search?: { source: string; label: string };
  filters: readonly FilterSpec[];
}

interface ChipProps {
  label: string;
  active: boolean;
  expanded: boolean;
  menuId: string;
  clearLabel: string;
  buttonRef: Ref<HTMLButtonElement>;
  onOpen: (anchor: HTMLElement) => void;
  onClear: () => void;
}

/** One filter as a chip: the button that opens its menu and, when active, the button that removes it. */
function FilterChip({ label, active, expanded, menuId, clearLabel, buttonRef, onOpen, onClear }: ChipProps) {
  return (
    <Box
      component="span"
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        height: 32,
        borderRadius: 16,
        border: '1px solid',
        borderStyle: active ? 'solid' : 'dashed',
        borderColor: active ? 'primary.main' : 'text.secondary',
        bgcolor: active ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
        color: 'text.primary',
        maxWidth: '100%',
      })}
    >
      <ButtonBase
        ref={buttonRef}
        aria-haspopup="menu"
        aria-expanded={expanded}
        aria-controls={expanded ? menuId : undefined}
        onClick={(event) => onOpen(event.currentTarget)}
        sx={{
          height: '100%',
          gap: 0.5,
          pl: 1,
          pr: active ? 0.25 : 1.25,
          borderRadius: 16,
          typography: 'body2',
          whiteSpace: 'nowrap',
          minWidth: 0,
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {!active && <AddIcon fontSize="small" sx={{ color: 'text.secondary' }} />}
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {label}
        </Box>
        {active && <ArrowDropDownIcon fontSize="small" />}
      </ButtonBase>
      {active && (
        <IconButton size="small" aria-label={clearLabel} onClick={onClear} sx={{ mr: 0.25, p: 0.5 }}>
          <CloseIcon sx={{ fontSize: 16 }} />
        </IconButton>
      )}
    </Box>
  );
}

/**
 * A menu item that is one of a group's choices, checked when it is the current one. `selected` and
 * the other props MUI's MenuList gives its children (autoFocus on the item to focus) reach MenuItem.
 */
function ChoiceItem({
  selected,
  label,
  onSelect,
  ...props
}: MenuItemProps & { label: string; onSelect: () => void }) {
  return (
    <MenuItem {...props} role="menuitemradio" aria-checked={selected} selected={selected} onClick={onSelect}>
      <ListItemIcon>{selected && <CheckIcon fontSize="small" />}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

export function FilterBar({ search, filters }: FilterBarProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tag = intlLocale(isLocale(locale) ? locale : undefined);
  const { filterValues, displayedFilters, setFilters, isFetching } = useListContext();
  const menuId = useId();

  // The latest values, for the search's delayed update (the user may change a chip meanwhile).
  const latest = useRef<FilterValues>(filterValues);
  useEffect(() => {
    latest.current = filterValues;
  }, [filterValues]);
  const apply = useCallback(
    (next: FilterValues) => setFilters(next, displayedFilters, false),
    [setFilters, displayedFilters],
  );

  // --- The search: typed text filters once the typing pauses (Enter filters at once).
  const searched = search ? String(filterValues[search.source] ?? '') : '';
  const [text, setText] = useState(searched);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopTimer = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => {
    // The URL changed otherwise (Clear all, back/forward): the field follows unless the user is typing.
    if (timer.current === undefined) setText(searched);
  }, [searched]);
  useEffect(() => stopTimer, []);
  const commitSearch = (value: string) => {
    stopTimer();
    if (search) apply(withValue(latest.current, search.source, value.trim()));
  };
  const onType = (value: string) => {
    setText(value);
    stopTimer();
    timer.current = setTimeout(() => commitSearch(value), SEARCH_DELAY_MS);
  };
  const searchPending = search !== undefined && text.trim() !== searched;

  // --- The chips, their menus, and where focus goes when the control that had it disappears.
  const [open, setOpen] = useState<{ key: string; anchor: HTMLElement } | null>(null);
  const [custom, setCustom] = useState<HTMLElement | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const searchInput = useRef<HTMLInputElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === '') searchInput.current?.focus();
    else buttons.current.get(target)?.focus();
  });

  const close = () => setOpen(null);
  const choose = (next: FilterValues) => {
    close();
    apply(next);
  };
  const clear = (spec: FilterSpec) => {
    focusNext.current = filterKey(spec);
    apply(withoutFilter(filterValues, spec));
  };
  const anyActive = searched !== '' || text !== '' || filters.some((spec) => isActive(spec, filterValues));
  const clearAll = () => {
    stopTimer();
    setText('');
    focusNext.current = search ? '' : filters.length > 0 ? filterKey(filters[0]) : null;
    apply(withoutAll(filterValues, filters, search?.source));
  };

  const chipText = (spec: FilterSpec): string => {
    if (!isActive(spec, filterValues)) return spec.label;
    const value =
      spec.type === 'choice'
        ? choiceValue(spec, filterValues[spec.source])
        : rangeValue(filterValues[spec.from], filterValues[spec.to], tag, {
            range: (from, to) => translate('layout.filterBar.range', { from, to }),
            since: (date) => translate('layout.filterBar.since', { date }),
            until: (date) => translate('layout.filterBar.until', { date }),
          });
    return translate('layout.filterBar.chip', { label: spec.label, value });
  };

  const openSpec = open ? filters.find((spec) => filterKey(spec) === open.key) : undefined;
  const dateSpec = filters.find((spec): spec is DateRangeFilter => spec.type === 'dateRange');

  const choiceMenu = (spec: ChoiceFilter) =>
    spec.choices.map((choice) => (
      <ChoiceItem
        key={choice.id}
        label={choice.name}
        selected={filterValues[spec.source] === choice.id}
        onSelect={() => choose(withValue(filterValues, spec.source, choice.id))}
      />
    ));

  const dateMenu = (spec: DateRangeFilter) => {
    const current = presetOf(filterValues[spec.from], filterValues[spec.to]);
    const isCustom = isActive(spec, filterValues) && current === undefined;
    return [
      ...DATE_PRESETS.map((preset) => (
        <ChoiceItem
          key={preset}
          label={translate(PRESET_LABELS[preset])}
          selected={current === preset}
          onSelect={() => {
            const range = presetRange(preset);
            choose({ ...filterValues, [spec.from]: range.from, [spec.to]: range.to });
          }}
        />
      )),
      <Divider key="divider" />,
      <ChoiceItem
        key="custom"
        label={translate('layout.filterBar.presets.custom')}
        selected={isCustom}
        onSelect={() => {
          const anchor = open?.anchor ?? null;
          close();
          setCustom(anchor);
        }}
      />,
    ];
  };

  const loading = isFetching || searchPending;

  return (
    <Box
      role="search"
      aria-label={translate('layout.filterBar.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        flex: '1 1 auto',
        minWidth: 0,
        py: 1,
        pr: 1,
      }}
    >
      {search && (
        <TextField
          size="small"
          value={text}
          placeholder={search.label}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitSearch(text);
          }}
          inputRef={searchInput}
          sx={{ width: { xs: '100%', sm: 260 } }}
          slotProps={{
            htmlInput: { 'aria-label': search.label },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={translate('layout.filterBar.clearSearch')}
                    onClick={() => {
                      setText('');
                      commitSearch('');
                      searchInput.current?.focus();
                    }}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      )}
      {filters.map((spec) => {
        const key = filterKey(spec);
        const label = chipText(spec);
        return (
          <FilterChip
            key={key}
            label={label}
            active={isActive(spec, filterValues)}
            expanded={open?.key === key || (spec.type === 'dateRange' && custom !== null)}
            menuId={menuId}
            clearLabel={translate('layout.filterBar.remove', { filter: label })}
            buttonRef={(node: HTMLButtonElement | null) => {
              if (node) buttons.current.set(key, node);
              else buttons.current.delete(key);
            }}
            onOpen={(anchor) => {
              // The date fields' chunk starts loading with the menu that offers them.
              if (spec.type === 'dateRange') void loadDateRangeDialog();
              setOpen({ key, anchor });
            }}
            onClear={() => clear(spec)}
          />
        );
      })}
      {anyActive && (
        <Button size="small" onClick={clearAll}>
          {translate('layout.filterBar.clearAll')}
        </Button>
      )}
      <Menu
        id={menuId}
        anchorEl={open?.anchor ?? null}
        open={openSpec !== undefined}
        onClose={close}
        slotProps={{ list: { 'aria-label': openSpec?.label } }}
      >
        {openSpec?.type === 'choice' && choiceMenu(openSpec)}
        {openSpec?.type === 'dateRange' && dateMenu(openSpec)}
      </Menu>
      {dateSpec && custom && (
        <Suspense fallback={null}>
          <DateRangeDialog
            anchorEl={custom}
            from={filterValues[dateSpec.from]}
            to={filterValues[dateSpec.to]}
            locale={tag}
            onClose={() => {
              focusNext.current = filterKey(dateSpec);
              setCustom(null);
            }}
            onApply={(from, to) => {
              focusNext.current = filterKey(dateSpec);
              setCustom(null);
              apply(withValue(withValue(filterValues, dateSpec.from, from), dateSpec.to, to));
            }}
          />
        </Suspense>
      )}
      <Box
        aria-hidden={!loading}
        sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 4, pointerEvents: 'none' }}
      >
        {loading && <LinearProgress aria-label={translate('layout.filterBar.loading')} />}
      </Box>
    </Box>
  );
}

export type { ChoiceFilter, DateRangeFilter, FilterChoice, FilterSpec } from './filterRules';
