/**
 * The export button of a list (the transaction lists, the audit log): downloads the list's whole
 * filtered set as CSV through `download` and saves it under the server's file name. While it runs the
 * button is disabled and shows a spinner; a failure is reported with the server's text. A file the
 * server cut at its row cap is saved too, and the user is told at how many rows and to narrow the
 * dates or filters. Imported by its path (not through the layout's index): only lists load it.
 *
 * `messages` is the list's catalogue prefix, with `button`, `running`, `done` (%{filename}) and
 * `truncated` (%{filename}, %{rows}).
 */
import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { exportCutAt, saveFile, type DownloadedFile } from '../api/download';
import { ERROR_TEXTS } from '../domain/errors';
import { messageOf } from './errors';

/** Today as YYYY-MM-DD (UTC): the fallback file name's date. */
export const exportDay = () => new Date().toISOString().slice(0, 10);

export function ExportCsvButton({
  download,
  messages,
}: {
  download: () => Promise<DownloadedFile>;
  messages: string;
}) {
  const { total } = useListContext();
  const notify = useNotify();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const file = await download();
      saveFile(file);
      const cutAt = exportCutAt(file.headers);
      if (cutAt === undefined) {
        notify(`${messages}.done`, { type: 'success', messageArgs: { filename: file.filename } });
      } else {
        // The server's row cap: the file holds the first rows only; say so and how to get the rest.
        notify(`${messages}.truncated`, {
          type: 'warning',
          autoHideDuration: null,
          messageArgs: { filename: file.filename, rows: cutAt.toLocaleString(locale) },
        });
      }
    } catch (error) {
      // The server's text is not a catalogue key: `_` makes it its own translation.
      const message = messageOf(error, ERROR_TEXTS.default);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button
      size="small"
      onClick={run}
      disabled={running || total === 0}
      aria-busy={running}
      startIcon={running ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
    >
      {translate(running ? `${messages}.running` : `${messages}.button`)}
    </Button>
  );
}
