import { useEffect, useState } from 'react';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

/** `download`: how to keep the player on a phone or desktop like an app. */
export function DownloadPage() {
  const trans = useTrans();
  const siteName = useBootstrap((d) => d.branding.site_name);
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);

  useEffect(() => {
    const capture = (e: Event) => {
      e.preventDefault();
      setPrompt(e as InstallPrompt);
    };
    window.addEventListener('beforeinstallprompt', capture);
    return () => window.removeEventListener('beforeinstallprompt', capture);
  }, []);

  const steps = [
    {
      icon: 'devices' as const,
      title: trans('On a computer'),
      text: trans('In Chrome or Edge, open the menu and choose “Install :site”.', {
        site: siteName,
      }),
    },
    {
      icon: 'person' as const,
      title: trans('On iPhone or iPad'),
      text: trans('In Safari, tap Share, then “Add to Home Screen”.'),
    },
    {
      icon: 'music' as const,
      title: trans('On Android'),
      text: trans('In Chrome, open the menu and tap “Add to Home screen”.'),
    },
  ];
  return (
    <div className="mx-auto max-w-4xl px-6 py-16 pb-20">
      <p className="text-sm font-semibold tracking-wider text-primary uppercase">
        {trans('Download')}
      </p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight md:text-5xl">
        {trans('Take :site with you', { site: siteName })}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-fg-muted">
        {trans(
          'The player installs like an app on phones and computers: its own window, media keys and lock-screen controls, nothing to download from a store.',
        )}
      </p>
      {prompt && (
        <Button size="lg" className="mt-8" onClick={() => void prompt.prompt()}>
          <Icon name="download" size={22} />
          {trans('Install the app')}
        </Button>
      )}
      <ol className="mt-12 grid gap-4 md:grid-cols-3">
        {steps.map((step) => (
          <li key={step.title} className="rounded-2xl border border-border bg-bg-alt p-6">
            <Icon name={step.icon} size={28} className="text-primary" />
            <h2 className="mt-3 font-bold">{step.title}</h2>
            <p className="mt-1 text-sm text-fg-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
