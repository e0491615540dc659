/**
 * /api-keys/:id/delete (the page's guard is UPDATE_API_CREDENTIALS as docs/product.md#screens-and-routes
 * says; the call needs DELETE_API_CREDENTIALS; legacy /api-keys/delete/:id): revoking a key, after a
 * confirmation and with the 2FA code when 2FA is on. The key stops working on its next use.
 */
import { useTranslate } from 'react-admin';
import { DeleteConfirmation } from '../../layout';
import type { ApiKeyRecord } from './ApiKeyList';

export default function ApiKeyDelete() {
  const translate = useTranslate();
  return (
    <DeleteConfirmation<ApiKeyRecord>
      resource="api-keys"
      twoFactor
      nameOf={(key) => key.name}
      refusal={(key) =>
        key.status === 'revoked'
          ? translate('resources.api-keys.revoke.already', { name: key.name })
          : undefined
      }
      texts={{
        title: 'resources.api-keys.revoke.title',
        question: 'resources.api-keys.revoke.question',
        confirm: 'resources.api-keys.revoke.confirm',
        done: 'resources.api-keys.revoke.done',
      }}
    />
  );
}
