import type { Theme } from '@mui/material/styles';
import { useMediaQuery } from '@mui/material';
import { useStore } from 'react-admin';

/** docs/product.md#constants-and-limits: below 960 px the sidebar becomes a temporary drawer. */
export const MOBILE_BREAKPOINT = 960;
export const SIDEBAR_WIDTH = 240;
export const DESKTOP_QUERY = `(min-width:${MOBILE_BREAKPOINT}px)`;
export const SIDEBAR_ID = 'app-sidebar';

export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY, { noSsr: true });
}

/** Open state of the mobile drawer (react-admin's memory store, nothing in localStorage). */
export function useMobileSidebar(): [boolean, (open: boolean) => void] {
  return useStore<boolean>('layout.mobileSidebarOpen', false);
}

/** The brand colours the shell uses (theme.palette.brand from createBrandTheme), with MUI fallbacks. */
export function shellColors(theme: Theme) {
  const brand = (theme.palette as Partial<Theme['palette']>).brand;
  return {
    sidebarBackground: brand?.sidebar.background ?? theme.palette.background.paper,
    sidebarText: brand?.sidebar.text ?? theme.palette.text.primary,
    activeBackground: brand?.sidebar.activeBackground ?? theme.palette.action.selected,
    activeText: brand?.sidebar.activeText ?? theme.palette.text.primary,
    sidebarHeaders: brand?.sidebarHeaders ?? theme.palette.text.secondary,
    userRole: brand?.userRole ?? theme.palette.text.secondary,
  };
}
