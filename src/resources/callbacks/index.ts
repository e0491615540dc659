/**
 * The callbacks to merchants (issue 32): GET /v1/callbacks as a react-admin resource with no views of
 * its own (so no routes and no menu entry). A business's Callbacks tab and a record's page list them
 * with the shared views of src/features/callbacks, whose texts and named methods (a callback's
 * detail, its resend) ride on this declaration.
 *
 * Imports only the feature's rules, calls and texts: the views stay in the chunks of the pages that
 * show them.
 */
import { resource } from '../../declarations';
import { callbackMethods } from '../../features/callbacks/api';
import { callbackMessages } from '../../features/callbacks/messages';
import { CALLBACKS_REQUIRES, CALLBACKS_RESOURCE, callbacksQuery } from '../../features/callbacks/rules';

export default resource({
  name: CALLBACKS_RESOURCE,
  api: {
    path: 'callbacks',
    listKey: 'callbacks',
    // The scope (business, or record), the event type, the status and the days as instants.
    filters: callbacksQuery,
    // The API sorts by creation only.
    sort: { createdAt: 'created' },
  },
  access: { list: CALLBACKS_REQUIRES },
  messages: callbackMessages,
  translations: {
    de: () => import('../../features/callbacks/messages.de').then((m) => m.callbackMessagesDe),
  },
  methods: callbackMethods,
});
