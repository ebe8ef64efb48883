import { ForgotPassword } from '../features/account/components/ForgotPassword';

/** `/forgot-password`, from the login tab's "Forgot password?". */
export default function ForgotPasswordPage() {
  return <ForgotPassword />;
}
