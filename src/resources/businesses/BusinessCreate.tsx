/** /businesses/create (CREATE_BUSINESS; legacy /create-business): the business form, empty. */
import { BusinessForm } from './BusinessForm';

export default function BusinessCreate() {
  return <BusinessForm />;
}
