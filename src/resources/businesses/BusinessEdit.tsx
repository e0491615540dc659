/** /businesses/:id (UPDATE_BUSINESS; legacy /edit-business/:id): the business form with the business. */
import { useParams } from 'react-router-dom';
import { BusinessForm } from './BusinessForm';

export default function BusinessEdit() {
  const { id } = useParams<{ id: string }>();
  return <BusinessForm key={id} recordId={id ?? ''} />;
}
