import type { ReactNode } from 'react';
import { Box, Drawer } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { useBrand } from '../brands';
import { shellColors, SIDEBAR_ID, SIDEBAR_WIDTH, useIsDesktop, useMobileSidebar } from './shell';

/** The brand's logo at the top of the mobile drawer: light or dark to suit the drawer's background. */
export function DrawerLogo() {
  const brand = useBrand();
  const translate = useTranslate();
  const dark = useTheme().palette.mode === 'dark';
  return (
    <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box
        component="img"
        src={dark ? brand.darkLogoUrl : brand.lightLogoUrl}
        alt={translate('layout.logoAlt', { brand: brand.name })}
        sx={{ display: 'block', width: '100%', height: 40, objectFit: 'contain' }}
      />
    </Box>
  );
}

/**
 * The 240 px sidebar: docked from 960 px up, a temporary drawer opened by the app bar's menu button
 * below (with the brand's logo at its top). react-admin's Layout renders it with the Menu as children.
 */
export function Sidebar({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const theme = useTheme();
  const isDesktop = useIsDesktop();
  const [mobileOpen, setMobileOpen] = useMobileSidebar();
  const background = shellColors(theme).sidebarBackground;
  const label = translate('layout.menu.label');

  if (!isDesktop) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        ModalProps={{ keepMounted: false }}
        slotProps={{
          paper: { id: SIDEBAR_ID, 'aria-label': label, sx: { width: SIDEBAR_WIDTH, background } },
        }}
      >
        <DrawerLogo />
        <Box component="nav" aria-label={label}>
          {children}
        </Box>
      </Drawer>
    );
  }
  return (
    <Box
      component="nav"
      id={SIDEBAR_ID}
      aria-label={label}
      sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, background, borderRight: 1, borderColor: 'divider' }}
    >
      <Box sx={{ position: 'sticky', top: 48, maxHeight: 'calc(100vh - 48px)', overflowY: 'auto' }}>
        {children}
      </Box>
    </Box>
  );
}
