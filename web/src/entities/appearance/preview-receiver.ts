import {
  APPEARANCE_MESSAGE_SOURCE,
  appearanceMessageSchema,
  type AppearanceFont,
} from '@backbeat/common';

/** What the framed site does for each kind of message (spec 1 §4). */
export interface PreviewHandlers {
  setValues(values: { themes?: unknown; settings?: Record<string, unknown> }): void;
  setThemeFont(font: AppearanceFont): void;
  setThemeValue(name: string, value: string): void;
  setActiveTheme(themeId: number): void;
  setCustomCode(kind: 'css' | 'html', content: string | null): void;
}

interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The message filter of the preview: only the parent window, only from the site's own exact
 * origin (scheme, host name and port: another port of the same host is another site), only
 * well-formed messages of the editor; anything else is ignored silently.
 */
export function createPreviewReceiver(deps: {
  origin: string;
  parent: unknown;
  handlers: PreviewHandlers;
}) {
  return (event: IncomingMessage): boolean => {
    if (!event.source || event.source !== deps.parent) return false;
    if (event.origin !== deps.origin) return false;
    const data = event.data as { source?: unknown } | null;
    if (!data || data.source !== APPEARANCE_MESSAGE_SOURCE) return false;
    const parsed = appearanceMessageSchema.safeParse(data);
    if (!parsed.success) return false;
    const message = parsed.data;
    switch (message.type) {
      case 'setValues':
        deps.handlers.setValues(message.values);
        break;
      case 'setThemeFont':
        deps.handlers.setThemeFont(message.font);
        break;
      case 'setThemeValue':
        deps.handlers.setThemeValue(message.name, message.value);
        break;
      case 'setActiveTheme':
        deps.handlers.setActiveTheme(message.themeId);
        break;
      case 'setCustomCode':
        deps.handlers.setCustomCode(message.kind, message.content);
        break;
    }
    return true;
  };
}
