import { lazy } from 'react';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { page } from '../../declarations';
import { all } from '../../domain/requirements';
import { internalTransferMethods } from './api';
import { internalTransferMessages } from './messages';
import { movementTranslationsDe } from '../../features/movements/translations';

/** /internal-transfer (CREATE_INTERNAL_TRANSFER): moves an amount between two businesses of the organisation. */
export default page({
  name: 'internal-transfer',
  path: '/internal-transfer',
  access: all('CREATE_INTERNAL_TRANSFER'),
  menu: {
    section: 'balanceManagement',
    label: 'pages.internalTransfer.menu',
    icon: SwapHorizIcon,
    order: 10,
  },
  component: lazy(() => import('./InternalTransferPage')),
  messages: internalTransferMessages,
  translations: {
    de: movementTranslationsDe(() => import('./messages.de').then((m) => m.internalTransferMessagesDe)),
  },
  methods: internalTransferMethods,
});
