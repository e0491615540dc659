/** The submit button of a form of the kit: disabled with a spinner while the form is submitting. */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useFormState } from 'react-hook-form';
import { useFormTranslate } from './FormKitContext';

export function FormSubmitButton({ label }: { /** Message key. */ label: string }) {
  const translate = useFormTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ mt: 1 }}
    >
      {translate(label)}
    </Button>
  );
}
