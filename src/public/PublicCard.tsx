import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useBrand } from '../brands/BrandContext';

/** Max width of the login card (spec section 9). */
export const PUBLIC_CARD_MAX_WIDTH = 350;
/** The light logo's box (the brands' logos are 5:1). */
const LOGO_WIDTH = 240;
const LOGO_HEIGHT = 48;

/** The frame of every public screen: one main landmark, the brand's light logo and one h1. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand();
  useEffect(() => {
    document.title = `${title} | ${brand.name}`;
    return () => {
      document.title = brand.name;
    };
  }, [title, brand.name]);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 1.5,
        py: { xs: 3, sm: 2 },
        bgcolor: 'background.default',
      }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: PUBLIC_CARD_MAX_WIDTH }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 3 }}>
          {/* Plain attributes (Box would turn width and height into CSS): the box is reserved before the
              logo loads, so it paints without moving anything. */}
          <img
            src={brand.lightLogoUrl}
            alt={brand.name}
            width={LOGO_WIDTH}
            height={LOGO_HEIGHT}
            style={{ display: 'block', margin: '0 auto', maxWidth: '100%', height: 'auto' }}
          />
          <Typography component="h1" variant="h1" align="center">
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
