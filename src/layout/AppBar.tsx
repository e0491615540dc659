import { AppBar as MuiAppBar, Box, IconButton, Toolbar, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { LoadingIndicator, Logout, TitlePortal, UserMenu, useTranslate } from 'react-admin';
import { useBrand } from '../brands';
import { OrganisationSwitcher } from './OrganisationSwitcher';
import { SIDEBAR_ID, useIsDesktop, useMobileSidebar } from './shell';

/**
 * The top bar: menu button (below 960 px), the page title (the page's one h1, filled by react-admin's
 * <Title>), the brand's dark logo, the organisation switcher and the user menu with Logout.
 */
export function AppBar() {
  const translate = useTranslate();
  const brand = useBrand();
  const isDesktop = useIsDesktop();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [mobileOpen, setMobileOpen] = useMobileSidebar();
  return (
    <MuiAppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
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
        <TitlePortal component="h1" variant="h6" sx={{ fontSize: { xs: '1rem', sm: '1.25rem' } }} />
        <Box
          component="img"
          src={brand.darkLogoUrl}
          alt={translate('layout.logoAlt', { brand: brand.name })}
          sx={{ height: 28, maxWidth: 140, objectFit: 'contain', display: { xs: 'none', md: 'block' } }}
        />
        <OrganisationSwitcher />
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <LoadingIndicator />
        </Box>
        <UserMenu>
          <Logout />
        </UserMenu>
      </Toolbar>
    </MuiAppBar>
  );
}
