/**
 * An id, hash, address or reference: monospace, shortened in the middle when long (the whole value on
 * hover and keyboard focus, and always for screen readers), a copy button that says it copied, and for
 * hashes and addresses a link to the block explorer when the network has one (src/domain/explorers.ts,
 * per brand overridable).
 *
 * Its buttons stop their clicks and keys from reaching a clickable table row around them.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, IconButton, Tooltip } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';
import { useBrand } from '../brands';
import { explorerUrl, type ExplorerTarget } from '../domain/explorers';

/** Characters kept at the start and at the end of a shortened value. */
export const SHORT_HEAD = 8;
export const SHORT_TAIL = 6;

/** `0x3f5e…9a1c04`: the value shortened in the middle, or whole when it is short enough. */
export function shortenMiddle(value: string, head = SHORT_HEAD, tail = SHORT_TAIL): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

export interface CodeValueProps {
  value: string | number | null | undefined;
  /** What the value is ('Transaction hash'): names the buttons for screen readers. */
  label: string;
  /** Hashes and addresses link to the block explorer of their network. */
  explorer?: { target: ExplorerTarget; currency?: string; network?: string };
  /** Shorten in the middle (hashes, addresses); ids and references show whole. */
  shorten?: boolean;
}

export function CodeValue({ value, label, explorer, shorten = false }: CodeValueProps) {
  const translate = useTranslate();
  const brand = useBrand();
  const [copied, setCopied] = useState<'done' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (value === null || value === undefined || value === '') return <>—</>;
  const text = String(value);
  const short = shorten ? shortenMiddle(text) : text;
  const link = explorer && explorerUrl(explorer.target, text, explorer, brand.definition.explorers);

  const copy = async (event: MouseEvent) => {
    event.stopPropagation();
    try {
      await navigator.clipboard.writeText(text);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), 2000);
  };

  return (
    <Box
      component="span"
      className="CodeValue-root"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        maxWidth: '100%',
        verticalAlign: 'middle',
      }}
    >
      {short === text ? (
        <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {text}
        </Box>
      ) : (
        <Tooltip title={<Box sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{text}</Box>}>
          {/* Focusable so the keyboard reaches the whole value too; read whole by screen readers. */}
          <Box component="span" tabIndex={0} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
            <span aria-hidden="true">{short}</span>
            <span style={visuallyHidden}>{text}</span>
          </Box>
        </Tooltip>
      )}
      <Tooltip title={translate(copied === 'done' ? 'layout.code.copied' : 'layout.code.copy')}>
        <IconButton
          size="small"
          className="CodeValue-action"
          aria-label={translate('layout.code.copyLabel', { label })}
          onClick={copy}
          onKeyDown={stop}
          sx={{ p: 0.25 }}
        >
          {copied === 'done' ? (
            <CheckIcon fontSize="inherit" color="success" />
          ) : (
            <CopyIcon fontSize="inherit" />
          )}
        </IconButton>
      </Tooltip>
      {link && (
        <Tooltip title={translate('layout.code.explorer')}>
          <IconButton
            size="small"
            className="CodeValue-action"
            component="a"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={translate('layout.code.explorerLabel', { label })}
            onClick={stop}
            onKeyDown={stop}
            sx={{ p: 0.25 }}
          >
            <OpenInNewIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      )}
      <span role="status" style={visuallyHidden}>
        {copied === 'done'
          ? translate('layout.code.copiedLabel', { label })
          : copied === 'failed'
            ? translate('layout.code.copyFailed')
            : ''}
      </span>
    </Box>
  );
}
