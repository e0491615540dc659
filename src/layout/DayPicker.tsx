/**
 * A calendar day typed and shown in the user's format ('21.11.2026' under German, '21/11/2026' in
 * British English), with a calendar beside it: MUI X's date picker over day.js. A chunk of its own,
 * loaded by `DayField` (./DayField.tsx) and the filter bar's date range (./DateRangeDialog.tsx) when
 * they first show; `PickerLocalization` is the one place the pickers learn the user's language.
 */
import { useState, type ReactNode, type Ref } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { deDE, enUS } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import { dayPattern, isDay } from './filterRules';

/** What a day field holds while its text is no real day ('31.02.2026', '12.1'): the rules refuse it. */
export const NOT_A_DAY = 'invalid';

/** day.js's locale for an Intl tag: German, US English, or British English (the dashboard's). */
function dayjsLocale(tag: string): string {
  if (tag.toLowerCase().startsWith('de')) return 'de';
  return tag === 'en-US' ? 'en' : 'en-gb';
}

/** The pickers inside it speak the language of `locale` (an Intl tag: 'de-DE', 'en-GB'). */
export function PickerLocalization({ locale, children }: { locale: string; children: ReactNode }) {
  const texts = locale.toLowerCase().startsWith('de') ? deDE : enUS;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={dayjsLocale(locale)}
      localeText={texts.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

/** A day 'YYYY-MM-DD' from the picker's value: '' for none, NOT_A_DAY for text that is no day. */
export const dayOf = (value: Dayjs | null): string =>
  value === null ? '' : value.isValid() ? value.format('YYYY-MM-DD') : NOT_A_DAY;

/** The picker's value of a day 'YYYY-MM-DD' (anything else: empty). */
export const pickerValue = (day: unknown): Dayjs | null => (isDay(day) ? dayjs(day) : null);

export interface DayPickerProps {
  /** 'YYYY-MM-DD', '' or NOT_A_DAY. */
  value: string;
  onChange: (day: string) => void;
  onBlur?: () => void;
  /** The Intl tag of the user's language. */
  locale: string;
  label: string;
  name?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  /** The earliest and latest days the calendar offers ('YYYY-MM-DD'); the rules still decide. */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  margin?: 'dense' | 'none';
  fullWidth?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export default function DayPicker({
  value,
  onChange,
  onBlur,
  locale,
  label,
  name,
  error,
  helperText,
  required,
  min,
  max,
  size,
  margin,
  fullWidth,
  autoFocus,
  inputRef,
}: DayPickerProps) {
  // What was typed last: the form holds only its day (or NOT_A_DAY), so a half-typed date stays in
  // the field as typed, and a day set from outside (a reset) replaces it.
  const [typed, setTyped] = useState<Dayjs | null>(() => pickerValue(value));
  const shown = value === NOT_A_DAY || dayOf(typed) === value ? typed : pickerValue(value);
  return (
    <PickerLocalization locale={locale}>
      <DatePicker
        value={shown}
        onChange={(next) => {
          setTyped(next);
          onChange(dayOf(next));
        }}
        format={dayPattern(locale)}
        // One text input, as the form's other fields: typed, pasted, autofilled and focused like them.
        enableAccessibleFieldDOMStructure={false}
        minDate={pickerValue(min) ?? undefined}
        maxDate={pickerValue(max) ?? undefined}
        inputRef={inputRef}
        name={name}
        slotProps={{
          textField: {
            label,
            size,
            margin,
            fullWidth,
            required,
            autoFocus,
            error,
            helperText,
            onBlur,
          },
        }}
      />
    </PickerLocalization>
  );
}
