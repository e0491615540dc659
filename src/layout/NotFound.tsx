import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

/** Unknown paths inside the admin (spec: 'Page not found', a link back). */
export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 600 }}>
      <Title title="layout.notFound.title" />
      <Typography variant="body1" sx={{ mb: 2 }}>
        {translate('layout.notFound.message')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {translate('layout.notFound.back')}
      </Button>
    </Box>
  );
}
