/** A coin's colour (src/domain/coinColors.ts) as a small square beside its name or figure. */
import { Box, useTheme } from '@mui/material';
import { coinColor } from '../../domain/coinColors';

/** A coin's colour as a small square beside its name (the same colour in every chart). */
export function CoinSwatch({ currency }: { currency: string | null }) {
  const mode = useTheme().palette.mode;
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '2px',
        mr: 1,
        flexShrink: 0,
        bgcolor: coinColor(currency, mode),
      }}
    />
  );
}
