/**
 * The language switch of the public screens (login, chooser, password reset): one button per
 * language, each named in its own language, the current one pressed. No react-admin (the login
 * chunk), and only Box of MUI (the public card, in the first chunk, imports the switch: more made
 * Vite split that chunk). changeLocale loads the language's texts first; the screens re-render
 * through usePublicTranslate (./hooks). The admin's switch is LanguageMenuItem (the user menu).
 */
import Box from '@mui/material/Box';
import { useLocale } from './hooks';
import { changeLocale, LANGUAGE_LABELS, LOCALE_NAMES, LOCALES } from './locale';

export function LanguageSwitch() {
  const locale = useLocale();
  return (
    <Box
      role="group"
      aria-label={LANGUAGE_LABELS[locale]}
      sx={{ display: 'flex', justifyContent: 'center', gap: 2 }}
    >
      {LOCALES.map((option) => {
        const current = option === locale;
        return (
          <Box
            key={option}
            component="button"
            type="button"
            lang={option}
            aria-pressed={current}
            // A failed load (network) keeps the current language; the button can be pressed again.
            onClick={() => void changeLocale(option).catch(() => {})}
            sx={{
              p: 0.5,
              border: 0,
              borderRadius: 0.5,
              background: 'none',
              cursor: 'pointer',
              font: 'inherit',
              typography: 'body2',
              color: current ? 'text.primary' : 'primary.main',
              fontWeight: current ? 600 : 400,
              textDecoration: current ? 'none' : 'underline',
              textUnderlineOffset: '0.2em',
              '&:hover': { textDecorationThickness: current ? undefined : '2px' },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {LOCALE_NAMES[option]}
          </Box>
        );
      })}
    </Box>
  );
}
