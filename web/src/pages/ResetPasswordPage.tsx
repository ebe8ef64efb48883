import { ResetPassword } from '../features/account/components/ResetPassword';

/** `/reset-password?token=`: the page the reset mail links to. */
export default function ResetPasswordPage() {
  return <ResetPassword />;
}
