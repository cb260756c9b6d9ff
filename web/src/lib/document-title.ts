/**
 * The browser tab's title: the page's own, or what plays while something plays (as music
 * players do), so a listener finds the tab by its song. Pages call `setPageTitle`, the
 * player `setPlayingTitle`; neither overwrites the other.
 */
let pageTitle = typeof document === 'undefined' ? '' : document.title;
let playingTitle: string | null = null;

function apply() {
  document.title = playingTitle ?? pageTitle;
}

export function setPageTitle(title: string): void {
  pageTitle = title;
  apply();
}

export function setPlayingTitle(title: string | null): void {
  playingTitle = title;
  apply();
}
