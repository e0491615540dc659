import { useEffect, useId, useState } from 'react';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import { useNavigate } from 'react-router-dom';
import { visuallyHidden } from '@mui/utils';
import { useNotify, useTranslate } from 'react-admin';
import { landingPage } from '../domain/landing';
import type { OrganisationRef } from '../domain/session';
import { useSession, useSessionController } from '../authProvider';
import { messageOf } from './errors';
import { announceSwitch, takeSwitchAnnouncement, usePendingSwitch } from './switchAnnouncement';

export interface OrganisationSwitcherViewProps {
  organisations: readonly OrganisationRef[];
  currentId: number;
  currentName: string;
  onSwitch: (organisationId: number) => void;
  disabled?: boolean;
}

const NAME_SX = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The app bar's organisation: with one organisation a plain label (nothing to choose); with several a
 * menu of them, the current one checked ('Currently active', at full contrast: not a disabled item)
 * and the others 'Switch to organisation'.
 */
export function OrganisationSwitcherView({
  organisations,
  currentId,
  currentName,
  onSwitch,
  disabled,
}: OrganisationSwitcherViewProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  if (organisations.length <= 1) {
    return (
      <Typography
        variant="body2"
        data-testid="organisation-label"
        sx={{ ...NAME_SX, px: 1, fontWeight: 500, maxWidth: { xs: 130, sm: 260 } }}
        title={currentName}
      >
        <span style={visuallyHidden}>{`${translate('layout.organisation.label')}: `}</span>
        {currentName}
      </Typography>
    );
  }
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        aria-label={translate('layout.organisation.button', { name: currentName })}
        endIcon={<ArrowDropDownIcon />}
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0, maxWidth: { xs: 130, sm: 260 } }}
      >
        <span style={NAME_SX}>{currentName}</span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {organisations.map((organisation) => {
          const current = organisation.id === currentId;
          return (
            <MenuItem
              key={organisation.id}
              role="menuitemradio"
              aria-checked={current}
              selected={current}
              onClick={() => {
                setAnchor(null);
                if (!current) onSwitch(organisation.id);
              }}
            >
              <ListItemIcon sx={{ color: 'text.primary' }}>
                {current ? <CheckIcon fontSize="small" data-testid="organisation-current" /> : null}
              </ListItemIcon>
              <ListItemText
                primary={organisation.name}
                secondary={translate(
                  current ? 'layout.organisation.currentlyActive' : 'layout.organisation.switchTo',
                )}
                slotProps={{ secondary: { sx: { color: 'text.primary' } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/** Shows 'Switched to {organisation}' once, in the layout of the session the switch made. */
export function SwitchAnnouncement() {
  const { sessionId } = useSession();
  const pending = usePendingSwitch();
  const notify = useNotify();
  useEffect(() => {
    const taken = pending ? takeSwitchAnnouncement(sessionId) : null;
    if (taken) {
      notify('layout.organisation.switched', { type: 'success', messageArgs: { name: taken.name } });
    }
  }, [pending, sessionId, notify]);
  return null;
}

/**
 * Switching replaces the session (new token and permissions); main.tsx remounts App on the new
 * organisation, which drops every cached query of the old one. The address moves to the new landing
 * page in the same task as the session changes, so the new App starts there: 'Switched to
 * {organisation}' (SwitchAnnouncement, in the new layout). On failure `/` and a notification
 * (docs/product.md#screens-and-routes and #error-catalogue); a 401 logs out.
 */
export function OrganisationSwitcher() {
  const session = useSession();
  const controller = useSessionController();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);

  const onSwitch = async (organisationId: number) => {
    setBusy(true);
    try {
      await controller.chooseOrganisation(organisationId, {
        // In the task that replaces the session: the address is the new landing page before the
        // admin remounts on the new organisation, so it never opens (or fetches) the old page.
        beforeCommit: (next) => {
          announceSwitch({ sessionId: next.sessionId, name: next.organisationName });
          navigate(landingPage(next.permissions));
        },
      });
    } catch (error) {
      // A 401 ended the session (the login page says so): nothing more to show here.
      if (!controller.getState().session) return;
      const message = messageOf(error, translate('layout.organisation.switchFailed'));
      navigate('/');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <OrganisationSwitcherView
      organisations={session.organisationList}
      currentId={session.organisationId}
      currentName={session.organisationName}
      onSwitch={(id) => void onSwitch(id)}
      disabled={busy}
    />
  );
}
