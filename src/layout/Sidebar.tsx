import type { ReactNode } from 'react';
import { Box, Drawer } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { shellColors, SIDEBAR_ID, SIDEBAR_WIDTH, useIsDesktop, useMobileSidebar } from './shell';

/**
 * The 240 px sidebar: docked from 960 px up, a temporary drawer opened by the app bar's menu button
 * below. react-admin's Layout renders it with the Menu as children.
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
