/**
 * A delete page (`/{resource}/:id/delete`, and its legacy path): the record's confirmation dialog in
 * the page frame. Confirm deletes (with the 2FA code when the route needs it and the user has 2FA on) and
 * returns to the list with a notice; Cancel, Escape or a click outside return without a call. A
 * refusal (a 409 'Role is assigned to 3 users', a 403) stays in the dialog as the server's text.
 */
import { useId, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { Form, useDelete, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ERROR_TEXTS } from '../domain/errors';
import {
  TWO_FA_FIELD,
  TwoFaCodeField,
  twoFaCodeProblem,
  twoFaFieldError,
  useTwoFaNeeded,
} from '../forms/TwoFaCodeField';
import { messageOf } from './errors';
import { Page } from './Page';

export interface DeleteConfirmationProps<R extends RaRecord> {
  resource: string;
  /** Message keys: the dialog's title and question (given `%{name}`), the confirm button, the notice. */
  texts: { title: string; question: string; confirm: string; done: string };
  /** The record's name in the question. */
  nameOf: (record: R) => string;
  /** The route takes X-2FA-Code (config.twoFactor). */
  twoFactor?: boolean;
  /** Why the record cannot be deleted here (a built-in role), or undefined. */
  refusal?: (record: R) => string | undefined;
  /** What else the dialog says (who loses access). */
  details?: (record: R) => ReactNode;
}

export function DeleteConfirmation<R extends RaRecord>({
  resource,
  texts,
  nameOf,
  twoFactor = false,
  refusal,
  details,
}: DeleteConfirmationProps<R>) {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const titleId = useId();
  const textId = useId();
  const needsCode = useTwoFaNeeded() && twoFactor;
  const { data: record, error: loadError } = useGetOne<R>(resource, { id });
  const [remove, { isPending }] = useDelete<R>();
  const [failure, setFailure] = useState<string | null>(null);
  const back = () => navigate(`/${resource}`);

  const resolver: Resolver<FieldValues> = (values) => {
    const problem = twoFaCodeProblem(values[TWO_FA_FIELD] as string | undefined, needsCode);
    if (!problem) return { values, errors: {} };
    const errors: FieldErrors = { [TWO_FA_FIELD]: { type: 'validate', message: problem } };
    return { values: {}, errors };
  };

  const confirm = async (values: FieldValues) => {
    if (!record) return undefined;
    setFailure(null);
    try {
      await remove(
        resource,
        {
          id: record.id,
          previousData: record,
          meta: needsCode ? { twoFaCode: String(values[TWO_FA_FIELD]).trim() } : undefined,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      const codeError = twoFaFieldError(error);
      if (codeError) return codeError;
      setFailure(messageOf(error, ERROR_TEXTS.default));
      return undefined;
    }
    notify(texts.done, { type: 'success', messageArgs: { name: nameOf(record) } });
    back();
    return undefined;
  };

  const refused = record ? refusal?.(record) : undefined;
  return (
    // The page frame (its h1 names the action) under the dialog, which keeps the focus.
    <Page title={texts.title} maxWidth="form" focusHeading={false}>
      <Dialog open onClose={back} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
        <Form
          defaultValues={{ [TWO_FA_FIELD]: '' }}
          resolver={resolver}
          noValidate
          disableInvalidFormNotification
          onSubmit={confirm}
        >
          <DialogTitle id={titleId} component="h2">
            {translate(texts.title)}
          </DialogTitle>
          <DialogContent>
            {loadError ? (
              <Alert severity="error">{messageOf(loadError, ERROR_TEXTS.default)}</Alert>
            ) : !record ? (
              <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
            ) : (
              <>
                <DialogContentText id={textId} sx={{ color: 'text.primary' }}>
                  {translate(texts.question, { name: nameOf(record) })}
                </DialogContentText>
                {details?.(record)}
                {refused ? (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    {refused}
                  </Alert>
                ) : null}
                {twoFactor && !refused ? <TwoFaCodeField /> : null}
                {failure ? (
                  <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                    {failure}
                  </Alert>
                ) : null}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={back} color="inherit">
              {translate('ra.action.cancel')}
            </Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={!record || Boolean(refused) || isPending}
              startIcon={isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {translate(texts.confirm)}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </Page>
  );
}
