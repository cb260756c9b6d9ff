import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Logo } from '../../entities/branding/logo.tsx';
import { useBootstrap } from '../../lib/bootstrap.ts';

/** Only http(s) video addresses are used as a background (never javascript: or data:). */
function safeVideoUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Login and register pages: a centred card, over a looping muted video when one is set. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const branding = useBootstrap((d) => d.branding);
  const isMobile = useBootstrap((d) => d.is_mobile_device);
  const video = safeVideoUrl(
    params.get('splash_video') ??
      (isMobile ? branding.splash_video_mobile_link : branding.splash_video_desktop_link) ??
      branding.splash_video_desktop_link,
  );
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center bg-bg-alt px-4 py-10">
      {video && (
        <video
          data-testid="auth-background-video"
          className="pointer-events-none absolute inset-0 h-full w-full object-cover"
          src={video}
          autoPlay
          muted
          loop
          playsInline
        />
      )}
      <div className="relative mb-6">
        <Logo />
      </div>
      <div className="relative w-full max-w-[440px] rounded-2xl border border-border bg-bg-elevated p-6 shadow-xl sm:p-8">
        {children}
      </div>
    </main>
  );
}
