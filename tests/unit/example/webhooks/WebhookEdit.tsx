import { Edit, SimpleForm, TextInput } from 'react-admin';

export default function WebhookEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="url" />
      </SimpleForm>
    </Edit>
  );
}
