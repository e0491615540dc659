/**
 * Downloads the list's whole filtered set as CSV (`<path>/export?format=csv&…filters`, in the list's
 * order), through the app's http client, and saves it under the server's file name. While it runs the button is disabled
 * and shows a spinner; a failure is reported with the server's text. A file the server cut at its row
 * cap is saved too, and the user is told at how many rows and to narrow the dates or filters.
 */
import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { sortQuery } from '../../dataProvider/dataProvider';
import { ERROR_TEXTS } from '../../domain/errors';
import { messageOf } from '../../layout';
import { exportCutAt, saveFile, useTransactionApi } from './api';
import { sortFields, transactionQuery, type TransactionKind } from './kinds';

const today = () => new Date().toISOString().slice(0, 10);

export function ExportCsvButton({ kind }: { kind: TransactionKind }) {
  const { filter, filterValues, sort, total } = useListContext();
  const api = useTransactionApi();
  const notify = useNotify();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      // The list's filters and its order (the rows of the file come in the order of the table).
      const query = {
        ...transactionQuery(kind, { ...filterValues, ...filter }),
        ...sortQuery({ sort: sortFields(kind) }, sort),
      };
      const file = await api.exportTransactionsCsv(kind.path, query, `${kind.listKey}-${today()}.csv`);
      saveFile(file);
      const cutAt = exportCutAt(file.headers);
      if (cutAt === undefined) {
        notify('resources.transactions.export.done', {
          type: 'success',
          messageArgs: { filename: file.filename },
        });
      } else {
        // The server's row cap: the file holds the first rows only; say so and how to get the rest.
        notify('resources.transactions.export.truncated', {
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
      {translate(running ? 'resources.transactions.export.running' : 'resources.transactions.export.button')}
    </Button>
  );
}
