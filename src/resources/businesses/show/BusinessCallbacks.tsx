/**
 * The business's Callbacks tab (issue 32 §3): every callback sent to the business's three URLs, with
 * the shared table (src/features/callbacks): the filter bar's event type, status and date range in
 * the URL, server pages, a row expanding to its attempts, and Resend. The URLs and the signing secret
 * are on the business's settings, linked from here for those who may change them.
 */
import { Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { all, satisfies } from '../../../domain/requirements';
import { CallbacksTable } from '../../../features/callbacks';
import { useAccessContext } from '../../../layout';

export function BusinessCallbacks({ businessId }: { businessId: number }) {
  const translate = useTranslate();
  const mayEdit = satisfies(all('UPDATE_BUSINESS'), useAccessContext());
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate('resources.businesses.callbacks.intro')}{' '}
        {mayEdit ? (
          <MuiLink component={Link} to={`/businesses/${encodeURIComponent(String(businessId))}`}>
            {translate('resources.businesses.callbacks.settingsLink')}
          </MuiLink>
        ) : null}
      </Typography>
      <CallbacksTable scope={{ businessId }} syncWithLocation />
    </>
  );
}
