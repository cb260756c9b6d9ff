import { APPEARANCE_MESSAGE_SOURCE } from '@backbeat/common';
import { describe, expect, it, vi } from 'vitest';
import { createPreviewReceiver, type PreviewHandlers } from './preview-receiver.ts';

const parent = { name: 'editor window' };
const other = { name: 'some other window' };

function receiver() {
  const handlers: PreviewHandlers = {
    setValues: vi.fn(),
    setThemeFont: vi.fn(),
    setThemeValue: vi.fn(),
    setActiveTheme: vi.fn(),
    setCustomCode: vi.fn(),
  };
  const receive = createPreviewReceiver({
    origin: 'https://music.example',
    parent,
    handlers,
  });
  const send = (data: object, from: { origin?: string; source?: unknown } = {}) =>
    receive({
      origin: from.origin ?? 'https://music.example',
      source: 'source' in from ? from.source : parent,
      data: { source: APPEARANCE_MESSAGE_SOURCE, ...data },
    });
  return { handlers, send, receive };
}

describe('the appearance preview receiver', () => {
  it('hands each kind of message to its handler', () => {
    const { handlers, send } = receiver();
    expect(
      send({ type: 'setValues', values: { settings: { 'branding.site_name': 'Tunes' } } }),
    ).toBe(true);
    expect(handlers.setValues).toHaveBeenCalledWith({
      settings: { 'branding.site_name': 'Tunes' },
    });
    send({ type: 'setThemeFont', font: { family: 'Inter', weights: [400] } });
    expect(handlers.setThemeFont).toHaveBeenCalledWith({ family: 'Inter', weights: [400] });
    send({ type: 'setThemeFont', font: null });
    expect(handlers.setThemeFont).toHaveBeenLastCalledWith(null);
    send({ type: 'setThemeValue', name: '--be-primary', value: '29 78 216' });
    expect(handlers.setThemeValue).toHaveBeenCalledWith('--be-primary', '29 78 216');
    send({ type: 'setActiveTheme', themeId: 3 });
    expect(handlers.setActiveTheme).toHaveBeenCalledWith(3);
    send({ type: 'setCustomCode', kind: 'css', content: 'body { color: red }' });
    expect(handlers.setCustomCode).toHaveBeenCalledWith('css', 'body { color: red }');
    send({ type: 'setCustomCode', kind: 'html', content: null });
    expect(handlers.setCustomCode).toHaveBeenLastCalledWith('html', null);
  });

  it('ignores messages from any other origin: another port or scheme of the same host name, another host', () => {
    const { handlers, send } = receiver();
    for (const origin of [
      'https://music.example:8443',
      'http://music.example',
      'https://evil.example',
      'https://music.example.evil.test',
      'null',
      'x',
    ]) {
      expect(send({ type: 'setActiveTheme', themeId: 1 }, { origin })).toBe(false);
    }
    expect(handlers.setActiveTheme).not.toHaveBeenCalled();
  });

  it('ignores messages from a window other than the parent', () => {
    const { handlers, send } = receiver();
    expect(send({ type: 'setActiveTheme', themeId: 1 }, { source: other })).toBe(false);
    expect(send({ type: 'setActiveTheme', themeId: 1 }, { source: null })).toBe(false);
    expect(handlers.setActiveTheme).not.toHaveBeenCalled();
  });

  it('ignores what is not an editor message or is malformed', () => {
    const { handlers, receive, send } = receiver();
    expect(receive({ origin: 'https://music.example', source: parent, data: 'hello' })).toBe(false);
    expect(
      receive({
        origin: 'https://music.example',
        source: parent,
        data: { type: 'setActiveTheme', themeId: 1 },
      }),
    ).toBe(false);
    expect(send({ type: 'setThemeValue', name: 'color', value: 'red' })).toBe(false);
    expect(send({ type: 'eval', code: 'alert(1)' })).toBe(false);
    expect(
      Object.values(handlers).every(
        (handler) => !(handler as ReturnType<typeof vi.fn>).mock.calls.length,
      ),
    ).toBe(true);
  });
});
