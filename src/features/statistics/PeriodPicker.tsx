/**
 * The statistics period: 7, 30 or 90 days or a custom range of UTC days, read from and written to the
 * URL (src/domain/statisticsPeriod.ts), so the landing page and the business detail's statistics
 * child can be reloaded and shared with their period. Today is fixed while the view is open, so the
 * queries keep their keys.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { utcDay } from '../../domain/statistics';
import {
  CUSTOM_DAYS_MAX,
  PERIOD_PRESETS,
  periodFromParams,
  periodToParams,
  periodWindow,
  previousWindow,
  windowDays,
  type Period,
} from '../../domain/statisticsPeriod';
import { formatDate } from '../../i18n/format';
import { DayField } from '../../layout/DayField';

const DAY_MS = 86_400_000;

/** The period of the URL, its window and the window before it. */
export function useStatisticsPeriod() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => utcDay(new Date()));
  const period = periodFromParams(params, today);
  const key = period.kind === 'custom' ? `${period.from}/${period.to}` : String(period.days);
  const windows = useMemo(() => {
    const current = periodWindow(period, today);
    return { current, previous: previousWindow(current, today), days: windowDays(current, today) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the period.
  }, [key, today]);
  const choose = (next: Period) => setParams((current) => periodToParams(next, current), { replace: true });
  return { period, today, choose, ...windows };
}

/** '26 Oct 2026 – 24 Nov 2026, per day (UTC)'. */
export function PeriodText({ from, to }: { from: string; to: string }) {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary">
      {translate('pages.statistics.period', { from: formatDate(from), to: formatDate(to) })}
    </Typography>
  );
}

export function PeriodPicker({
  period,
  today,
  onChange,
}: {
  period: Period;
  today: string;
  onChange: (period: Period) => void;
}) {
  const translate = useTranslate();
  const tr = (key: string, options?: object) => translate(`pages.statistics.periods.${key}`, options);
  const [custom, setCustom] = useState(period.kind === 'custom');
  const earliest = new Date(Date.parse(`${today}T00:00:00Z`) - (CUSTOM_DAYS_MAX - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const [from, setFrom] = useState(period.kind === 'custom' ? period.from : '');
  const [to, setTo] = useState(period.kind === 'custom' ? period.to : today);
  const [invalid, setInvalid] = useState(false);
  const selected = custom ? 'custom' : period.kind === 'preset' ? String(period.days) : 'custom';

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = periodFromParams(new URLSearchParams({ period: 'custom', from, to }), today);
    if (next.kind !== 'custom') return setInvalid(true);
    setInvalid(false);
    onChange(next);
  };

  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label={tr('label')}
        value={selected}
        onChange={(_event, value: string | null) => {
          if (value === null) return;
          if (value === 'custom') return setCustom(true);
          setCustom(false);
          onChange({ kind: 'preset', days: Number(value) as (typeof PERIOD_PRESETS)[number] });
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {PERIOD_PRESETS.map((days) => (
          <ToggleButton key={days} value={String(days)} sx={{ textTransform: 'none', px: 1.5 }}>
            {tr('preset', { days })}
          </ToggleButton>
        ))}
        <ToggleButton value="custom" sx={{ textTransform: 'none', px: 1.5 }}>
          {tr('custom')}
        </ToggleButton>
      </ToggleButtonGroup>
      {custom ? (
        <Box
          component="form"
          onSubmit={apply}
          noValidate
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
        >
          <DayField
            size="small"
            label={tr('from')}
            value={from}
            onChange={setFrom}
            min={earliest}
            max={today}
          />
          <DayField size="small" label={tr('to')} value={to} onChange={setTo} min={earliest} max={today} />
          <Button type="submit" variant="outlined">
            {tr('apply')}
          </Button>
          {invalid ? (
            <Typography role="alert" color="error" variant="body2" sx={{ flexBasis: '100%' }}>
              {tr('invalid')}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
