import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import { useSystemThemeMode } from '../brands/colorScheme';
import { createBrandTheme } from '../brands/theme';
import { BRANDS, DEFAULT_BRAND, findBrand } from '../domain/brands';
import { translate } from '../i18n/translate';
import { brandBand, PublicCardFrame } from './PublicCard';

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

/**
 * Brand load failure (docs/product.md#the-product): 'Unspecified error occurred.' The brand is unknown, so the
 * screen takes the default brand's look (theme and band, light or dark as the system prefers) and the
 * login page's card, without a logo or a name (its box stays empty, as in the prerendered card).
 */
export function BrandErrorScreen({ onRetry }: { onRetry?: () => void }) {
  const mode = useSystemThemeMode();
  const definition = findBrand(DEFAULT_BRAND) ?? BRANDS[0];
  const theme = useMemo(() => createBrandTheme(definition, undefined, mode), [definition, mode]);
  const title = translate('app.error.brandFailed');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <PublicCardFrame title={title} logo={null} band={brandBand(definition)}>
        <Typography role="alert" variant="body2" align="center" color="text.secondary">
          {translate('app.error.brandFailedHint')}
        </Typography>
        {onRetry && (
          <Button variant="contained" size="large" onClick={onRetry}>
            {translate('app.action.retry')}
          </Button>
        )}
      </PublicCardFrame>
    </ThemeProvider>
  );
}
