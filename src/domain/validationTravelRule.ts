/**
 * The travel-rule form's rule texts (src/domain/travelRule.ts), a module of their own: the travel-rule
 * feature's catalogue carries them, not the login page's (src/domain/validation.ts merges every text).
 */
export const TRAVEL_RULE_MESSAGES = {
  originatorTypeRequired: 'Originator type is required',
  originatorTypeInvalid: 'Select a natural or a legal person',
  originatorNameRequired: 'Name is required',
  originatorNamePattern: "Name should only contain letters, numbers, spaces and . , ' - & ( ) /",
  originatorAddressRequired: 'Address is required',
  originatorCityRequired: 'City is required',
  originatorPlacePattern: 'Must not contain < > " or ;',
  originatorCountryRequired: 'Country is required',
  originatorCountryInvalid: 'Select a country from the list',
  nationalIdentifierTypeRequired: 'National identifier type is required',
  nationalIdentifierTypeInvalid: 'Select an identifier type from the list',
  nationalIdentifierRequired: 'National identifier is required',
  nationalIdentifierPattern: 'National identifier should only contain letters, numbers, spaces and . / -',
} as const;
