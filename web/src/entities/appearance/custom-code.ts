import type { CustomCode } from '@backbeat/common';

const CUSTOM_CSS_ID = 'be-custom-css';
const CUSTOM_HTML_ID = 'be-custom-html';

/**
 * The admin's custom CSS (a style sheet in head) and HTML (sanitised by the server when it
 * was saved, added at the end of body); null or empty removes it. The page's CSP keeps any
 * script in the HTML from running, and the CSS goes in as text, never parsed as markup.
 */
export function setCustomCode(kind: 'css' | 'html', content: string | null) {
  const id = kind === 'css' ? CUSTOM_CSS_ID : CUSTOM_HTML_ID;
  document.getElementById(id)?.remove();
  if (content === null || content === '') return;
  if (kind === 'css') {
    const style = document.createElement('style');
    style.id = id;
    style.textContent = content;
    document.head.appendChild(style);
  } else {
    const container = document.createElement('div');
    container.id = id;
    container.innerHTML = content;
    document.body.appendChild(container);
  }
}

/** Both kinds at once, as every page starts with them (bootstrap `custom_code`). */
export function applyCustomCode(code: CustomCode | undefined) {
  setCustomCode('css', code?.css ?? null);
  setCustomCode('html', code?.html ?? null);
}
