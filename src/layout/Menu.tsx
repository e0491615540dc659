import { createElement, useId } from 'react';
import { Box, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { menuModel, type MenuSectionModel } from '../declarations';
import { useSession } from '../authProvider';
import { useAccessContext } from './access';
import { useMenuEntries } from './MenuEntriesContext';
import { shellColors, useIsDesktop, useMobileSidebar } from './shell';

/** True when `pathname` is the item's page or below it. */
export function isActivePath(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

export interface MenuViewProps {
  sections: readonly MenuSectionModel[];
  email: string;
  role: string;
  pathname: string;
  onNavigate?: () => void;
}

/** The sidebar's contents: who is signed in, then the sections the user may see. */
export function MenuView({ sections, email, role, pathname, onNavigate }: MenuViewProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const baseId = useId();
  const colors = shellColors(theme);
  return (
    <Box sx={{ py: 1, color: colors.sidebarText }}>
      <Box sx={{ px: 2, pb: 1 }} data-testid="sidebar-user">
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
        {/* A label, not a link: a small outlined tag in the brand's role colour, never underlined. */}
        <Typography
          variant="caption"
          component="span"
          data-testid="sidebar-role"
          sx={{
            display: 'inline-block',
            mt: 0.5,
            px: 0.75,
            border: 1,
            borderColor: 'currentColor',
            borderRadius: 1,
            color: colors.userRole,
            lineHeight: 1.6,
            textDecoration: 'none',
            cursor: 'default',
          }}
        >
          {role.toLowerCase()}
        </Typography>
      </Box>
      {sections.map((section) => {
        const headerId = `${baseId}-${section.section}`;
        return (
          <Box key={section.section} component="section" aria-labelledby={headerId} sx={{ mt: 1 }}>
            <Typography
              id={headerId}
              component="h2"
              variant="overline"
              sx={{ display: 'block', px: 2, color: colors.sidebarHeaders, fontWeight: 700, lineHeight: 2 }}
            >
              {translate(section.label)}
            </Typography>
            <List dense disablePadding>
              {section.items.map((item) => {
                const active = isActivePath(item.path, pathname);
                return (
                  <li key={item.key}>
                    <ListItemButton
                      component={Link}
                      to={item.path}
                      selected={active}
                      aria-current={active ? 'page' : undefined}
                      onClick={onNavigate}
                      sx={{
                        '&.Mui-selected, &.Mui-selected:hover': {
                          backgroundColor: colors.activeBackground,
                          color: colors.activeText,
                        },
                      }}
                    >
                      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
                        {createElement(item.icon)}
                      </ListItemIcon>
                      <ListItemText primary={translate(item.label)} />
                      {item.badge ? createElement(item.badge) : null}
                    </ListItemButton>
                  </li>
                );
              })}
            </List>
          </Box>
        );
      })}
    </Box>
  );
}

/** The sidebar menu built from the registries, filtered by the session's permissions and the brand. */
export function Menu() {
  const session = useSession();
  const context = useAccessContext();
  const { pathname } = useLocation();
  const isDesktop = useIsDesktop();
  const [, setMobileOpen] = useMobileSidebar();
  const sections = menuModel(useMenuEntries(), context);
  return (
    <MenuView
      sections={sections}
      email={session.email}
      role={session.role}
      pathname={pathname}
      onNavigate={isDesktop ? undefined : () => setMobileOpen(false)}
    />
  );
}
