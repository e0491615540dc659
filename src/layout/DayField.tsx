/**
 * Every date input of the dashboard (issue 33 §5): a calendar day in the user's language and format,
 * never the browser's native `mm/dd/yyyy` input, which follows the browser's language rather than the
 * dashboard's. The picker (./DayPicker.tsx, MUI X) is a chunk of its own; until it has loaded, a field
 * of the same size shows the day in the same format, so nothing moves when it arrives.
 */
import { lazy, Suspense } from 'react';
import { TextField } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { intlLocale } from '../i18n/format';
import { isLocale } from '../i18n/locale';
import type { DayPickerProps } from './DayPicker';
import { formatDay } from './filterRules';

const DayPicker = lazy(() => import('./DayPicker'));

export type DayFieldProps = Omit<DayPickerProps, 'locale'>;

export function DayField(props: DayFieldProps) {
  const [locale] = useLocaleState();
  const tag = intlLocale(isLocale(locale) ? locale : undefined);
  const { label, value, size, margin, fullWidth, required, helperText, error } = props;
  return (
    <Suspense
      fallback={
        <TextField
          disabled
          label={label}
          value={formatDay(value, tag)}
          {...{ size, margin, fullWidth, required, helperText, error }}
        />
      }
    >
      <DayPicker {...props} locale={tag} />
    </Suspense>
  );
}
