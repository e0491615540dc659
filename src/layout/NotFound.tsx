import { Button, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { menuModel } from '../declarations';
import { landingPage, notFoundTarget } from '../domain/landing';
import { useSession } from '../authProvider';
import { useAccessContext } from './access';
import { useMenuEntries } from './MenuEntriesContext';
import { Page } from './Page';

/**
 * Unknown paths inside the admin: 'Page not found', where the user is (the path, the organisation),
 * and a button to the first page the user can open that is not this one (notFoundTarget: the landing
 * page if it exists, else the first menu item), named after that page.
 */
export function NotFound() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const session = useSession();
  const items = menuModel(useMenuEntries(), useAccessContext()).flatMap((section) => section.items);
  const target = notFoundTarget(
    pathname,
    landingPage(session.permissions),
    items.map((item) => item.path),
  );
  const item = items.find((candidate) => candidate.path === target);
  return (
    <Page title="layout.notFound.title">
      <Typography variant="body1" sx={{ mb: 1 }}>
        {translate('layout.notFound.message')}
      </Typography>
      <Typography variant="body1" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="not-found-where">
        {translate('layout.notFound.where', { path: pathname, organisation: session.organisationName })}
      </Typography>
      {target && (
        <Button component={Link} to={target} variant="contained">
          {item
            ? translate('layout.notFound.goTo', { page: translate(item.label) })
            : translate('layout.notFound.back')}
        </Button>
      )}
    </Page>
  );
}
