import { useId, useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { landingPage } from '../domain/landing';
import type { OrganisationRef } from '../domain/session';
import { useSession, useSessionController } from '../authProvider';
import { messageOf } from './errors';

export interface OrganisationSwitcherViewProps {
  organisations: readonly OrganisationRef[];
  currentId: number;
  currentName: string;
  onSwitch: (organisationId: number) => void;
  disabled?: boolean;
}

/** The app bar's organisation menu: the current one marked 'Currently active' and disabled. */
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
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {currentName}
        </span>
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
              disabled={current}
              selected={current}
              onClick={() => {
                setAnchor(null);
                onSwitch(organisation.id);
              }}
            >
              <ListItemText
                primary={organisation.name}
                secondary={translate(
                  current ? 'layout.organisation.currentlyActive' : 'layout.organisation.switchTo',
                )}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/**
 * Switching replaces the session (new token and permissions); main.tsx remounts App on the new
 * organisation, which drops every cached query of the old one. Then: the new landing page, or `/`
 * and a notification on failure (spec section 2 and 8).
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
      const next = await controller.chooseOrganisation(organisationId);
      navigate(landingPage(next.permissions));
    } catch (error) {
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
