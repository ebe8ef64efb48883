import { ResetPassword } from '../features/account/components/ResetPassword';
import { metaPresets, usePageMeta } from '../lib/page-meta';

/** `/reset-password?token=`: the page the reset mail links to. */
export default function ResetPasswordPage() {
  usePageMeta(metaPresets.resetPassword());
  return <ResetPassword />;
}
