import { PublicAlert as Alert } from './PublicAlert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAuthState, useSessionController } from '../authProvider/SessionContext';
import { ERROR_TEXTS, errorText } from '../domain/errors';
import { translate } from '../i18n/translate';
import { PublicCard } from './PublicCard';

/** The organisation chooser (docs/product.md#screens-and-routes): organisations by name, and Sign out. */
export function ChooseOrganisation() {
  const controller = useSessionController();
  const { session } = useAuthState();
  const [pending, setPending] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const organisations = session?.organisationList ?? [];

  const choose = async (id: number) => {
    setFailure(null);
    setPending(id);
    try {
      await controller.chooseOrganisation(id);
    } catch (error) {
      setFailure(errorText(error, ERROR_TEXTS.switchOrganisationFailed));
      setPending(null);
    }
  };

  return (
    <PublicCard title={translate('app.chooser.title')}>
      <Typography variant="body2" align="center">
        {translate('app.chooser.intro')}
      </Typography>
      {session && (
        <Typography variant="body2" align="center" color="text.secondary">
          {translate('app.chooser.signedInAs', { email: session.email })}
        </Typography>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {organisations.map((organisation) => (
          <li key={organisation.id}>
            <Button
              variant="outlined"
              fullWidth
              disabled={pending !== null}
              onClick={() => void choose(organisation.id)}
              startIcon={
                pending === organisation.id ? (
                  <CircularProgress size={18} color="inherit" aria-hidden />
                ) : undefined
              }
            >
              {organisation.name}
            </Button>
          </li>
        ))}
      </Stack>
      <Button variant="text" onClick={() => void controller.logout()} disabled={pending !== null}>
        {translate('app.chooser.logout')}
      </Button>
    </PublicCard>
  );
}
