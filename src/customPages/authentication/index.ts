import { lazy } from 'react';
import SecurityIcon from '@mui/icons-material/Security';
import { page } from '../../declarations';
import { everyone } from '../../domain/requirements';
import { authenticationMethods } from './api';
import { authenticationMessages } from './messages';

export default page({
  name: 'authentication',
  path: '/authentication',
  access: everyone,
  menu: { section: 'settings', label: 'pages.authentication.menu', icon: SecurityIcon, order: 20 },
  component: lazy(() => import('./AuthenticationPage')),
  messages: authenticationMessages,
  translations: { de: () => import('./messages.de').then((m) => m.authenticationMessagesDe) },
  methods: authenticationMethods,
});
