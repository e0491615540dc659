/**
 * The one status chip of every list, detail and export legend: the status's text (always there, so
 * colour is never the only signal), an icon and a colour from its meaning (src/domain/status.ts).
 * The colours come from the theme (success, info, warning, error, grey) and are moved until the text
 * and icon reach WCAG AA (4.5:1) on the chip's tinted background, in every brand and both modes
 * (tests/unit/statusChip.test.ts checks all of them).
 */
import type { ReactElement } from 'react';
import { Chip } from '@mui/material';
import { alpha, decomposeColor, recomposeColor, type Theme } from '@mui/material/styles';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useTranslate } from 'react-admin';
import { statusMeaning, type StatusMeaning } from '../domain/status';
import { ensureContrast } from '../brands/theme';

/** The icon of each meaning: a tick, a clock, an exclamation mark, a cross, a dash. */
export const STATUS_ICONS: Readonly<Record<StatusMeaning, typeof CheckCircleOutlined>> = {
  success: CheckCircleOutlined,
  pending: ScheduleOutlined,
  attention: ErrorOutlineOutlined,
  failed: CancelOutlined,
  neutral: RemoveCircleOutlineOutlined,
};

/** `overlay` over an opaque `background` at `opacity` (0–1): the opaque colour the eye sees. */
function tint(background: string, overlay: string, opacity: number): string {
  const b = decomposeColor(background).values;
  const o = decomposeColor(overlay).values;
  const mix = [0, 1, 2].map((i) => Math.round(b[i] + (o[i] - b[i]) * opacity));
  return recomposeColor({ type: 'rgb', values: mix as [number, number, number] });
}

/** The theme colour each meaning starts from. */
function baseColor(theme: Theme, meaning: StatusMeaning): string {
  const { palette } = theme;
  switch (meaning) {
    case 'success':
      return palette.success.main;
    case 'pending':
      return palette.info.main;
    case 'attention':
      return palette.warning.main;
    case 'failed':
      return palette.error.main;
    case 'neutral':
      return palette.grey[palette.mode === 'dark' ? 400 : 700];
  }
}

export interface StatusColors {
  /** Text and icon. */
  color: string;
  /** The chip's opaque background: the meaning's colour tinted over the paper. */
  background: string;
  border: string;
}

/** The chip's colours in a theme: text and icon at AA contrast against the tinted background. */
export function statusColors(theme: Theme, meaning: StatusMeaning): StatusColors {
  const base = baseColor(theme, meaning);
  const dark = theme.palette.mode === 'dark';
  const background = tint(theme.palette.background.paper, base, dark ? 0.2 : 0.1);
  const color = ensureContrast(base, background);
  return { color, background, border: alpha(color, 0.5) };
}

export interface StatusChipProps {
  /** The API's status ('PAID'); anything else shows a dash. */
  status: unknown;
  /** The status's text (default: the transaction statuses of the catalogue, else the status itself). */
  label?: string;
  /** What a status outside the transactions means (an API key's 'active'); default: the domain's table. */
  meaning?: StatusMeaning;
}

export function StatusChip({ status, label, meaning: given }: StatusChipProps): ReactElement {
  const translate = useTranslate();
  if (typeof status !== 'string' || status === '') return <>—</>;
  const meaning = given ?? statusMeaning(status);
  const Icon = STATUS_ICONS[meaning];
  return (
    <Chip
      size="small"
      variant="outlined"
      data-meaning={meaning}
      icon={<Icon fontSize="small" aria-hidden />}
      label={label ?? translate(`resources.transactions.statuses.${status}`, { _: status })}
      sx={(theme) => {
        const colors = statusColors(theme, meaning);
        return {
          color: colors.color,
          backgroundColor: colors.background,
          borderColor: colors.border,
          fontWeight: 500,
          '& .MuiChip-icon': { color: colors.color, fontSize: '1rem', ml: 0.5, mr: -0.25 },
          // The icon takes room: a narrower label keeps the chip about as wide as a text-only one.
          '& .MuiChip-label': { pl: 0.75, pr: 1 },
        };
      }}
    />
  );
}
