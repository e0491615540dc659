/**
 * Inside a react-hook-form form (react-admin's <Form> included): after a submit that the server refused
 * field by field, focus the first refused field, so the keyboard and screen-reader user lands on it.
 * (A failed client-side check needs no help: react-hook-form focuses its first error itself.)
 */
import { useEffect } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';

export function FocusServerErrors() {
  const { getFieldState, setFocus } = useFormContext();
  const { submitCount, errors } = useFormState();
  useEffect(() => {
    const first = Object.keys(errors).find((name) => getFieldState(name).error?.type === 'server');
    if (first) setFocus(first);
    // Once per submit, not on every change of the errors (typing clears and re-validates them).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);
  return null;
}
