import Box from '@mui/material/Box';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useEffect, type ReactNode } from 'react';
import { useBrand } from '../brands/BrandContext';
import { documentTitle } from '../brands/documentTitle';
import type { BrandDefinition } from '../domain/brands';

/** Max width of the login card (docs/product.md#constants-and-limits). */
export const PUBLIC_CARD_MAX_WIDTH = 350;
/**
 * The card's top edge, fixed (not centred in the window): an error or a notice above the fields
 * grows the card downwards and never moves the buttons under the pointer.
 */
export const PUBLIC_CARD_TOP = { xs: 40, sm: 88 } as const;
/** Height of the brand band across the top of the page (the card overlaps it). */
export const BRAND_BAND_HEIGHT = { xs: 136, sm: 216 } as const;
/** Marks the band for the prerendered shell's CSS (its colour arrives with the brand). */
export const BRAND_BAND_ATTRIBUTE = 'data-brand-band';
/** The logo's box: reserved before the logo loads; any logo is contained and centred in it. */
const LOGO_WIDTH = 240;
const LOGO_HEIGHT = 48;

/** The band's paint: the brand's two colours. */
export function brandBand(definition: Pick<BrandDefinition, 'primaryColor' | 'secondaryColor'>): string {
  return `linear-gradient(135deg, ${definition.primaryColor} 0%, ${definition.secondaryColor} 100%)`;
}

export interface PublicCardFrameProps {
  title: string;
  /** The logo (null: its box stays empty, as in the prerendered shell and the brand-failure screen). */
  logo: { src: string; alt: string } | null;
  band: string;
  children: ReactNode;
}

/**
 * The frame of every public screen: the brand band, one main landmark, the card (the logo, one h1,
 * the screen's contents) at a fixed distance from the top.
 */
export function PublicCardFrame({ title, logo, band, children }: PublicCardFrameProps) {
  return (
    <Box
      component="main"
      sx={{
        position: 'relative',
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 1.5,
        pt: { xs: `${PUBLIC_CARD_TOP.xs}px`, sm: `${PUBLIC_CARD_TOP.sm}px` },
        pb: 3,
        bgcolor: 'background.default',
      }}
    >
      <Box
        aria-hidden
        {...{ [BRAND_BAND_ATTRIBUTE]: '' }}
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          height: { xs: BRAND_BAND_HEIGHT.xs, sm: BRAND_BAND_HEIGHT.sm },
          background: band,
        }}
      />
      <Card
        variant="outlined"
        sx={{ position: 'relative', width: '100%', maxWidth: PUBLIC_CARD_MAX_WIDTH, boxShadow: 3 }}
      >
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 3 }}>
          {/* Plain attributes (Box would turn width and height into CSS); the CSS box is fixed, so the
              logo paints without moving anything, whatever its proportions. */}
          <img
            src={logo?.src}
            alt={logo?.alt ?? ''}
            width={LOGO_WIDTH}
            height={LOGO_HEIGHT}
            style={{
              display: 'block',
              width: '100%',
              height: LOGO_HEIGHT,
              objectFit: 'contain',
              // No broken-image frame for an absent logo; its box stays.
              visibility: logo ? undefined : 'hidden',
            }}
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

/** A public screen in the deployment's brand; the tab reads '{title} | {brand}'. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand();
  const dark = useTheme().palette.mode === 'dark';
  useEffect(() => {
    document.title = documentTitle(title, brand.name);
    return () => {
      document.title = brand.name;
    };
  }, [title, brand.name]);
  return (
    <PublicCardFrame
      title={title}
      logo={{ src: dark ? brand.darkLogoUrl : brand.lightLogoUrl, alt: brand.name }}
      band={brandBand(brand.definition)}
    >
      {children}
      <LanguageSwitch />
    </PublicCardFrame>
  );
}
