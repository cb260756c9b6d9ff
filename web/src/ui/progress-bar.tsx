import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { PROGRESS_BAR_DELAY_MS } from '@backbeat/common';

/** The top bar that appears when a navigation takes longer than 50 ms (spec §2). */
export function NavigationProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-50 h-[3px] overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-[progress_1.1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
