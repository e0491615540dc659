import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { translate } from '../i18n/translate';

/** Full-screen progress while the brand, the session or a lazy chunk loads. */
export function LoadingOverlay({ label = translate('app.loading') }: { label?: string }) {
  return (
    <Box
      aria-busy="true"
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** Brand load failure (spec section 1): 'Unspecified error occurred.' */
export function BrandErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 2,
      }}
    >
      <Typography component="h1" variant="h5" role="alert">
        {translate('app.error.brandFailed')}
      </Typography>
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          {translate('app.action.retry')}
        </Button>
      )}
    </Box>
  );
}
