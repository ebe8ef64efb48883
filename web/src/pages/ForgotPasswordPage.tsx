import { ForgotPassword } from '../features/account/components/ForgotPassword';
import { metaPresets, usePageMeta } from '../lib/page-meta';

/** `/forgot-password`, from the login tab's "Forgot password?". */
export default function ForgotPasswordPage() {
  usePageMeta(metaPresets.forgotPassword());
  return <ForgotPassword />;
}
