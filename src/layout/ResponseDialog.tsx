import { useCallback, useId, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';

export type ResponseKind = 'success' | 'failure';

export interface ResponseDialogProps {
  open: boolean;
  kind: ResponseKind;
  message: string;
  onClose: () => void;
}

/** Spec 'Response dialog': a modal with a success or failure image, a message and a Close button. */
export function ResponseDialog({ open, kind, message, onClose }: ResponseDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const messageId = useId();
  const title = translate(kind === 'success' ? 'layout.response.success' : 'layout.response.failure');
  const Icon = kind === 'success' ? CheckCircleOutlineIcon : ErrorOutlineIcon;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
        {/* Decorative: the dialog's title says the same in words. */}
        <Icon
          aria-hidden
          sx={{ fontSize: 64, color: kind === 'success' ? 'success.dark' : 'error.dark' }}
          data-testid={`response-${kind}`}
        />
      </Box>
      <DialogTitle id={titleId} component="h2" sx={{ textAlign: 'center' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} sx={{ textAlign: 'center', color: 'text.primary' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {translate('layout.response.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** State for one ResponseDialog: `show(kind, message)` opens it; render `dialog` once in the page. */
export function useResponseDialog(): {
  dialog: ReactNode;
  show: (kind: ResponseKind, message: string) => void;
} {
  const [state, setState] = useState<{ open: boolean; kind: ResponseKind; message: string }>({
    open: false,
    kind: 'success',
    message: '',
  });
  const show = useCallback(
    (kind: ResponseKind, message: string) => setState({ open: true, kind, message }),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return {
    dialog: <ResponseDialog open={state.open} kind={state.kind} message={state.message} onClose={close} />,
    show,
  };
}
