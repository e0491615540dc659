/**
 * The language choice of the admin's user menu: one radio item per language, each named in its own
 * language, the current one checked. It sets react-admin's locale (the i18nProvider loads the
 * catalogue and re-renders the admin in it, and makes it the tab's locale: ./i18nProvider.ts).
 * Mounted in the layout's <UserMenu>; the public screens have LanguageSwitch instead.
 */
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useLocaleState, useUserMenu } from 'react-admin';
import { LOCALE_NAMES, LOCALES } from './locale';

export interface LanguageMenuItemProps {
  /** Given by MUI's menu to its first item. */
  autoFocus?: boolean;
  tabIndex?: number;
}

export function LanguageMenuItem({ autoFocus, tabIndex }: LanguageMenuItemProps) {
  const [locale, setLocale] = useLocaleState();
  const userMenu = useUserMenu();
  return LOCALES.map((option, index) => {
    const current = option === locale;
    return (
      <MenuItem
        key={option}
        role="menuitemradio"
        aria-checked={current}
        lang={option}
        autoFocus={index === 0 ? autoFocus : undefined}
        tabIndex={index === 0 ? tabIndex : undefined}
        onClick={() => {
          userMenu?.onClose();
          if (!current) setLocale(option);
        }}
      >
        <ListItemIcon>{current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
        <ListItemText>{LOCALE_NAMES[option]}</ListItemText>
      </MenuItem>
    );
  });
}
