import { lazy } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { page } from '../../declarations';
import { everyone } from '../../domain/requirements';
import { changePasswordMethods } from './api';
import { changePasswordMessages } from './messages';

export default page({
  name: 'change-password',
  path: '/change-password',
  access: everyone,
  menu: { section: 'settings', label: 'pages.changePassword.menu', icon: LockResetIcon, order: 10 },
  component: lazy(() => import('./ChangePasswordPage')),
  messages: changePasswordMessages,
  translations: { de: () => import('./messages.de').then((m) => m.changePasswordMessagesDe) },
  methods: changePasswordMethods,
});
