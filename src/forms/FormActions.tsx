/**
 * The end of a record form (users, roles, API keys): the call's failure when there is one, the submit
 * button and the way back to the list. A read-only form (a built-in role) has no submit and names
 * its way back in its own words. Admin side only (react-admin's Link and texts): imported by its path.
 */
import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { FormSubmitButton } from './FormSubmitButton';

export function FormActions({
  failure,
  submit,
  back,
  backLabel = 'ra.action.cancel',
}: {
  /** The refused call's text, shown above the buttons. */
  failure?: string | null;
  /** The submit button's message key; none for a read-only form. */
  submit?: string;
  /** Where Cancel (or `backLabel`) leads: the list. */
  back: string;
  backLabel?: string;
}) {
  const translate = useTranslate();
  return (
    <>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {failure}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {submit ? <FormSubmitButton label={submit} /> : null}
        <Button component={Link} to={back} color="inherit" sx={{ mt: 1 }}>
          {translate(backLabel)}
        </Button>
      </Stack>
    </>
  );
}
