import { AppBar as MuiAppBar, Box, Divider, IconButton, Toolbar, useMediaQuery } from '@mui/material';
import { LanguageMenuItem } from '../i18n/LanguageMenuItem';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import type { Ref } from 'react';
import {
  LoadingIndicator,
  Logout,
  TitlePortal,
  UserMenu,
  useTheme as useThemeMode,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { useSession } from '../authProvider';
import { useBrand } from '../brands';
import { GlobalSearch } from './GlobalSearch';
import { OrganisationSwitcher } from './OrganisationSwitcher';
import { writePreference } from './preferences';
import { SIDEBAR_ID, useIsDesktop, useMobileSidebar } from './shell';
import { useDocumentTitle } from './useDocumentTitle';

/** The logo's height in the app bar: its wordmark (22 of 48 units) reads at 16.5 px. */
export const APP_BAR_LOGO_HEIGHT = 36;

/**
 * The user menu's theme switch: the dark theme on or off. The choice lives in react-admin's store and
 * is kept as the user's preference on this device (./preferences.ts), so it survives a reload, a
 * sign-in and an organisation switch (App starts the store with it).
 */
export function ThemeModeMenuItem({ ref }: { ref?: Ref<HTMLLIElement> }) {
  const translate = useTranslate();
  const [mode, setMode] = useThemeMode();
  const userMenu = useUserMenu();
  const { id } = useSession();
  const dark = mode === 'dark';
  return (
    <MenuItem
      ref={ref}
      role="menuitemcheckbox"
      aria-checked={dark}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        setMode(next);
        writePreference(id, 'theme', next);
        userMenu?.onClose();
      }}
    >
      <ListItemIcon>
        {dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
      </ListItemIcon>
      <ListItemText>{translate('layout.theme.dark')}</ListItemText>
    </MenuItem>
  );
}

/**
 * The top bar: menu button (below 960 px), the brand (its logo, only the mark below 600 px), the page
 * title (the page's one h1, filled by react-admin's <Title>, truncated with an ellipsis), the
 * search (GlobalSearch: a box, an icon button below 600 px), the organisation switcher and the user menu (theme switch, Logout). It also keeps the tab title in
 * step with the page's title.
 */
export function AppBar() {
  const translate = useTranslate();
  const brand = useBrand();
  const isDesktop = useIsDesktop();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [mobileOpen, setMobileOpen] = useMobileSidebar();
  useDocumentTitle(brand.name);
  return (
    <MuiAppBar
      position="fixed"
      color="primary"
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        // Dark theme: a dark bar with the brand colour as its bottom edge (no layout change).
        boxShadow: (theme) =>
          theme.palette.mode === 'dark' ? `inset 0 -3px 0 ${theme.palette.brand.primaryColor}` : undefined,
      }}
    >
      <Toolbar variant={isXSmall ? 'regular' : 'dense'} sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
        {!isDesktop && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={translate(mobileOpen ? 'layout.menu.close' : 'layout.menu.open')}
            aria-controls={SIDEBAR_ID}
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(!mobileOpen)}
          >
            <MenuIcon />
          </IconButton>
        )}
        {/* Fixed box: the mark alone (the logo's left square) on phones, the whole logo from 600 px. */}
        <Box
          component="img"
          src={brand.darkLogoUrl}
          alt={translate('layout.logoAlt', { brand: brand.name })}
          sx={{
            display: 'block',
            flexShrink: 0,
            height: APP_BAR_LOGO_HEIGHT,
            width: { xs: APP_BAR_LOGO_HEIGHT, sm: 'auto' },
            maxWidth: 220,
            objectFit: { xs: 'cover', sm: 'contain' },
            objectPosition: 'left center',
          }}
        />
        <Divider
          orientation="vertical"
          flexItem
          sx={{ display: { xs: 'none', sm: 'block' }, my: 1.5, borderColor: 'currentColor', opacity: 0.4 }}
        />
        <TitlePortal
          component="h1"
          variant="h6"
          sx={{
            minWidth: 0,
            fontSize: { xs: '1rem', sm: '1.125rem' },
            fontWeight: 600,
            // react-admin wraps the title in an inline-block (its Configurable), which would be cut
            // instead of ending in an ellipsis: everything inside the h1 flows as text.
            '& span, & div': { display: 'inline' },
          }}
        />
        <GlobalSearch />
        <OrganisationSwitcher />
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <LoadingIndicator />
        </Box>
        <UserMenu>
          <LanguageMenuItem />
          <ThemeModeMenuItem />
          <Logout />
        </UserMenu>
      </Toolbar>
    </MuiAppBar>
  );
}
