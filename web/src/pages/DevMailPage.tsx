import { CaughtMail } from '../features/account/components/CaughtMail';

/** `/dev/mail`: what the embedded mail catcher received (development only). */
export default function DevMailPage() {
  return <CaughtMail />;
}
