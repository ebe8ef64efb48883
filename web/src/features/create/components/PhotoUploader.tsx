import Dashboard from '@uppy/dashboard';
import Webcam from '@uppy/webcam';
import { t } from '../../../i18n/i18n';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import '@uppy/webcam/css/style.min.css';
import { useEffect, useRef } from 'react';
import { useTheme } from '../../../ui/theme';
import type { PhotoUppy } from '../../uploads/api/photo-uploader';

/**
 * Uppy's Dashboard inside the form: pick from the device, take a picture, paste, or drag and
 * drop. Nothing uploads until the form is sent: Publish is the one button that does it, so the
 * Dashboard shows no Upload button of its own.
 */
export default function PhotoUploader({ uppy }: { uppy: PhotoUppy }) {
  const target = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();
  useEffect(() => {
    if (!target.current) return;
    const touch = window.matchMedia('(pointer: coarse)').matches;
    uppy.use(Dashboard, {
      id: 'post-photos-dashboard',
      inline: true,
      target: target.current,
      height: 320,
      width: '100%',
      theme,
      proudlyDisplayPoweredByUppy: false,
      // One way to take a picture: the phone's own camera on a touch screen, else the webcam.
      showNativePhotoCameraButton: touch,
      showRemoveButtonAfterComplete: true,
      hideProgressAfterFinish: true,
      hideUploadButton: true,
      note: t('Up to 5 photos, 10 MB each: JPG, PNG or WEBP'),
    });
    // The camera mounts into the Dashboard, so it comes (and goes) with it.
    const dashboard = uppy.getPlugin('post-photos-dashboard');
    if (dashboard && !touch)
      uppy.use(Webcam, {
        id: 'post-photos-webcam',
        target: dashboard as never,
        modes: ['picture'],
        mirror: true,
      });
    return () => {
      for (const id of ['post-photos-webcam', 'post-photos-dashboard']) {
        const plugin = uppy.getPlugin(id);
        if (plugin) uppy.removePlugin(plugin);
      }
    };
  }, [uppy, theme]);
  return (
    <div ref={target} className="photo-uploader overflow-hidden rounded-xl" data-testid="photo-uploader" />
  );
}
