/**
 * The bridge from react-admin's translate to the form kit. The admin's Layout mounts it (it needs
 * react-admin's i18n context, which App's <AdminContext> provides). The public screens never import this file: it is the only file of
 * the kit that imports react-admin.
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { FormKitProvider, type FormTranslate } from './FormKitContext';

export function AdminFormKitProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const formTranslate = useMemo<FormTranslate>(() => (key, options) => translate(key, options), [translate]);
  return <FormKitProvider translate={formTranslate}>{children}</FormKitProvider>;
}
