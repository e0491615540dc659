import { lazy } from 'react';
import SecurityIcon from '@mui/icons-material/Security';
import { page } from '../../declarations';
import { everyone } from '../../domain/requirements';
import { authenticationMethods } from './api';
import { authenticationMessages } from './messages';
import { authenticationMessagesDe } from './messages.de';

export default page({
  name: 'authentication',
  path: '/authentication',
  access: everyone,
  menu: { section: 'settings', label: 'pages.authentication.menu', icon: SecurityIcon, order: 20 },
  component: lazy(() => import('./AuthenticationPage')),
  messages: authenticationMessages,
  translations: { de: authenticationMessagesDe },
  methods: authenticationMethods,
});
