/**
 * The form kit: one text field for the public screens and the admin pages, the schema resolver, and
 * the translate context. No react-admin here (the login chunk imports it); the admin's translate
 * bridge is src/forms/AdminFormKitProvider.tsx and react-admin's multi-step form is
 * src/forms/MultiStepForm.tsx, both imported by their path from the admin side only.
 */
export { AMOUNT_MAX_LENGTH, FormAmountField } from './FormAmountField';
export { FormTextField, type FormTextFieldProps } from './FormTextField';
export { errorMessageText, FormKitProvider, useFormTranslate, type FormTranslate } from './FormKitContext';
export { formResolver, VALIDATION_PREFIX } from './resolver';
