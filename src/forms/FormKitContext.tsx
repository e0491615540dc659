/**
 * The translate function of the form kit's components. The kit imports no react-admin (the login
 * chunk uses it): the public screens provide the app's translate (src/i18n/translate.ts), and
 * the admin provides react-admin's through <AdminFormKitProvider> (src/forms/AdminFormKitProvider.tsx),
 * mounted inside react-admin's context by the admin's Layout.
 */
import { createContext, useContext, type ReactNode } from 'react';

export type FormTranslate = (key: string, options?: Record<string, unknown>) => string;

/** Without a provider, keys are shown as they are (a visible hint that the provider is missing). */
const showKey: FormTranslate = (key) => key;

const FormTranslateContext = createContext<FormTranslate>(showKey);

export function FormKitProvider({ translate, children }: { translate: FormTranslate; children: ReactNode }) {
  return <FormTranslateContext.Provider value={translate}>{children}</FormTranslateContext.Provider>;
}

export function useFormTranslate(): FormTranslate {
  return useContext(FormTranslateContext);
}

/** The message keys a field error may be: the app's rules (`validation.`) and react-admin's (`ra.validation.`). */
const MESSAGE_KEY = /^(ra\.)?validation\./;

/**
 * The text of a field error: a schema's `validation.<key>` or react-admin's `ra.validation.<key>`
 * (e.g. `ra.validation.required`, 'Required') is translated, anything else (a server's field
 * message) is shown as it is.
 */
export function errorMessageText(message: string | undefined, translate: FormTranslate): string | undefined {
  if (!message) return undefined;
  return MESSAGE_KEY.test(message) ? translate(message) : message;
}
