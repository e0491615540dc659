/**
 * The filter bar's custom date range (./FilterBar.tsx): two date fields (MUI X date pickers over
 * day.js) in a small dialog under the date chip. Typed and shown in the user's format
 * ('21.11.2026' under German, whatever the browser's own date input would do), with a calendar
 * beside each; either end may stay empty. A chunk of its own: only a list's date menu loads it.
 */
import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Popover, Stack, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { useTranslate } from 'react-admin';
import { PickerLocalization, pickerValue } from './DayPicker';
import { dayPattern } from './filterRules';

export interface DateRangeDialogProps {
  anchorEl: HTMLElement;
  /** The current ends (calendar days 'YYYY-MM-DD', or nothing). */
  from: unknown;
  to: unknown;
  /** The Intl locale tag of the user's language ('de-DE', 'en-GB'). */
  locale: string;
  onClose: () => void;
  /** The chosen ends ('' for an empty one). */
  onApply: (from: string, to: string) => void;
}

const toDay = (value: Dayjs | null) => (value && value.isValid() ? value.format('YYYY-MM-DD') : '');

export default function DateRangeDialog({
  anchorEl,
  from,
  to,
  locale,
  onClose,
  onApply,
}: DateRangeDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [start, setStart] = useState<Dayjs | null>(pickerValue(from));
  const [end, setEnd] = useState<Dayjs | null>(pickerValue(to));
  const [submitted, setSubmitted] = useState(false);
  const format = dayPattern(locale);

  const invalid = (value: Dayjs | null) => value !== null && !value.isValid();
  const startError = invalid(start) ? translate('layout.filterBar.invalidDate') : '';
  const endError = invalid(end)
    ? translate('layout.filterBar.invalidDate')
    : start && end && start.isValid() && end.isValid() && end.isBefore(start, 'day')
      ? translate('layout.filterBar.endBeforeStart')
      : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (startError || endError) return;
    onApply(toDay(start), toDay(end));
  };

  const field = (label: string, error: string, autoFocus = false) => ({
    textField: {
      size: 'small' as const,
      label,
      autoFocus,
      error: submitted && error !== '',
      helperText: submitted ? error : '',
      fullWidth: true,
    },
  });

  return (
    <PickerLocalization locale={locale}>
      <Popover
        open
        anchorEl={anchorEl}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        // The calendars open in poppers of their own, outside this dialog's element.
        disableEnforceFocus
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, width: 300 } } }}
      >
        <Box component="form" noValidate onSubmit={submit}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ mb: 1.5 }}>
            {translate('layout.filterBar.customTitle')}
          </Typography>
          <Stack spacing={2}>
            <DatePicker
              value={start}
              onChange={setStart}
              format={format}
              slotProps={field(translate('layout.filterBar.from'), startError, true)}
            />
            <DatePicker
              value={end}
              onChange={setEnd}
              format={format}
              slotProps={field(translate('layout.filterBar.to'), endError)}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{translate('layout.filterBar.cancel')}</Button>
            <Button type="submit" variant="contained">
              {translate('layout.filterBar.apply')}
            </Button>
          </Stack>
        </Box>
      </Popover>
    </PickerLocalization>
  );
}
