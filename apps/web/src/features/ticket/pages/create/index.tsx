import { TicketForm } from '../../components/TicketForm';
import '../../components/ticket.css';

/** New ticket (spec section 2). */
export default function TicketCreatePage() {
  return <TicketForm />;
}
